c=======================================================================
c     bdf_sweep.f through DDASKR (direct method, no root functions).
c=======================================================================
      subroutine solve(n, t, y, yp, tout, info, rtol, atol, idid,
     +                 rwork, lrw, iwork, liw, rpar, ipar)
      integer n, info(20), idid, lrw, liw, iwork(liw), ipar(3)
      integer jroot(1)
      double precision t, y(n), yp(n), tout, rtol(*), atol(*)
      double precision rwork(lrw), rpar(*)
      external kres, djac, kroot
      call ddaskr(kres, n, t, y, yp, tout, info, rtol, atol, idid,
     +            rwork, lrw, iwork, liw, rpar, ipar, djac, kres, kroot,
     +            0, jroot)
      return
      end
c-----------------------------------------------------------------------
c     Case 8: the index-1 variant; DDASKR computes the algebraic y_N and
c     the differential y' (INFO(11) = 1) from y' = f, 0 for y_N'.
      subroutine inital(n, y, yp, info, iwork, ipar)
      integer n, info(20), iwork(*), ipar(3), i
      double precision y(n), yp(n)
      info(11) = 1
      ipar(2) = 3
      do 10 i = 1, n
         iwork(40 + i) = 1
   10 continue
      iwork(40 + n) = -1
      yp(n) = 0d0
      return
      end
c-----------------------------------------------------------------------
      subroutine kres(t, y, yp, cj, delta, ires, rpar, ipar)
      integer ires, ipar(3)
      double precision t, y(*), yp(*), cj, delta(*), rpar(*)
      call gres(t, y, yp, delta, ipar)
      return
      end
c-----------------------------------------------------------------------
      subroutine djac(t, y, yp, pd, cj, rpar, ipar)
      integer ipar(3)
      double precision t, y(*), yp(*), pd(*), cj, rpar(*)
      call gjac(t, y, yp, pd, cj, ipar)
      return
      end
c-----------------------------------------------------------------------
c     No root functions (NRT = 0): never called.
      subroutine kroot(neq, t, y, yp, nrt, rval, rpar, ipar)
      integer neq, nrt, ipar(*)
      double precision t, y(*), yp(*), rval(*), rpar(*)
      return
      end
