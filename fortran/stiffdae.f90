!> Explicit interfaces of libstiffdae for modern Fortran: `use stiffdae` and call
!> radau5 / contr5 with checked argument types. The entry points are the legacy ones
!> (radau5_, contr5_), so old and new code link against the same library.
module stiffdae
  use, intrinsic :: iso_c_binding, only: c_int, c_double
  implicit none
  private
  public :: radau5, contr5

  abstract interface
    subroutine fcn_t(n, x, y, f, rpar, ipar) bind(C)
      import :: c_int, c_double
      integer(c_int), intent(in) :: n
      real(c_double), intent(in) :: x, y(n)
      real(c_double), intent(out) :: f(n)
      real(c_double), intent(inout) :: rpar(*)
      integer(c_int), intent(inout) :: ipar(*)
    end subroutine
    subroutine jac_t(n, x, y, dfy, ldfy, rpar, ipar) bind(C)
      import :: c_int, c_double
      integer(c_int), intent(in) :: n, ldfy
      real(c_double), intent(in) :: x, y(n)
      real(c_double), intent(out) :: dfy(ldfy, n)
      real(c_double), intent(inout) :: rpar(*)
      integer(c_int), intent(inout) :: ipar(*)
    end subroutine
    subroutine mas_t(n, am, lmas, rpar, ipar) bind(C)
      import :: c_int, c_double
      integer(c_int), intent(in) :: n, lmas
      real(c_double), intent(out) :: am(lmas, n)
      real(c_double), intent(inout) :: rpar(*)
      integer(c_int), intent(inout) :: ipar(*)
    end subroutine
    subroutine solout_t(nr, xold, x, y, cont, lrc, n, rpar, ipar, irtrn) bind(C)
      import :: c_int, c_double
      integer(c_int), intent(in) :: nr, lrc, n
      real(c_double), intent(in) :: xold, x, cont(lrc)
      real(c_double), intent(inout) :: y(n), rpar(*)
      integer(c_int), intent(inout) :: ipar(*), irtrn
    end subroutine
  end interface

  interface
    !> RADAU5 (Hairer & Wanner) with the original argument list.
    subroutine radau5(n, fcn, x, y, xend, h, rtol, atol, itol, jac, ijac, mljac, &
                      mujac, mas, imas, mlmas, mumas, solout, iout, work, lwork, &
                      iwork, liwork, rpar, ipar, idid) bind(C, name='radau5_')
      import :: c_int, c_double, fcn_t, jac_t, mas_t, solout_t
      integer(c_int), intent(in) :: n, itol, ijac, imas, mlmas, iout, lwork, liwork
      procedure(fcn_t) :: fcn
      procedure(jac_t) :: jac
      procedure(mas_t) :: mas
      procedure(solout_t) :: solout
      real(c_double), intent(inout) :: x, y(n), h, rtol(*), atol(*), work(lwork), rpar(*)
      real(c_double), intent(in) :: xend
      integer(c_int), intent(inout) :: mljac, mujac, mumas, iwork(liwork), ipar(*)
      integer(c_int), intent(out) :: idid
    end subroutine

    !> Dense output (CONTR5), from inside SOLOUT with the CONT and LRC it received.
    function contr5(i, s, cont, lrc) bind(C, name='contr5_') result(value)
      import :: c_int, c_double
      integer(c_int), intent(in) :: i, lrc
      real(c_double), intent(in) :: s, cont(lrc)
      real(c_double) :: value
    end function
  end interface
end module stiffdae
