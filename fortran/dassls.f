c=======================================================================
c     stiffdae Test Set kit: one segment of dassld.f through DDASSL,
c     continuing after every step (INFO(3) = 1) and after the 500-step
c     returns, until TSTOP = TOUT or a failure.
c=======================================================================
      subroutine segmnt(neqn, tt, y, yp, tout, info, rtol, atol, idid,
     +                  rwork, lrw, iwork, liw)
      integer neqn, info(20), idid, lrw, iwork(liw), liw, ipar(1)
      double precision tt, y(neqn), yp(neqn), tout, rtol(*), atol(*)
      double precision rwork(lrw), rpar(1)
      external dres, djac
   10 call ddassl(dres, neqn, tt, y, yp, tout, info, rtol, atol, idid,
     +            rwork, lrw, iwork, liw, rpar, ipar, djac)
      if (idid .eq. 1 .or. idid .eq. -1) then
         info(1) = 1
         goto 10
      end if
      return
      end
c-----------------------------------------------------------------------
      character*6 function solvnm()
      solvnm = 'DDASSL'
      return
      end
