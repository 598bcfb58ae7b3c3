c=======================================================================
c     stiffdae Test Set kit: driver for RODAS.
c
c     Reads rtol, atol and h0 (one per line, report.f's getinp) from
c     standard input, runs the problem linked with it (after chkdat
c     has checked its interface date) segment by segment over
c     t(0..ndisc+1) (each segment starts afresh with h = h0), and
c     reports the accuracy (scd, mescd) and the statistics summed over
c     the segments, ending with one RESULT line (see report.f). With
c     the environment variable KIT_REPEAT = N the whole run is
c     repeated N times in the process and the mean solver time is
c     reported.
c
c     Settings as in the Test Set: IWORK(1) = 10**7 steps, IFCN = 1
c     with df/dx by differences (IDFX = 0), all other WORK/IWORK zero.
c     RODAS is a Rosenbrock method for problems of index at most 1:
c     a problem with an index-2 or -3 component, or one in implicit
c     (IDE) form, is reported as one it cannot solve (as the Test
c     Set's RODAS driver does). Like RADAU5, RODAS takes no error flag
c     from the right-hand side: when feval or jeval sets ierr, the run
c     stops with a report.
c=======================================================================
      program rodasd
      implicit none
      integer maxn, maxd, lwork, liwork
      parameter (maxn = 400, maxd = 1000)
      parameter (lwork = maxn*(3*maxn + 14) + 20)
      parameter (liwork = maxn + 20)

      character*80 fullnm, problm
      character*3 ptype
      integer neqn, ndisc, mljac, mujac, mlmas, mumas, ind(maxn)
      integer i, iseg, itol, ijac, imas, idid, nsum(7), mljs, mujs
      integer ifcn, idfx, maxind
      double precision t(0:maxd), y(maxn), yp(maxn)
      double precision rtol(maxn), atol(maxn), rtol0, atol0, h0, h, x
      double precision work(lwork), rpar(1), scd, mescd, scd9
      double precision cpu0, cpu1, cpu
      double precision solmax
      integer irep, nrep, nrepet
      integer iwork(liwork), ipar(1)
      logical numjac, nummas, consis, tolvec, havsc9

      external rfcn, rjac, rmas, rsout
      common /rkit/ problm, rtol0, atol0, h0

      call chkdat('rodasd', 'RODAS', 20060828)
      do i = 1, maxn
         ind(i) = 0
      end do
      call prob(fullnm, problm, ptype, neqn, ndisc, t, numjac, mljac,
     +          mujac, nummas, mlmas, mumas, ind)
      call getinp('rodasd', problm, 'RODAS', fullnm, tolvec, rtol,
     +            atol, h0, solmax)
c     getinp reads h0 for RADAU5 only: the third line here
      read (5, *) h0
      rtol0 = rtol(1)
      atol0 = atol(1)
      if (neqn .gt. maxn .or. ndisc + 1 .gt. maxd) then
         write (6, *) 'rodasd: problem too large for this driver'
         stop 1
      end if
      maxind = 0
      do i = 1, neqn
         maxind = max(maxind, ind(i))
      end do
      if (ptype .eq. 'IDE' .or. maxind .gt. 1) then
         if (ptype .eq. 'IDE') then
            write (6, *) 'rodasd: ', trim(problm),
     +        ' is an implicit (IDE) problem; RODAS cannot solve it'
         else
            write (6, *) 'rodasd: ', trim(problm), ' has index',
     +        maxind, '; RODAS cannot solve problems of index > 1'
         end if
         call result('RODAS', problm, rtol0, atol0, h0, -1, 0,
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

      ifcn = 1
      idfx = 0
      ijac = 1
      if (numjac) ijac = 0
      imas = 0
      if (ptype .eq. 'DAE') imas = 1

      do i = 1, 20
         iwork(i) = 0
         work(i) = 0d0
      end do
      iwork(1) = 10**7
      do i = 1, 7
         nsum(i) = 0
      end do

      call cpu_time(cpu0)
      x = t(0)
      idid = 1
      do iseg = 0, ndisc
         h = h0
         mljs = mljac
         mujs = mujac
         call rodas(neqn, rfcn, ifcn, x, y, t(iseg+1), h, rtol, atol,
     +        itol, rjac, ijac, mljs, mujs, rfcn, idfx, rmas, imas,
     +        mlmas, mumas, rsout, 0, work, lwork, iwork, liwork, rpar,
     +        ipar, idid)
         do i = 1, 7
            nsum(i) = nsum(i) + iwork(13+i)
         end do
         if (idid .lt. 0) goto 20
      end do
   20 call cpu_time(cpu1)
      cpu = cpu + (cpu1 - cpu0)
      end do
      cpu = cpu/nrep

      call runacc(neqn, y, t(ndisc+1), idid .lt. 0, rtol, atol, tolvec,
     +            problm, scd, mescd, havsc9, scd9)

      write (6, 110) rtol0, atol0, h0, idid
      write (6, 120) mescd, scd
      write (6, 130) (nsum(i), i = 1, 7)
      write (6, 140) cpu
  110 format (' rtol =', es10.3, '  atol =', es10.3, '  h0 =', es10.3,
     +        '  idid =', i3)
  120 format (' mescd =', f7.2, '   scd =', f7.2)
  130 format (' nfcn njac nstep naccpt nrejct ndec nsol:', 7i8)
  140 format (' cpu (solver calls):', es10.3, ' s')
      call result('RODAS', problm, rtol0, atol0, h0, idid, 0, mescd,
     +     scd, nsum(3), nsum(4), nsum(1), nsum(2), nsum(6), cpu,
     +     havsc9, scd9)
      end
c-----------------------------------------------------------------------
c     FCN of RODAS over the problem's feval.
c-----------------------------------------------------------------------
      subroutine rfcn(n, x, y, f, rpar, ipar)
      integer n, ipar(*)
      double precision x, y(n), f(n), rpar(*)
      integer ierr
      double precision yp(1)
      ierr = 0
      call feval(n, x, y, yp, f, ierr, rpar, ipar)
      if (ierr .ne. 0) call kstop('feval', ierr, x)
      return
      end
c-----------------------------------------------------------------------
c     JAC of RODAS over the problem's jeval.
c-----------------------------------------------------------------------
      subroutine rjac(n, x, y, dfy, ldfy, rpar, ipar)
      integer n, ldfy, ipar(*)
      double precision x, y(n), dfy(ldfy, n), rpar(*)
      integer ierr
      double precision yp(1)
      ierr = 0
      call jeval(ldfy, n, x, y, yp, dfy, ierr, rpar, ipar)
      if (ierr .ne. 0) call kstop('jeval', ierr, x)
      return
      end
c-----------------------------------------------------------------------
c     MAS of RODAS over the problem's meval (the mass matrix is
c     constant for the kit's problems).
c-----------------------------------------------------------------------
      subroutine rmas(n, am, lmas, rpar, ipar)
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
c     SOLOUT: unused (IOUT = 0).
c-----------------------------------------------------------------------
      subroutine rsout(nr, xold, x, y, cont, lrc, n, rpar, ipar, irtrn)
      integer nr, lrc, n, ipar(*), irtrn
      double precision xold, x, y(n), cont(lrc), rpar(*)
      return
      end
c-----------------------------------------------------------------------
c     The problem reported an error RODAS cannot take: stop the run.
c-----------------------------------------------------------------------
      subroutine kstop(what, ierr, x)
      character*(*) what
      integer ierr
      double precision x
      character*80 problm
      double precision rtol0, atol0, h0
      common /rkit/ problm, rtol0, atol0, h0
      write (6, 100) what, ierr, x
  100 format (' rodasd: ', a, ' reported ierr =', i3, ' at t =',
     +        es12.4, '; RODAS cannot handle it, run stopped')
      call result('RODAS', problm, rtol0, atol0, h0, 0, ierr,
     +     huge(0d0), huge(0d0), 0, 0, 0, 0, 0, 0d0, .false., 0d0)
      stop
      end
