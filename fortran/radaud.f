c=======================================================================
c     stiffdae Test Set kit: driver for RADAU (Radau IIA of orders 5, 9
c     and 13 with order selection).
c
c     Input on standard input, one value per line: rtol, atol, h0 (the
c     first two through report.f's getinp). The problem linked with the
c     driver is checked (chkdat), set up (prob, init, settolerances) and
c     integrated over t(0..ndisc+1) one segment per call of RADAU, each
c     starting again with h = h0. The accuracy (scd, mescd) at the end
c     and the statistics summed over the segments are printed, closed by
c     one RESULT line (report.f). KIT_REPEAT = N in the environment runs
c     the whole solve N times in the process and reports the mean time.
c
c     Settings: IWORK(2) = 10**7 steps; IWORK(5..7) count the problem's
c     index-1, -2 and -3 components (ind()); every other WORK/IWORK
c     slot is zero, so the stage numbers are RADAU's defaults (from 3
c     to 7 stages, 3 for the first step). RADAU takes no error flag from
c     the right-hand side: a problem reporting ierr stops the run.
c=======================================================================
      program radaud
      implicit none
      integer maxn, maxd, lwork, liwork
      parameter (maxn = 400, maxd = 1000)
c     Full Jacobian and full mass matrix with at most 7 stages:
c     N*(N + N + 7*N + 3*7 + 3) + 20 and (2 + (7-1)/2)*N + 20.
      parameter (lwork = maxn*(9*maxn + 24) + 20)
      parameter (liwork = 5*maxn + 20)

      character*80 fullnm, problm
      character*3 ptype
      integer neqn, ndisc, mljac, mujac, mlmas, mumas, ind(maxn)
      integer i, k, iseg, itol, ijac, imas, idid, nstat(7)
      integer mlj, muj, mum
      double precision t(0:maxd), y(maxn), yp(maxn)
      double precision rtol(maxn), atol(maxn), rtol0, atol0, h0, h, x
      double precision work(lwork), rpar(1), scd, mescd, scd9
      double precision tbeg, tend, cpu, solmax
      integer irep, nrep, nrepet
      integer iwork(liwork), ipar(1)
      logical numjac, nummas, consis, tolvec, havsc9

      external kfcn, kjac, kmas, ksout
      common /rdkit/ problm, rtol0, atol0, h0

      call chkdat('radaud', 'RADAU', 20060828)
      do i = 1, maxn
         ind(i) = 0
      end do
      call prob(fullnm, problm, ptype, neqn, ndisc, t, numjac, mljac,
     +          mujac, nummas, mlmas, mumas, ind)
      call getinp('radaud', problm, 'RADAU', fullnm, tolvec, rtol,
     +            atol, h0, solmax)
c     getinp reads h0 for RADAU5 only: the third line is read here
c     unless getinp has read it already.
      if (h0 .eq. 0d0) read (5, *, end = 5) h0
    5 rtol0 = rtol(1)
      atol0 = atol(1)
      if (neqn .gt. maxn .or. ndisc + 1 .gt. maxd) then
         write (6, *) 'radaud: problem too large for this driver'
         stop 1
      end if
      if (ptype .eq. 'IDE') then
         write (6, *) 'radaud: ', trim(problm),
     +        ' is an implicit (IDE) problem; RADAU cannot solve it'
         call result('RADAU', problm, rtol0, atol0, h0, -1, 0,
     +        huge(0d0), huge(0d0), 0, 0, 0, 0, 0, 0d0, .false., 0d0)
         stop
      end if
      write (6, '(a)') trim(fullnm)

      nrep = nrepet()
      cpu = 0d0
      do irep = 1, nrep
         call init(neqn, t(0), y, yp, consis)
         rtol(1) = rtol0
         atol(1) = atol0
         call settolerances(neqn, rtol, atol, tolvec)
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
            k = min(3, max(1, ind(i)))
            iwork(4 + k) = iwork(4 + k) + 1
         end do
         do i = 1, 7
            nstat(i) = 0
         end do

         call cpu_time(tbeg)
         x = t(0)
         idid = 1
         do iseg = 0, ndisc
            h = h0
