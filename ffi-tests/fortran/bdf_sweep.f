c=======================================================================
c     Size and storage sweep of the DASSL family: one program, linked
c     with bdf_sweep_dassl.f (DDASSL) or bdf_sweep_daskr.f (DDASKR),
c     run against the original and against libstiffdae, whose outputs
c     must be equal line for line (ffi-tests/tests/bdf_sweep.rs).
c
c     The problem, for any NEQ = N, in residual form G = y' - f(y):
c       f_i = D (y_{i-1} - 2 y_i + y_{i+1}) + 1 - y_i - 10 y_i^3
c             - (2/N) y_i S,        D = 0.02 (N+1)^2,  y_0 = y_{N+1} = 1,
c     with S = y_1 + ... + y_N in the nonlocal variant (every y_j in
c     every equation: a truly dense iteration matrix) and S = 0 in the
c     local one (tridiagonal); the index-1 variant replaces the last
c     equation by 0 = y_N - y_{N-1}/2 (N = 1: 0 = y_1 - 1/2).
c     y_i(0) = 1 + sin(pi i/(N+1)), y'(0) = f(y(0)) (0 where not known).
c
c     Cases (each for N = 1, 2, 5, 27, 31, 32, 33, 64, 100, 200):
c       1 local, dense, difference Jacobian      (INFO(5) = 0)
c       2 nonlocal, dense, analytic JAC          (INFO(5) = 1)
c       3 nonlocal, dense, difference Jacobian
c       4 local, banded, difference Jacobian     (INFO(6) = 1)
c       5 local, banded, analytic JAC, vector tolerances (INFO(2) = 1)
c       6 local, dense JAC, a return per step up to TSTOP
c         (INFO(3) = INFO(4) = 1)
c       7 nonlocal, dense, difference Jacobian, TOUT = 0.25 ... 1
c         with TSTOP = 1 (INFO(4) = 1, interpolated returns)
c       8 initial values: DDASSL computes y'(0) from y(0) (INFO(11) = 1,
c         local); DDASKR the index-1 variant's algebraic y_N and the
c         differential y' (INFO(11) = 1, IWORK(LID+i) = +1/-1)
c       9 nonlocal, dense JAC, HMAX = 0.05, H0 = 1e-4, MAXORD = 3 and
c         a nonnegative solution (INFO(7), (8), (9), (10))
c      10 local, banded, analytic JAC, RTOL = ATOL = 1e-10
c     Printed per case: IDID, T, IWORK(11..15), the number of returns
c     and y_1, y_(N/2+1), y_N, all reals in E25.17.
c=======================================================================
      program bsweep
      implicit none
      integer nsizes, lrw, liw
      parameter (nsizes = 10, lrw = 100000, liw = 1000)
      integer sizes(nsizes), is, n, icase, info(20), idid, iwork(liw)
      integer ipar(3), i, nret, k
      double precision t, tout, y(200), yp(200), rtol(200), atol(200)
      double precision rwork(lrw), rpar(1)
      data sizes /1, 2, 5, 27, 31, 32, 33, 64, 100, 200/
      do 100 is = 1, nsizes
         n = sizes(is)
         do 90 icase = 1, 10
            do 10 i = 1, 20
               info(i) = 0
   10       continue
            do 12 i = 1, liw
               iwork(i) = 0
   12       continue
            do 14 i = 1, lrw
               rwork(i) = 0d0
   14       continue
            ipar(1) = n
            ipar(2) = 1
            ipar(3) = 0
            if (icase .eq. 2 .or. icase .eq. 3 .or. icase .eq. 7
     +          .or. icase .eq. 9) ipar(2) = 2
            rtol(1) = 1d-6
            atol(1) = 1d-6
            if (icase .eq. 2 .or. icase .eq. 5 .or. icase .eq. 6
     +          .or. icase .eq. 9 .or. icase .eq. 10) info(5) = 1
            if (icase .eq. 9) then
               info(7) = 1
               rwork(2) = 0.05d0
               info(8) = 1
               rwork(3) = 1d-4
               info(9) = 1
               iwork(3) = 3
               info(10) = 1
            end if
            if (icase .eq. 10) then
               rtol(1) = 1d-10
               atol(1) = 1d-10
            end if
            if (icase .eq. 4 .or. icase .eq. 5 .or. icase .eq. 10) then
               info(6) = 1
               iwork(1) = min(1, n - 1)
               iwork(2) = min(1, n - 1)
               ipar(3) = 1
            end if
            if (icase .eq. 5) then
               info(2) = 1
               do 16 i = 1, n
                  rtol(i) = 1d-6 * (1d0 + dble(mod(i, 3)))
                  atol(i) = 1d-7 * dble(i)
   16          continue
            end if
            t = 0d0
            call start(n, y)
            call fvec(n, ipar(2), y, yp)
            if (icase .eq. 8) call inital(n, y, yp, info, iwork, ipar)
            nret = 0
            if (icase .eq. 6) then
               info(3) = 1
               info(4) = 1
               rwork(1) = 1d0
               tout = 1d0
   20          call solve(n, t, y, yp, tout, info, rtol, atol, idid,
     +                    rwork, lrw, iwork, liw, rpar, ipar)
               nret = nret + 1
               if (idid .eq. 1) then
                  info(1) = 1
                  goto 20
               end if
            else if (icase .eq. 7) then
               info(4) = 1
               rwork(1) = 1d0
               do 30 k = 1, 4
                  tout = 0.25d0 * dble(k)
   25             call solve(n, t, y, yp, tout, info, rtol, atol, idid,
     +                       rwork, lrw, iwork, liw, rpar, ipar)
                  nret = nret + 1
                  info(1) = 1
                  if (idid .eq. -1) goto 25
                  if (idid .lt. 0) goto 40
                  write (6, '(a, i3, i5, i4, e25.17, e25.17)') ' OUT',
     +               icase, n, idid, t, y(n)
   30          continue
            else
               tout = 1d0
   35          call solve(n, t, y, yp, tout, info, rtol, atol, idid,
     +                    rwork, lrw, iwork, liw, rpar, ipar)
               nret = nret + 1
               if (idid .eq. -1) then
                  info(1) = 1
                  goto 35
               end if
            end if
   40       write (6, '(a, i3, i5, i4, e25.17, 5i7, i6)') ' CASE',
     +         icase, n, idid, t, (iwork(i), i = 11, 15), nret
            write (6, '(a, 3e25.17)') '   Y', y(1), y(n/2 + 1), y(n)
   90    continue
  100 continue
      end
