c=======================================================================
c     A driver written against the Test Set's problem interface
c     (release 2.4) the way its drivers use it (dassld.f revision 1.6):
c     chkdat checks the problem's pidate, prob, init, then getinp sets
c     element 1 of rtol and atol only and the problem's settolerances
c     the rest, setoutput, the run segment by segment with the
c     statistics summed into IWORK, solut, getscd and report (report.f
c     of the kit prints them as a RESULT line). A failed run stops with
c     "STOP idid=" as the Test Set's drivers stop.
c
c     The solver is RADAU5 when the environment variable KIT_SOLVER
c     says so, otherwise the DASSL-family solver of the kit's segment
c     routine linked with it (dassls.f or daskrs.f, with dasslres.f);
c     the solver settings are those of the kit's radau5d.f and dassld.f.
c=======================================================================
      program kitgen
      implicit none
      integer maxn, maxd, lwork, liwork, lrw, liw
      parameter (maxn = 400, maxd = 1000)
      parameter (lwork = maxn*(5*maxn + 12) + 20)
      parameter (liwork = 3*maxn + 20)
      parameter (lrw = 60 + 9*maxn + maxn*maxn, liw = 40 + maxn)

      character*80 fullnm, solver
      integer neqn, ndisc, mljac, mujac, mlmas, mumas, ind(maxn)
      integer i, j, iseg, idid, itol, ijac, imas, mljs, mujs, mumss
      integer isum(20), info(20), ierr, ipar(1)
      integer iwork(liwork), iwd(liw)
      double precision t(0:maxd), y(maxn), yp(maxn), yref(maxn)
      double precision rtol(maxn), atol(maxn), h0, solmax, h, x
      double precision work(lwork), rwork(lrw), rpar(1), scd, mescd
      real gettim, cputim
      logical numjac, nummas, consis, tolvec
      logical solref, prtout
      integer nindsol, indsol(maxn)
      character*6 solvnm
      external gfcn, gjac, gmas, gsout, gettim
      include '../../fortran/dasslk.inc'

      call get_environment_variable('KIT_SOLVER', solver)
      if (solver .ne. 'RADAU5') solver = solvnm()

      call chkdat('kitgen', solver, 20060828)
      do i = 1, maxn
         ind(i) = 0
      end do
      call prob(fullnm, problm, ptype, neqn, ndisc, t, numjac, mljac,
     +          mujac, nummas, mlmas, mumas, ind)
      call init(neqn, t(0), y, yp, consis)
      call getinp('kitgen', problm, solver, fullnm, tolvec, rtol, atol,
     +            h0, solmax)
      call settolerances(neqn, rtol, atol, tolvec)
      call setoutput(neqn, solref, prtout, nindsol, indsol)
      do i = 1, 20
         isum(i) = 0
      end do

      cputim = gettim()
      if (solver .eq. 'RADAU5') then
         itol = 0
         if (tolvec) itol = 1
         ijac = 1
         if (numjac) ijac = 0
         imas = 0
         if (ptype .eq. 'DAE') imas = 1
         do i = 1, 20
            iwork(i) = 0
            work(i) = 0d0
         end do
         iwork(2) = 10**7
         do i = 1, neqn
            if (ind(i) .le. 1) then
               iwork(5) = iwork(5) + 1
            else if (ind(i) .eq. 2) then
               iwork(6) = iwork(6) + 1
            else
               iwork(7) = iwork(7) + 1
            end if
         end do
         x = t(0)
         do iseg = 0, ndisc
            h = h0
            mljs = mljac
            mujs = mujac
            mumss = mumas
            call radau5(neqn, gfcn, x, y, t(iseg+1), h, rtol, atol,
     +           itol, gjac, ijac, mljs, mujs, gmas, imas, mlmas, mumss,
     +           gsout, 0, work, lwork, iwork, liwork, rpar, ipar, idid)
            if (idid .lt. 0) call kgstop(idid)
            do i = 14, 20
               isum(i) = isum(i) + iwork(i)
            end do
         end do
         do i = 14, 20
            iwork(i) = isum(i)
         end do
      else
         nrow = neqn
         if (ptype .eq. 'DAE') call massmx(neqn, mlmas, mumas)
         if (ptype .eq. 'ODE') then
            ierr = 0
            call feval(neqn, t(0), y, yp, yp, ierr, rpar, ipar)
         end if
         do i = 1, 20
            info(i) = 0
         end do
         if (tolvec) info(2) = 1
         info(3) = 1
         info(4) = 1
         if (.not. numjac) info(5) = 1
         jband = mljac .lt. neqn
         mlpd = mljac
         mupd = mujac
         if (ptype .eq. 'DAE' .and. mlmas .lt. neqn) then
            mlpd = max(mlpd, mlmas)
            mupd = max(mupd, mumas)
         end if
         if (jband) then
            info(6) = 1
            iwd(1) = mlpd
            iwd(2) = mupd
         end if
         mlj = mljac
         muj = mujac
         x = t(0)
         do iseg = 0, ndisc
            info(1) = 0
            rwork(1) = t(iseg+1)
            call segmnt(neqn, x, y, yp, t(iseg+1), info, rtol, atol,
     +                  idid, rwork, lrw, iwd, liw)
            if (idid .lt. 0) call kgstop(idid)
            do j = 11, 15
               isum(j) = isum(j) + iwd(j)
            end do
         end do
         do j = 11, 15
            iwd(j) = isum(j)
         end do
      end if
      cputim = gettim() - cputim

      if (solref) then
         call solut(neqn, t(ndisc+1), yref)
         call getscd(mescd, scd, neqn, yref, y, problm, tolvec, atol,
     +               rtol, .false.)
      else
         call printsol(neqn, y, problm)
      end if
      if (solver .eq. 'RADAU5') then
         call report('kitgen', problm, solver, rtol, atol, h0, solmax,
     +               iwork, cputim, scd, mescd)
      else
         call report('kitgen', problm, solver, rtol, atol, h0, solmax,
     +               iwd, cputim, scd, mescd)
      end if
      end
