!> DDASKR through the stiffdae module: a ball dropped from 10 m bounces (restitution 0.8)
!> off the root y = 0; prints the first three impact times and IDID.
module ball
  use, intrinsic :: iso_c_binding, only: c_int, c_double
  implicit none
  real(c_double), parameter :: g = 9.81_c_double
contains
  subroutine res(t, y, yprime, cj, delta, ires, rpar, ipar) bind(C)
    real(c_double), intent(in) :: t, y(*), yprime(*), cj
    real(c_double), intent(out) :: delta(*)
    integer(c_int), intent(inout) :: ires, ipar(*)
    real(c_double), intent(inout) :: rpar(*)
    delta(1) = yprime(1) - y(2)
    delta(2) = yprime(2) + g
  end subroutine
  subroutine jac(t, y, yprime, pd, cj, rpar, ipar) bind(C)
    real(c_double), intent(in) :: t, y(*), yprime(*), cj
    real(c_double), intent(inout) :: pd(*), rpar(*)
    integer(c_int), intent(inout) :: ipar(*)
    pd(1) = cj
    pd(3) = -1.0_c_double
    pd(4) = cj
  end subroutine
  subroutine height(neq, t, y, yp, nrt, rval, rpar, ipar) bind(C)
    integer(c_int), intent(in) :: neq, nrt
    real(c_double), intent(in) :: t, y(neq), yp(neq)
    real(c_double), intent(out) :: rval(nrt)
    real(c_double), intent(inout) :: rpar(*)
    integer(c_int), intent(inout) :: ipar(*)
    rval(1) = y(1)
  end subroutine
end module ball

program modern_daskr
  use, intrinsic :: iso_c_binding, only: c_int, c_double
  use stiffdae, only: ddaskr
  use ball
  implicit none
  integer(c_int), parameter :: neq = 2, nrt = 1, lrw = 60 + 3*nrt + 9*neq + neq*neq
  integer(c_int), parameter :: liw = 40 + neq
  integer(c_int) :: info(20), idid, iwork(liw), ipar(1), jroot(nrt), k
  real(c_double) :: t, y(neq), yp(neq), rtol(1), atol(1), rwork(lrw), rpar(1), tout
  info = 0
  info(5) = 1
  iwork = 0
  rwork = 0
  t = 0
  y = [10.0_c_double, 0.0_c_double]
  yp = [0.0_c_double, -g]
  rtol = 1e-10_c_double
  atol = 1e-10_c_double
  tout = 100
  do k = 1, 3
    call ddaskr(res, neq, t, y, yp, tout, info, rtol, atol, idid, rwork, lrw, iwork, liw, &
                rpar, ipar, jac, res, height, nrt, jroot)
    if (idid /= 5) exit
    print '(a, es24.16, i3)', 'IMPACT ', t, jroot(1)
    y = [0.0_c_double, -0.8_c_double*y(2)]
    yp = [y(2), -g]
    info(1) = 0
  end do
  print '(a, i3)', 'IDID', idid
end program modern_daskr
