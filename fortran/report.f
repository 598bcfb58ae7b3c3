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
