!> Explicit interfaces of libstiffdae for modern Fortran: `use stiffdae` and call
!> radau5 / contr5 / ddassl / ddaskr / radau / contra with checked argument types. The
!> entry points are the legacy ones (radau5_, contr5_, ddassl_, ddaskr_, radau_, contra_),
!> so old and new code link against the same library.
module stiffdae
  use, intrinsic :: iso_c_binding, only: c_int, c_double
  implicit none
  private
  public :: radau5, contr5, ddassl, ddaskr
  public :: rodas, contro, radau, contra

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
    subroutine res_t(t, y, yprime, delta, ires, rpar, ipar) bind(C)
      import :: c_int, c_double
      real(c_double), intent(in) :: t, y(*), yprime(*)
      real(c_double), intent(out) :: delta(*)
      integer(c_int), intent(inout) :: ires, ipar(*)
      real(c_double), intent(inout) :: rpar(*)
    end subroutine
    subroutine resk_t(t, y, yprime, cj, delta, ires, rpar, ipar) bind(C)
      import :: c_int, c_double
      real(c_double), intent(in) :: t, y(*), yprime(*), cj
      real(c_double), intent(out) :: delta(*)
      integer(c_int), intent(inout) :: ires, ipar(*)
      real(c_double), intent(inout) :: rpar(*)
    end subroutine
    subroutine rt_t(neq, t, y, yp, nrt, rval, rpar, ipar) bind(C)
      import :: c_int, c_double
      integer(c_int), intent(in) :: neq, nrt
      real(c_double), intent(in) :: t, y(neq), yp(neq)
      real(c_double), intent(out) :: rval(nrt)
      real(c_double), intent(inout) :: rpar(*)
      integer(c_int), intent(inout) :: ipar(*)
    end subroutine
    subroutine pd_t(t, y, yprime, pd, cj, rpar, ipar) bind(C)
      import :: c_int, c_double
      real(c_double), intent(in) :: t, y(*), yprime(*), cj
      real(c_double), intent(inout) :: pd(*), rpar(*)
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

    !> RODAS (Hairer & Wanner) with the original argument list; DFX has FCN's interface.
    subroutine rodas(n, fcn, ifcn, x, y, xend, h, rtol, atol, itol, jac, ijac, mljac, &
                     mujac, dfx, idfx, mas, imas, mlmas, mumas, solout, iout, work, &
                     lwork, iwork, liwork, rpar, ipar, idid) bind(C, name='rodas_')
      import :: c_int, c_double, fcn_t, jac_t, mas_t, solout_t
      integer(c_int), intent(in) :: n, ifcn, itol, ijac, idfx, imas, mlmas, mumas, iout
      integer(c_int), intent(in) :: lwork, liwork
      procedure(fcn_t) :: fcn, dfx
      procedure(jac_t) :: jac
      procedure(mas_t) :: mas
      procedure(solout_t) :: solout
      real(c_double), intent(inout) :: x, y(n), h, work(lwork), rpar(*)
      real(c_double), intent(in) :: xend, rtol(*), atol(*)
      integer(c_int), intent(inout) :: mljac, mujac, iwork(liwork), ipar(*)
      integer(c_int), intent(out) :: idid
    end subroutine

    !> DDASSL (Petzold) with the original argument list.
    subroutine ddassl(res, neq, t, y, yprime, tout, info, rtol, atol, idid, rwork, lrw, &
                      iwork, liw, rpar, ipar, jac) bind(C, name='ddassl_')
      import :: c_int, c_double, res_t, pd_t
      procedure(res_t) :: res
      procedure(pd_t) :: jac
      integer(c_int), intent(in) :: neq, lrw, liw
      real(c_double), intent(inout) :: t, y(neq), yprime(neq), rtol(*), atol(*), rwork(lrw), rpar(*)
      real(c_double), intent(in) :: tout
      integer(c_int), intent(inout) :: info(15), iwork(liw), ipar(*)
      integer(c_int), intent(out) :: idid
    end subroutine

    !> DDASKR: DDASSL with root functions RT (NRT of them, JROOT on IDID = 5) and
    !> consistent initial values (INFO(11)); the direct method only (INFO(12) = 0), so
    !> PSOL is never called: pass any procedure, e.g. RES.
    subroutine ddaskr(res, neq, t, y, yprime, tout, info, rtol, atol, idid, rwork, lrw, &
                      iwork, liw, rpar, ipar, jac, psol, rt, nrt, jroot) bind(C, name='ddaskr_')
      import :: c_int, c_double, resk_t, pd_t, rt_t
      procedure(resk_t) :: res, psol
      procedure(pd_t) :: jac
      procedure(rt_t) :: rt
      integer(c_int), intent(in) :: neq, lrw, liw, nrt
      real(c_double), intent(inout) :: t, y(neq), yprime(neq), rtol(*), atol(*), rwork(lrw), rpar(*)
      real(c_double), intent(in) :: tout
      integer(c_int), intent(inout) :: info(20), iwork(liw), ipar(*)
      integer(c_int), intent(out) :: idid, jroot(*)
    end subroutine

    !> Dense output (CONTR5), from inside SOLOUT with the CONT and LRC it received.
    function contr5(i, s, cont, lrc) bind(C, name='contr5_') result(value)
      import :: c_int, c_double
      integer(c_int), intent(in) :: i, lrc
      real(c_double), intent(in) :: s, cont(lrc)
      real(c_double) :: value
    end function

    !> Dense output of RODAS (CONTRO), from inside SOLOUT with the CONT and LRC it received.
    function contro(i, s, cont, lrc) bind(C, name='contro_') result(value)
      import :: c_int, c_double
      integer(c_int), intent(in) :: i, lrc
      real(c_double), intent(in) :: s, cont(lrc)
      real(c_double) :: value
    end function

    !> RADAU (Hairer & Wanner, orders 5, 9 and 13) with the original argument list:
    !> RADAU5's, with IWORK(11..13) and WORK(10..13) for the stage numbers.
    subroutine radau(n, fcn, x, y, xend, h, rtol, atol, itol, jac, ijac, mljac, &
                     mujac, mas, imas, mlmas, mumas, solout, iout, work, lwork, &
                     iwork, liwork, rpar, ipar, idid) bind(C, name='radau_')
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

    !> Dense output of RADAU (CONTRA), from inside SOLOUT with the CONT and LRC it received.
    function contra(i, s, cont, lrc) bind(C, name='contra_') result(value)
      import :: c_int, c_double
      integer(c_int), intent(in) :: i, lrc
      real(c_double), intent(in) :: s, cont(lrc)
      real(c_double) :: value
    end function
  end interface
end module stiffdae
