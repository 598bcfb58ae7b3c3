! RADAU through the stiffdae module's explicit interfaces (radau, contra): van der Pol
! with eps = 1e-6 from x = 0 to 2, module procedures as callbacks, orders chosen by RADAU
! (3 to 7 stages), CONTRA at x = 0.5, 1, 1.5 and 2 from inside SOLOUT. Prints IDID, the
! statistics IWORK(14..20) and the values' bits: linked against libstiffdae or, for the
! expected lines, against the original radau.f.
module radau_vdpol
  use, intrinsic :: iso_c_binding, only: c_int, c_double
  implicit none
  real(c_double) :: dense(2, 4) = 0d0
  integer :: next_point = 1
contains
  subroutine f(n, x, y, dy, rpar, ipar) bind(C)
    integer(c_int), intent(in) :: n
    real(c_double), intent(in) :: x, y(n)
    real(c_double), intent(out) :: dy(n)
    real(c_double), intent(inout) :: rpar(*)
    integer(c_int), intent(inout) :: ipar(*)
    dy(1) = y(2)
    dy(2) = ((1d0 - y(1)**2)*y(2) - y(1))/rpar(1)
  end subroutine
  subroutine jac(n, x, y, dfy, ldfy, rpar, ipar) bind(C)
    integer(c_int), intent(in) :: n, ldfy
    real(c_double), intent(in) :: x, y(n)
    real(c_double), intent(out) :: dfy(ldfy, n)
    real(c_double), intent(inout) :: rpar(*)
    integer(c_int), intent(inout) :: ipar(*)
    dfy(1, 1) = 0d0
    dfy(1, 2) = 1d0
    dfy(2, 1) = (-2d0*y(1)*y(2) - 1d0)/rpar(1)
    dfy(2, 2) = (1d0 - y(1)**2)/rpar(1)
  end subroutine
  subroutine identity(n, am, lmas, rpar, ipar) bind(C)
    integer(c_int), intent(in) :: n, lmas
    real(c_double), intent(out) :: am(lmas, n)
    real(c_double), intent(inout) :: rpar(*)
    integer(c_int), intent(inout) :: ipar(*)
    am = 0d0
  end subroutine
  subroutine out(nr, xold, x, y, cont, lrc, n, rpar, ipar, irtrn) bind(C)
    use stiffdae, only: contra
    integer(c_int), intent(in) :: nr, lrc, n
    real(c_double), intent(in) :: xold, x, cont(lrc)
    real(c_double), intent(inout) :: y(n), rpar(*)
    integer(c_int), intent(inout) :: ipar(*), irtrn
    real(c_double) :: s
    if (nr == 1) return
    do while (next_point <= 4)
      s = 0.5d0*next_point
      if (s > x) exit
      dense(1, next_point) = contra(1_c_int, s, cont, lrc)
      dense(2, next_point) = contra(2_c_int, s, cont, lrc)
      next_point = next_point + 1
    end do
  end subroutine
end module

program radau_module
  use, intrinsic :: iso_c_binding, only: c_int, c_double
  use stiffdae, only: radau
  use radau_vdpol
  implicit none
  integer(c_int), parameter :: n = 2, lwork = 8*n*n + 24*n + 20, liwork = 5*n + 20
  real(c_double) :: x, xend, h, y(n), rtol(1), atol(1), work(lwork), rpar(1)
  integer(c_int) :: iwork(liwork), ipar(1), idid, mljac, mujac, mumas
  integer :: k
  x = 0d0; xend = 2d0; h = 1d-6; y = [2d0, -0.66d0]; rtol = 1d-8; atol = 1d-8
  work = 0d0; iwork = 0; rpar = 1d-6; ipar = 0
  mljac = n; mujac = 0; mumas = 0
  call radau(n, f, x, y, xend, h, rtol, atol, 0_c_int, jac, 1_c_int, mljac, &
             mujac, identity, 0_c_int, 0_c_int, mumas, out, 1_c_int, work, lwork, &
             iwork, liwork, rpar, ipar, idid)
  write (*, '(a, i0, 7(1x, i0))') 'IDID ', idid, iwork(14:20)
  write (*, '(a, 3(1x, z16.16))') 'END', x, y
  do k = 1, 4
    write (*, '(a, i0, 2(1x, z16.16))') 'DENSE ', k, dense(:, k)
  end do
end program
