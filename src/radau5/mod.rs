//! RADAU5: Radau IIA of order 5 (Hairer & Wanner, Solving ODEs II, §IV.8).