c-----------------------------------------------------------------------
      subroutine start(n, y)
      integer n, i
      double precision y(n), pi
      pi = 4d0 * atan(1d0)
      do 10 i = 1, n
         y(i) = 1d0 + sin(pi * dble(i) / dble(n + 1))
   10 continue
      return
      end
c-----------------------------------------------------------------------
c     f(y) of the local (ivar = 1) or nonlocal (ivar = 2) variant.
      subroutine fvec(n, ivar, y, f)
      integer n, ivar, i
      double precision y(n), f(n), d, s, yl, yr
      d = 0.02d0 * dble(n + 1)**2
      s = 0d0
      if (ivar .eq. 2) then
         do 10 i = 1, n
            s = s + y(i)
   10    continue
      end if
      do 20 i = 1, n
         yl = 1d0
         yr = 1d0
         if (i .gt. 1) yl = y(i - 1)
         if (i .lt. n) yr = y(i + 1)
         f(i) = d * (yl - 2d0 * y(i) + yr) + 1d0 - y(i)
     +          - 10d0 * y(i)**3 - (2d0 / dble(n)) * y(i) * s
   20 continue
      return
      end
c-----------------------------------------------------------------------
c     G = y' - f(y); the index-1 variant (ipar(2) = 3) is the local one
c     with an algebraic last equation.
      subroutine gres(t, y, yp, delta, ipar)
      integer ipar(3), n, i, ivar
      double precision t, y(*), yp(*), delta(*)
      n = ipar(1)
      ivar = ipar(2)
      if (ivar .eq. 3) ivar = 1
      call fvec(n, ivar, y, delta)
      do 10 i = 1, n
         delta(i) = yp(i) - delta(i)
   10 continue
      if (ipar(2) .eq. 3) then
         if (n .eq. 1) then
            delta(1) = y(1) - 0.5d0
         else
            delta(n) = y(n) - 0.5d0 * y(n - 1)
         end if
      end if
      return
      end
c-----------------------------------------------------------------------
c     PD = dG/dy + CJ dG/dy', dense (ipar(3) = 0) or banded with
c     ML = MU = min(1, N-1) in LINPACK's storage, leading dimension
c     2 ML + MU + 1 (PD is zero on entry).
      subroutine gjac(t, y, yp, pd, cj, ipar)
      integer ipar(3), n, i, j, ml, ldp
      double precision t, y(*), yp(*), pd(*), cj, d, s, dfd
      n = ipar(1)
      d = 0.02d0 * dble(n + 1)**2
      s = 0d0
      if (ipar(2) .eq. 2) then
         do 10 i = 1, n
            s = s + y(i)
   10    continue
      end if
      if (ipar(3) .eq. 0) then
         do 30 j = 1, n
            do 20 i = 1, n
               if (ipar(2) .eq. 2) then
                  pd(i + (j - 1) * n) = (2d0 / dble(n)) * y(i)
               end if
               if (abs(i - j) .eq. 1) then
                  pd(i + (j - 1) * n) = pd(i + (j - 1) * n) - d
               end if
   20       continue
            dfd = -2d0 * d - 1d0 - 30d0 * y(j)**2
     +            - (2d0 / dble(n)) * s
            pd(j + (j - 1) * n) = pd(j + (j - 1) * n) + cj - dfd
   30    continue
      else
         ml = min(1, n - 1)
         ldp = 3 * ml + 1
         do 40 j = 1, n
c           row i of column j sits at i - j + 2 ml + 1
            pd(2 * ml + 1 + (j - 1) * ldp) = cj
     +         - (-2d0 * d - 1d0 - 30d0 * y(j)**2)
            if (j .gt. 1) pd(2 * ml + (j - 1) * ldp) = -d
            if (j .lt. n) pd(2 * ml + 2 + (j - 1) * ldp) = -d
   40    continue
      end if
      return
      end
