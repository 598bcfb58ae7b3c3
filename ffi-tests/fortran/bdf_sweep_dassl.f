c=======================================================================
c     bdf_sweep.f through DDASSL.
c=======================================================================
      subroutine solve(n, t, y, yp, tout, info, rtol, atol, idid,
     +                 rwork, lrw, iwork, liw, rpar, ipar)
      integer n, info(20), idid, lrw, liw, iwork(liw), ipar(3)
      double precision t, y(n), yp(n), tout, rtol(*), atol(*)
      double precision rwork(lrw), rpar(*)
      external dres, djac
      call ddassl(dres, n, t, y, yp, tout, info, rtol, atol, idid,
     +            rwork, lrw, iwork, liw, rpar, ipar, djac)
      return
      end
c-----------------------------------------------------------------------
c     Case 8: DDASSL computes y'(0) from y(0), starting from y' = 0.
      subroutine inital(n, y, yp, info, iwork, ipar)
      integer n, info(20), iwork(*), ipar(3), i
      double precision y(n), yp(n)
      info(11) = 1
      do 10 i = 1, n
         yp(i) = 0d0
   10 continue
      return
      end
c-----------------------------------------------------------------------
      subroutine dres(t, y, yp, delta, ires, rpar, ipar)
      integer ires, ipar(3)
      double precision t, y(*), yp(*), delta(*), rpar(*)
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
