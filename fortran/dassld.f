c=======================================================================
c     stiffdae Test Set kit: driver for DDASSL and DDASKR (the solver is
c     the one of the segment routine linked with it: dassls.f or
c     daskrs.f).
c
c     Reads rtol and atol (one per line, report.f's getinp; a third
c     line, h0, is ignored) from standard input and runs the problem
c     linked with it (after chkdat has checked its interface date)
c     segment by segment: each segment t(i) -> t(i+1) starts afresh
c     (INFO(1) = 0), with TSTOP = t(i+1) (INFO(4) = 1), a step per call (INFO(3) = 1),
c     the analytic Jacobian where the problem has one (INFO(5) = 1), and
c     the problem's vector tolerances where it sets them (INFO(2) = 1).
c     The statistics are summed over the segments and reported as the
c     Test Set does: steps = all steps tried (IWORK(11) + IWORK(14) +
c     IWORK(15)), accept = IWORK(11); the run ends with one RESULT line
c     (report.f). Index-3 problems are refused. With the environment
c     variable KIT_REPEAT = N the whole run is repeated N times in the
c     process and the mean solver time is reported.
c
c     Residual forms: 'ODE' y' - f(t, y), 'DAE' M y' - f(t, y) with the
c     problem's constant mass matrix, 'IDE' the problem's own residual.
c=======================================================================
      program dassld
      implicit none
      integer maxn, maxd, lrw, liw
      parameter (maxn = 400, maxd = 1000)
      parameter (lrw = 60 + 9*maxn + maxn*maxn, liw = 40 + maxn)

      character*80 fullnm
      integer neqn, ndisc, mljac, mujac, mlmas, mumas, ind(maxn)
      integer i, j, iseg, idid, info(20), nsum(5), ierr, ml, mu
      double precision t(0:maxd), y(maxn), yp(maxn)
      double precision rtol(maxn), atol(maxn), tt, tout
      double precision rwork(lrw), rpar(1), scd, mescd, scd9
      double precision cpu0, cpu1, cpu, h0, solmax
      integer irep, nrep, nrepet
      integer iwork(liw), ipar(1)
      logical numjac, nummas, consis, tolvec, havsc9

      character*6 solvnm
      include 'dasslk.inc'

      call chkdat('dassld', solvnm(), 20060828)
      do i = 1, maxn
         ind(i) = 0
      end do
      call prob(fullnm, problm, ptype, neqn, ndisc, t, numjac, mljac,
     +          mujac, nummas, mlmas, mumas, ind)
      call getinp('dassld', problm, solvnm(), fullnm, tolvec, rtol,
     +            atol, h0, solmax)
      rtol0 = rtol(1)
      atol0 = atol(1)
      if (neqn .gt. maxn .or. ndisc + 1 .gt. maxd) then
         write (6, *) 'dassld: problem too large for this driver'
         stop 1
      end if
      do i = 1, neqn
         if (ind(i) .ge. 3) then
            write (6, *) 'dassld: ', trim(problm), ' has index-3',
     +           ' variables; ', solvnm(), ' cannot solve it'
            call result(solvnm(), problm, rtol0, atol0, 0d0, -33, 0,
     +           huge(0d0), huge(0d0), 0, 0, 0, 0, 0, 0d0, .false.,
     +           0d0)
            stop
         end if
      end do
      write (6, '(a)') trim(fullnm)
      nrow = neqn
      if (ptype .eq. 'DAE') call massmx(neqn, mlmas, mumas)

      nrep = nrepet()
      cpu = 0d0
      do irep = 1, nrep
      rtol(1) = rtol0
      atol(1) = atol0
      call settolerances(neqn, rtol, atol, tolvec)

      call init(neqn, t(0), y, yp, consis)
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
      ml = mljac
      mu = mujac
      if (ptype .eq. 'DAE' .and. mlmas .lt. neqn) then
         ml = max(ml, mlmas)
         mu = max(mu, mumas)
      end if
      if (jband) then
         info(6) = 1
         iwork(1) = ml
         iwork(2) = mu
      end if
      mlj = mljac
      muj = mujac
      mlpd = ml
      mupd = mu
      do i = 1, 5
         nsum(i) = 0
      end do

      call cpu_time(cpu0)
      tt = t(0)
      idid = 1
      do iseg = 0, ndisc
         info(1) = 0
         tout = t(iseg+1)
         rwork(1) = tout
         call segmnt(neqn, tt, y, yp, tout, info, rtol, atol, idid,
     +               rwork, lrw, iwork, liw)
         do j = 1, 5
            nsum(j) = nsum(j) + iwork(10+j)
         end do
         if (idid .lt. 0) goto 20
      end do
   20 call cpu_time(cpu1)
      cpu = cpu + (cpu1 - cpu0)
      end do
      cpu = cpu/nrep

      call runacc(neqn, y, t(ndisc+1), idid .lt. 0, rtol, atol, tolvec,
     +            problm, scd, mescd, havsc9, scd9)

      write (6, 110) rtol0, atol0, idid
      write (6, 120) mescd, scd
      write (6, 130) (nsum(i), i = 1, 5)
      write (6, 140) cpu
  110 format (' rtol =', es10.3, '  atol =', es10.3, '  idid =', i4)
  120 format (' mescd =', f7.2, '   scd =', f7.2)
  130 format (' steps res jac etf cvf:', 5i8)
  140 format (' cpu (solver calls):', es10.3, ' s')
      call result(solvnm(), problm, rtol0, atol0, 0d0, idid, 0, mescd,
     +     scd, nsum(1) + nsum(4) + nsum(5), nsum(1), nsum(2), nsum(3),
     +     0, cpu, havsc9, scd9)
      end
