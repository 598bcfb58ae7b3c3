! Van der Pol (eps = 1e-6) through the stiffdae module's explicit interfaces: module
! procedures as callbacks, dense output at x = 1 from SOLOUT.
module vdpol_problem
  use, intrinsic :: iso_c_binding, only: c_int, c_double
  implicit none
  real(c_double) :: dense_at_one = -1d300
contains
  subroutine fvpol(n, x, y, f, rpar, ipar) bind(C)
    integer(c_int), intent(in) :: n
    real(c_double), intent(in) :: x, y(n)
    real(c_double), intent(out) :: f(n)
    real(c_double), intent(inout) :: rpar(*)
    integer(c_int), intent(inout) :: ipar(*)
    f(1) = y(2)
    f(2) = ((1d0 - y(1)*y(1))*y(2) - y(1))/rpar(1)
  end subroutine
  subroutine jvpol(n, x, y, dfy, ldfy, rpar, ipar) bind(C)
    integer(c_int), intent(in) :: n, ldfy
    real(c_double), intent(in) :: x, y(n)
    real(c_double), intent(out) :: dfy(ldfy, n)
    real(c_double), intent(inout) :: rpar(*)
    integer(c_int), intent(inout) :: ipar(*)
    dfy(1, 1) = 0d0
    dfy(1, 2) = 1d0
    dfy(2, 1) = (-2d0*y(1)*y(2) - 1d0)/rpar(1)
    dfy(2, 2) = (1d0 - y(1)*y(1))/rpar(1)
  end subroutine
  subroutine nomas(n, am, lmas, rpar, ipar) bind(C)
    integer(c_int), intent(in) :: n, lmas
    real(c_double), intent(out) :: am(lmas, n)
    real(c_double), intent(inout) :: rpar(*)
    integer(c_int), intent(inout) :: ipar(*)
    am = 0d0
  end subroutine
  subroutine solout(nr, xold, x, y, cont, lrc, n, rpar, ipar, irtrn) bind(C)
    use stiffdae, only: contr5
    integer(c_int), intent(in) :: nr, lrc, n
    real(c_double), intent(in) :: xold, x, cont(lrc)
    real(c_double), intent(inout) :: y(n), rpar(*)
    integer(c_int), intent(inout) :: ipar(*), irtrn
    if (nr > 1 .and. xold < 1d0 .and. x >= 1d0) dense_at_one = contr5(1_c_int, 1d0, cont, lrc)
  end subroutine
end module

program modern
  use, intrinsic :: iso_c_binding, only: c_int, c_double
  use stiffdae, only: radau5
  use vdpol_problem
  implicit none
  integer(c_int), parameter :: n = 2, lwork = 4*n*n + 12*n + 20, liwork = 3*n + 20
  real(c_double) :: x, xend, h, y(n), rtol(1), atol(1), work(lwork), rpar(1)
  integer(c_int) :: iwork(liwork), ipar(1), idid, mljac, mujac, mumas
  x = 0d0; xend = 2d0; h = 1d-6; y = [2d0, 0d0]; rtol = 1d-6; atol = 1d-6
  work = 0d0; iwork = 0; rpar = 1d-6; ipar = 0
  mljac = n; mujac = 0; mumas = 0
  call radau5(n, fvpol, x, y, xend, h, rtol, atol, 0_c_int, jvpol, 1_c_int, mljac, &
              mujac, nomas, 0_c_int, 0_c_int, mumas, solout, 1_c_int, work, lwork, &
              iwork, liwork, rpar, ipar, idid)
  write (*, '(a, i0)') 'IDID ', idid
  write (*, '(a, 2es24.16)') 'Y ', y
  write (*, '(a, es24.16)') 'DENSE1 ', dense_at_one
end program
