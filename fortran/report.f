c=======================================================================
c     stiffdae Test Set kit: accuracy measures of a run.
c
c     scd   = -log10 of the largest relative error over the components
c             the problem marks for the comparison (setoutput's indsol);
c             a component whose reference value is zero enters with
c             its absolute error.
c     mescd = -log10 of the largest mixed error over all components,
c             |y - yref| / (atol/rtol + |yref|), with the tolerances as
c             the solver left them in the caller's arrays.
c=======================================================================
      subroutine accury(neqn, y, yref, nind, indx, rtol, atol, tolvec,
     +                  scd, mescd)
      integer neqn, nind, indx(*)
      double precision y(neqn), yref(neqn), rtol(*), atol(*)
      double precision scd, mescd
      logical tolvec
      integer i, k
      double precision err, relmax, mixmax, ratio

      relmax = 0d0
      do k = 1, nind
         i = indx(k)
         err = abs(y(i) - yref(i))
         if (yref(i) .ne. 0d0) err = err / abs(yref(i))
         relmax = max(relmax, err)
      end do
      mixmax = 0d0
      do i = 1, neqn
         if (tolvec) then
            ratio = atol(i) / rtol(i)
         else
            ratio = atol(1) / rtol(1)
         end if
         err = abs(y(i) - yref(i)) / (ratio + abs(yref(i)))
         mixmax = max(mixmax, err)
      end do
      scd = -log10(relmax)
      mescd = -log10(mixmax)
      return
      end
c-----------------------------------------------------------------------
c     The accuracy of a finished run against the problem's reference
c     (huge() for a failed run), and for the charge pump scd9 of y9.
c-----------------------------------------------------------------------
      subroutine runacc(neqn, y, tend, failed, rtol, atol, tolvec,
     +                  problm, scd, mescd, havsc9, scd9)
      integer neqn, nindsol, indsol(400)
      double precision y(neqn), tend, rtol(*), atol(*), scd, mescd
      double precision scd9, yref(400)
      logical failed, tolvec, havsc9, solref, prtout
      character*(*) problm
      call setoutput(neqn, solref, prtout, nindsol, indsol)
      call solut(neqn, tend, yref)
      havsc9 = problm .eq. 'pump'
      scd9 = 0d0
      if (failed) then
         scd = huge(0d0)
         mescd = scd
      else
         call accury(neqn, y, yref, nindsol, indsol, rtol, atol, tolvec,
     +               scd, mescd)
         if (havsc9) scd9 = -log10(abs(y(9) - yref(9))/abs(yref(9)))
      end if
      return
      end
c-----------------------------------------------------------------------
c     The machine-readable summary line every kit driver prints last.
c-----------------------------------------------------------------------
      subroutine result(solver, problm, rtol, atol, h0, idid, ierr,
     +                  mescd, scd, nstep, naccpt, nfcn, njac, nlu,
     +                  cpu, havsc9, scd9)
      character*(*) solver, problm
      double precision rtol, atol, h0, mescd, scd, cpu, scd9
      integer idid, ierr, nstep, naccpt, nfcn, njac, nlu
      logical havsc9
      character*24 smes, sscd, ssc9

      call fmtscd(mescd, smes)
      call fmtscd(scd, sscd)
      call fmtscd(scd9, ssc9)
      if (havsc9) then
         write (6, 100) solver, trim(problm), rtol, atol, h0, idid,
     +        ierr, trim(smes), trim(sscd), nstep, naccpt, nfcn, njac,
     +        nlu, cpu, trim(ssc9)
      else
         write (6, 100) solver, trim(problm), rtol, atol, h0, idid,
     +        ierr, trim(smes), trim(sscd), nstep, naccpt, nfcn, njac,
     +        nlu, cpu
      end if
  100 format ('RESULT solver=', a, ' problem=', a, ' rtol=', es9.3,
     +        ' atol=', es9.3, ' h0=', es9.3, ' idid=', i0,
     +        ' ierr=', i0, ' mescd=', a, ' scd=', a, ' steps=', i0,
     +        ' accept=', i0, ' nf=', i0, ' njac=', i0, ' nlu=', i0,
     +        ' cpu=', es9.3, :, ' scd9=', a)
      return
      end
c-----------------------------------------------------------------------
c     A digit count as text, or "nan" when there is none (NaN or the
c     huge() the drivers pass for a failed run).
c-----------------------------------------------------------------------
      subroutine fmtscd(value, text)
      double precision value
      character*(*) text
      if (value .ne. value .or. abs(value) .gt. 1d3) then
         text = 'nan'
      else
         write (text, '(f8.2)') value
         text = adjustl(text)
      end if
      return
      end
c=======================================================================
c     The routines a Test Set driver calls from its report.f (release
c     2.4 interface), for the kit's drivers and for any driver written
c     against that interface.
c=======================================================================
c-----------------------------------------------------------------------
c     Stops the run unless the problem file follows the interface of
c     date drivd (its pidate).
c-----------------------------------------------------------------------
      subroutine chkdat(driver, solver, drivd)
      character*(*) driver, solver
      integer drivd, pidate, probd
      probd = pidate()
      if (probd .ne. drivd) then
         write (6, 100) trim(driver), trim(solver), probd, drivd
  100    format (1x, a, ' (', a, '): the problem file follows the',
     +           ' interface of', i9, ', this driver that of', i9)
         stop 1
      end if
      return
      end
c-----------------------------------------------------------------------
c     The kit's input: rtol and atol, one per line, and for RADAU5 a
c     third line, h0. As the Test Set's getinp, it sets element 1 of
c     rtol and atol only (the problem's settolerances does the rest)
c     and tolvec = .false.; solmax (PSODE's) is 0.
c-----------------------------------------------------------------------
      subroutine getinp(driver, problm, solver, fullnm, tolvec, rtol,
     +                  atol, h0, solmax)
      character*(*) driver, problm, solver, fullnm
      double precision rtol(*), atol(*), h0, solmax
      logical tolvec
      tolvec = .false.
      h0 = 0d0
      solmax = 0d0
      read (5, *) rtol(1)
      read (5, *) atol(1)
      if (solver .eq. 'RADAU5') read (5, *) h0
      return
      end
c-----------------------------------------------------------------------
c     mescd and scd of y against the reference yref, as the kit's
c     drivers compute them (accury, over setoutput's components); as
c     the Test Set's getscd, it spreads scalar tolerances over rtol and
c     atol first. With printout, the digits are printed.
c-----------------------------------------------------------------------
      subroutine getscd(mescd, scd, neqn, yref, y, problm, tolvec,
     +                  atol, rtol, printout)
      integer neqn, nindsol, indsol(400), i
      double precision mescd, scd, yref(neqn), y(neqn), rtol(neqn)
      double precision atol(neqn)
      character*(*) problm
      logical tolvec, printout, solref, prtout
      if (.not. tolvec) then
         do i = 2, neqn
            rtol(i) = rtol(1)
            atol(i) = atol(1)
         end do
      end if
      call setoutput(neqn, solref, prtout, nindsol, indsol)
      call accury(neqn, y, yref, nindsol, indsol, rtol, atol, tolvec,
     +            scd, mescd)
      if (printout) write (6, 100) trim(problm), mescd, scd
  100 format (1x, a, ': mescd =', f7.2, '   scd =', f7.2)
      return
      end
c-----------------------------------------------------------------------
c     The solution at the end point, for a problem without reference.
c-----------------------------------------------------------------------
      subroutine printsol(neqn, y, problm)
      integer neqn, i
      double precision y(neqn)
      character*(*) problm
      write (6, '(1x, a, a)') trim(problm), ': solution at the end'
      do i = 1, neqn
         write (6, '(3x, ''y('', i3, '') = '', es24.16e3)') i, y(i)
      end do
      return
      end
c-----------------------------------------------------------------------
c     The statistics of a finished run, read from the solver's IWORK as
c     the Test Set reads them (the driver has summed them over the
c     segments), as a RESULT line. A Test Set driver calls report only
c     after a run that succeeded and passes no IDID: the line says
c     idid=0.
c-----------------------------------------------------------------------
      subroutine report(driver, problm, solver, rtol, atol, h0, solmax,
     +                  iwork, cputim, scd, mescd)
      character*(*) driver, problm, solver
      integer iwork(*), nsteps, naccpt, nfe, njac, nlu
      double precision rtol, atol, h0, solmax, scd, mescd
      real cputim
      if (solver .eq. 'RADAU5') then
         nsteps = iwork(16)
         naccpt = iwork(17)
         nfe = iwork(14)
         njac = iwork(15)
         nlu = iwork(19)
      else if (solver .eq. 'DDASSL' .or. solver .eq. 'DDASKR') then
         nsteps = iwork(11) + iwork(14) + iwork(15)
         naccpt = iwork(11)
         nfe = iwork(12)
         njac = iwork(13)
         nlu = 0
      else
         write (6, *) 'report: unknown solver ', trim(solver)
         stop 1
      end if
      call result(trim(solver), problm, rtol, atol, h0, 0, 0, mescd,
     +     scd, nsteps, naccpt, nfe, njac, nlu, dble(cputim), .false.,
     +     0d0)
      return
      end
c-----------------------------------------------------------------------
c     CPU time in seconds.
c-----------------------------------------------------------------------
      real function gettim()
      call cpu_time(gettim)
      return
      end
c-----------------------------------------------------------------------
c     The position of the last character of string that is not blank.
c-----------------------------------------------------------------------
      integer function lnblnk(string)
      character*(*) string
      lnblnk = len_trim(string)
      return
      end
c-----------------------------------------------------------------------
c     How often a driver repeats its run in the process: the environment
c     variable KIT_REPEAT (a positive integer), 1 when it is not set.
c-----------------------------------------------------------------------
      integer function nrepet()
      character*20 text
      integer length, status, n
      nrepet = 1
      call get_environment_variable('KIT_REPEAT', text, length, status)
      if (status .ne. 0 .or. length .eq. 0) return
      read (text(1:length), *, iostat=status) n
      if (status .eq. 0 .and. n .ge. 1) nrepet = n
      return
      end
