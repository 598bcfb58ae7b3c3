//! Builds C and Fortran programs against libstiffdae and runs them (see tests/).