c-----------------------------------------------------------------------
c     A failed run stops, as the Test Set's drivers do.
c-----------------------------------------------------------------------
      subroutine kgstop(idid)
      integer idid
      write (6, '(a, i0)') 'STOP idid=', idid
      stop
      end
c-----------------------------------------------------------------------
c     FCN, JAC and MAS of RADAU5 over feval, jeval and meval; RADAU5
c     takes no error flag: an ierr of the problem stops the run.
c-----------------------------------------------------------------------
      subroutine gfcn(n, x, y, f, rpar, ipar)
      integer n, ipar(*), ierr
      double precision x, y(n), f(n), rpar(*), yp(1)
      ierr = 0
      call feval(n, x, y, yp, f, ierr, rpar, ipar)
      if (ierr .ne. 0) then
         write (6, '(a, i0)') 'STOP ierr=', ierr
         stop
      end if
      return
      end

      subroutine gjac(n, x, y, dfy, ldfy, rpar, ipar)
      integer n, ldfy, ipar(*), ierr
      double precision x, y(n), dfy(ldfy, n), rpar(*), yp(1)
      ierr = 0
      call jeval(ldfy, n, x, y, yp, dfy, ierr, rpar, ipar)
      if (ierr .ne. 0) then
         write (6, '(a, i0)') 'STOP ierr=', ierr
         stop
      end if
      return
      end

      subroutine gmas(n, am, lmas, rpar, ipar)
      integer n, lmas, ipar(*), ierr
      double precision am(lmas, n), rpar(*), t0, y(1), yp(1)
      ierr = 0
      t0 = 0d0
      call meval(lmas, n, t0, y, yp, am, ierr, rpar, ipar)
      return
      end

      subroutine gsout(nr, xold, x, y, cont, lrc, n, rpar, ipar, irtrn)
      integer nr, lrc, n, ipar(*), irtrn
      double precision xold, x, y(n), cont(lrc), rpar(*)
      return
      end
