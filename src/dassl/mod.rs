//! DASSL: fixed-leading-coefficient BDF (Brenan, Campbell & Petzold, 1996).