c           RADAU may overwrite the band widths: copies per segment.
            mlj = mljac
            muj = mujac
            mum = mumas
            call radau(neqn, kfcn, x, y, t(iseg+1), h, rtol, atol,
     +           itol, kjac, ijac, mlj, muj, kmas, imas, mlmas, mum,
     +           ksout, 0, work, lwork, iwork, liwork, rpar, ipar, idid)
            do i = 1, 7
               nstat(i) = nstat(i) + iwork(13 + i)
            end do
            if (idid .lt. 0) goto 20
         end do
   20    call cpu_time(tend)
         cpu = cpu + (tend - tbeg)
      end do
      cpu = cpu/nrep

      call runacc(neqn, y, t(ndisc+1), idid .lt. 0, rtol, atol, tolvec,
     +            problm, scd, mescd, havsc9, scd9)

      write (6, 110) rtol0, atol0, h0, idid
      write (6, 120) mescd, scd
      write (6, 130) (nstat(i), i = 1, 7)
      write (6, 140) cpu
  110 format (' rtol =', es10.3, '  atol =', es10.3, '  h0 =', es10.3,
     +        '  idid =', i3)
  120 format (' mescd =', f7.2, '   scd =', f7.2)
  130 format (' nfcn njac nstep naccpt nrejct ndec nsol:', 7i8)
  140 format (' cpu (solver calls):', es10.3, ' s')
      call result('RADAU', problm, rtol0, atol0, h0, idid, 0, mescd,
     +     scd, nstat(3), nstat(4), nstat(1), nstat(2), nstat(6), cpu,
     +     havsc9, scd9)
      end
c-----------------------------------------------------------------------
c     FCN of RADAU: the problem's feval (no y' for an explicit form).
c-----------------------------------------------------------------------
      subroutine kfcn(n, x, y, f, rpar, ipar)
      integer n, ipar(*)
      double precision x, y(n), f(n), rpar(*)
      integer ierr
      double precision yp(1)
      ierr = 0
      call feval(n, x, y, yp, f, ierr, rpar, ipar)
      if (ierr .ne. 0) call kabort('feval', ierr, x)
      return
      end
c-----------------------------------------------------------------------
c     JAC of RADAU: the problem's jeval (full or banded as prob says).
c-----------------------------------------------------------------------
      subroutine kjac(n, x, y, dfy, ldfy, rpar, ipar)
      integer n, ldfy, ipar(*)
      double precision x, y(n), dfy(ldfy, n), rpar(*)
      integer ierr
      double precision yp(1)
      ierr = 0
      call jeval(ldfy, n, x, y, yp, dfy, ierr, rpar, ipar)
      if (ierr .ne. 0) call kabort('jeval', ierr, x)
      return
      end
c-----------------------------------------------------------------------
c     MAS of RADAU: the problem's meval at t = 0 (every kit mass matrix
c     is constant).
c-----------------------------------------------------------------------
      subroutine kmas(n, am, lmas, rpar, ipar)
      integer n, lmas, ipar(*)
      double precision am(lmas, n), rpar(*)
      integer ierr
      double precision t0, y(1), yp(1)
      ierr = 0
      t0 = 0d0
      call meval(lmas, n, t0, y, yp, am, ierr, rpar, ipar)
      return
      end
c-----------------------------------------------------------------------
c     SOLOUT of RADAU: never called (IOUT = 0).
c-----------------------------------------------------------------------
      subroutine ksout(nr, xold, x, y, cont, lrc, n, rpar, ipar, irtrn)
      integer nr, lrc, n, ipar(*), irtrn
      double precision xold, x, y(n), cont(lrc), rpar(*)
      return
      end
c-----------------------------------------------------------------------
c     The problem set ierr, which RADAU has no way to take: report the
c     run as stopped and end the program.
c-----------------------------------------------------------------------
      subroutine kabort(what, ierr, x)
      character*(*) what
      integer ierr
      double precision x
      character*80 problm
      double precision rtol0, atol0, h0
      common /rdkit/ problm, rtol0, atol0, h0
      write (6, 100) what, ierr, x
  100 format (' radaud: ', a, ' reported ierr =', i3, ' at t =',
     +        es12.4, '; RADAU cannot handle it, run stopped')
      call result('RADAU', problm, rtol0, atol0, h0, 0, ierr,
     +     huge(0d0), huge(0d0), 0, 0, 0, 0, 0, 0d0, .false., 0d0)
      stop
      end
