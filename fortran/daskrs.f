c=======================================================================
c     stiffdae Test Set kit: one segment of dassld.f through DDASKR
c     (direct method, no root functions), continuing after every step
c     (INFO(3) = 1) and after the 500-step returns, until TSTOP = TOUT
c     (DDASKR returns IDID = 2 there) or a failure.
c=======================================================================
      subroutine segmnt(neqn, tt, y, yp, tout, info, rtol, atol, idid,
     +                  rwork, lrw, iwork, liw)
      integer neqn, info(20), idid, lrw, iwork(liw), liw, ipar(1)
      integer jroot(1)
      double precision tt, y(neqn), yp(neqn), tout, rtol(*), atol(*)
      double precision rwork(lrw), rpar(1)
      external kres, djac, kroot
   10 call ddaskr(kres, neqn, tt, y, yp, tout, info, rtol, atol, idid,
     +            rwork, lrw, iwork, liw, rpar, ipar, djac, kres, kroot,
     +            0, jroot)
      if (idid .eq. 1 .or. idid .eq. -1) then
         info(1) = 1
         goto 10
      end if
      if (idid .eq. 2) idid = 3
      return
      end
c-----------------------------------------------------------------------
c     DDASKR's RES has the leading coefficient CJ, which DRES ignores.
      subroutine kres(t, y, yp, cj, delta, ires, rpar, ipar)
      integer ires, ipar(*)
      double precision t, y(*), yp(*), cj, delta(*), rpar(*)
      call dres(t, y, yp, delta, ires, rpar, ipar)
      return
      end
c-----------------------------------------------------------------------
c     No root functions (NRT = 0): never called.
      subroutine kroot(neq, t, y, yp, nrt, rval, rpar, ipar)
      integer neq, nrt, ipar(*)
      double precision t, y(*), yp(*), rval(*), rpar(*)
      return
      end
c-----------------------------------------------------------------------
      character*6 function solvnm()
      solvnm = 'DDASKR'
      return
      end
