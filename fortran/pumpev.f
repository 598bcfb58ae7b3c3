c=======================================================================
c     stiffdae kit: the charge pump (problems/pump.f, the IVP Test Set's
c     index-2 DAE M y' = f(t, y), n = 9) solved by events with DDASKR.
c
c     Why events. The MOS charges QG, QS, QD of pump.f change formula
c     where the transistor changes operating region (accumulation,
c     depletion, inversion; source and drain exchanged; drain end
c     inverted or pinched off): their first derivatives jump there, at
c     places that depend on the solution. A BDF step across such a kink
c     meets a Newton iteration on a non-smooth function and an error
c     estimate of a non-smooth solution; the original DDASSL stops with
c     IDID = -7 just after t = 5.01e-8 (the first turn-on) at every
c     tolerance from 1e-4 to 1e-7. Here every segment is smooth:
c
c     1. Mode freezing. The region is held fixed between events (the
c        mode: region, which terminal is the source, whether the drain
c        end is inverted) and the residual uses that region's formulas
c        - pump.f's expressions, evaluated in the same order - even
c        where the state has crossed the region's border, so the
c        solver only ever sees smooth functions.
c     2. Root functions (NRT = 4) on the borders: g1 = vgs - vgd (the
c        source/drain exchange), g2 = ugb - vfb (accumulation),
c        g3 = ugs - vte (inversion), g4 = ugd - vte (drain end). A
c        border that does not bound the current region returns the
c        constant 1: in depletion g1 is identically zero (u2 = u3 = 0
c        before the first turn-on), and DDASKR refuses a root function
c        that is zero at and just after the initial point.
c     3. The input's kinks (50, 60, 110, 120 ns of each period, the
c        segment ends of pump.f's prob) as TOUT = TSTOP (INFO(4) = 1).
c     4. A restart (INFO(1) = 0) at each root and each kink, with
c        consistent values. The pump has two differential invariants,
c        the charges y2 + y3 and y4 + y5 (rows 2 and 3 of M y' = f);
c        given them, the time and the mode, the algebraic rows fix
c        u2, u3 (two Newton equations), hence all of y1..y8: that is
c        the re-initialisation (PROJCT). y' is the forward difference
c        of that projection in time (the right-hand derivative, so the
c        input's new slope after a kink), and DDASKR computes the
c        index-2 current y9 from row 1 (INFO(11) = 1 with ID = +1 for
c        y1..y8, -1 for y9). y9 is excluded from the error test
c        (INFO(16) = 1), as the Test Set excludes it with
c        rtol(9) = atol(9) = 1000.
c     5. Hysteresis-free switching. The root lies within DROOTS'
c        tolerance of the border, so the sign of a border function
c        there says nothing; at turn-on and turn-off three of them are
c        zero together (u2 = u3 = 0, ugs = ugd = vte). The restart is
c        therefore made just after the root, at t + DELTA (1e-14 s, a
c        millionth of the input's rise time): the mode is the one the
c        consistent state there lies in, found by projecting in a
c        candidate mode and taking the mode of the result until the two
c        agree (no band, no memory of the old mode); where that fails
c        (no solution in the candidate, or a cycle), the first of the
c        six modes that is its own projection's mode (CHOOSE). Skipping
c        DELTA loses nothing: within a mode the state is a function of
c        t and of the invariants, which the projection keeps.
c
c     Tolerances: rtol = Tol, atol = 1e-6*Tol for the charges y1..y5,
c     Tol for the voltages y6..y8, for Tol = 1e-3, 1e-5, 1e-7, 1e-9.
c     For each Tol one line: IDID of the last call, t reached, steps
c     (accepted), residual and Jacobian evaluations, error and
c     convergence test failures, roots found, TSTOP restarts; scd of
c     y1 (the Test Set's convention for the pump), mescd over y1..y8
c     and scd of y9 against pump.f's solut (t = 1.2e-6); the worst scd
c     of y1 and mescd over the 39 kinks against the exact state there.
c     Build and run:
c       gfortran -O2 fortran/pumpev.f fortran/problems/pump.f \
c           target/release/libstiffdae.a -lgcc_s -lutil -lrt \
c           -lpthread -lm -ldl -o pumpev && ./pumpev
c=======================================================================
      program pumpev
      implicit none
      double precision tols(4), acc(5), tend
      integer k, idid, nstat(7)
      data tols /1d-3, 1d-5, 1d-7, 1d-9/
      write (6, '(a)') ' Charge pump by events: DDASKR, roots on the'
     +     // ' MOS region borders, TSTOP at the input''s kinks'
      write (6, 100)
      do k = 1, 4
         call pumprn(tols(k), idid, tend, nstat, acc)
         write (6, 110) tols(k), idid, tend, nstat, acc
      end do
  100 format ('      tol idid    t reached  steps   nres  njac  etf',
     +        '  cvf roots stops    scd  mescd   scd9   kscd kmescd')
  110 format (es9.1, i5, es13.5, i7, i7, i6, 2i5, 2i6, 5f7.2)
      end
c-----------------------------------------------------------------------
c     One run at tolerance tol: the event loop. nstat = steps, residual
c     and Jacobian evaluations, error and convergence test failures
c     (IWORK(11..15), summed over the restarts), roots, TSTOP restarts.
c     acc = scd of y1 and mescd over y1..y8 against pump.f's solut at
c     t = 1.2e-6, scd of y9 there, and the worst scd of y1 and mescd
c     over y1..y8 at the 39 kinks against the exact state there (the
c     projection with the invariants of the initial values, y2 + y3
c     and y4 + y5: within a mode the solution is a function of t and
c     of them). A failed run has idid < 0 and acc = 0.
c-----------------------------------------------------------------------
      subroutine pumprn(tol, idid, tend, nstat, acc)
      implicit none
      integer neqn, nrt, lrw, liw, maxd
      parameter (neqn = 9, nrt = 4, maxd = 100)
      parameter (lrw = 60 + 9*neqn + 3*nrt + neqn*neqn + neqn)
      parameter (liw = 40 + 2*neqn)
      double precision tol, tend, acc(5), delta
      parameter (delta = 1d-14)
      integer idid, nstat(7)
      character*80 fullnm
      character*8 problm, ptype
      integer ndisc, mljac, mujac, mlmas, mumas, ind(neqn), i, k
      integer info(20), iwork(liw), ipar(3), jroot(nrt), mex(3)
      double precision tk(0:maxd), y(neqn), yp(neqn), yref(neqn)
      double precision rtol(neqn), atol(neqn), rwork(lrw), rpar(1)
      double precision t, tout, s20, s30, ye(neqn), errmix, sigdig
      logical numjac, nummas, consis, ok
      external pres, pjac, proot

      call prob(fullnm, problm, ptype, i, ndisc, tk, numjac, mljac,
     +          mujac, nummas, mlmas, mumas, ind)
      call init(neqn, tk(0), y, yp, consis)
      s20 = y(2) + y(3)
      s30 = y(4) + y(5)
      do i = 1, neqn
         rtol(i) = tol
         atol(i) = tol
      end do
      do i = 1, 5
         atol(i) = 1d-6*tol
      end do
      do i = 1, 20
         info(i) = 0
      end do
      do i = 1, liw
         iwork(i) = 0
      end do
      do i = 1, lrw
         rwork(i) = 0d0
      end do
      do i = 1, 7
         nstat(i) = 0
      end do
      do i = 1, 5
         acc(i) = 0d0
      end do
      acc(4) = huge(0d0)
      acc(5) = huge(0d0)
      info(2) = 1
      info(4) = 1
      info(11) = 1
      info(16) = 1

      t = tk(0)
      k = 1
      call reinit(t, y, yp, ipar, ok)
      if (.not. ok) goto 30
c     Each pass starts DDASKR afresh on a smooth piece up to the next
c     kink of the input (or until a root ends it).
   10 tout = tk(k)
      rwork(1) = tout
      info(1) = 0
      do i = 1, 8
         iwork(40+i) = 1
      end do
      iwork(49) = -1
   20 call ddaskr(pres, neqn, t, y, yp, tout, info, rtol, atol, idid,
     +            rwork, lrw, iwork, liw, rpar, ipar, pjac, pres,
     +            proot, nrt, jroot)
      if (idid .eq. -1) then
         info(1) = 1
         goto 20
      end if
      do i = 1, 5
         nstat(i) = nstat(i) + iwork(10+i)
      end do
      if (idid .lt. 0) goto 40
      if (idid .eq. 5) then
         nstat(6) = nstat(6) + 1
         if (t + delta .lt. tout) t = t + delta
         call reinit(t, y, yp, ipar, ok)
         if (.not. ok) goto 30
         goto 10
      end if
c     At a kink: the error against the exact state, then the restart.
      do i = 1, neqn
         ye(i) = y(i)
      end do
      call choose(t, s20, s30, ye, mex, ok)
      if (.not. ok) goto 30
      acc(4) = min(acc(4), sigdig(abs(y(1) - ye(1))/abs(ye(1))))
      errmix = 0d0
      do i = 1, 8
         errmix = max(errmix,
     +                abs(y(i) - ye(i))/(atol(i)/rtol(i) + abs(ye(i))))
      end do
      acc(5) = min(acc(5), sigdig(errmix))
      if (k .le. ndisc) then
         nstat(7) = nstat(7) + 1
         k = k + 1
         call reinit(t, y, yp, ipar, ok)
         if (.not. ok) goto 30
         goto 10
      end if

c     At t = 1.2e-6: against the Test Set's reference (pump.f's solut).
      tend = t
      call solut(neqn, tk(ndisc+1), yref)
      errmix = 0d0
      do i = 1, 8
         errmix = max(errmix, abs(y(i) - yref(i))
     +                /(atol(i)/rtol(i) + abs(yref(i))))
      end do
      acc(1) = sigdig(abs(y(1) - yref(1))/abs(yref(1)))
      acc(2) = sigdig(errmix)
      acc(3) = sigdig(abs(y(9) - yref(9))/abs(yref(9)))
      return
   30 write (6, '(a, es13.5)') ' pumpev: no consistent mode at t =', t
      idid = -100
   40 tend = t
      do i = 1, 5
         acc(i) = 0d0
      end do
      return
      end
c-----------------------------------------------------------------------
c     -log10 of a relative error; an error below the double precision
c     unit (none at all, often: the states are algebraic in t) counts
c     as that unit, 2**-52, so that the tables show 15.65, not Inf.
c-----------------------------------------------------------------------
      double precision function sigdig(err)
      implicit none
      double precision err
      sigdig = -log10(max(err, epsilon(err)))
      return
      end
c-----------------------------------------------------------------------
c     Consistent values at t (header, 4 and 5) with the invariants of
c     y: y1..y8 from CHOOSE, y' the forward difference of the
c     projection over EPS; y9 is left to DDASKR (INFO(11) = 1).
c-----------------------------------------------------------------------
      subroutine reinit(t, y, yp, mode, ok)
      implicit none
      double precision t, y(9), yp(9), ynext(9), eps
      parameter (eps = 1d-15)
      integer mode(3), i
      logical ok, conv
      call choose(t, y(2) + y(3), y(4) + y(5), y, mode, ok)
      if (.not. ok) return
      do i = 1, 9
         ynext(i) = y(i)
      end do
      call projct(t + eps, y(2) + y(3), y(4) + y(5), mode, ynext, conv)
      do i = 1, 8
         yp(i) = (ynext(i) - y(i))/((t + eps) - t)
      end do
      yp(9) = 0d0
      return
      end
c-----------------------------------------------------------------------
c     The mode at t and the state in it with the invariants s2, s3:
c     project in the mode of y, then in the mode of the projection,
c     until they agree; when that fails (a mode with no solution near
c     y, or a cycle), the first of the six modes that is its own
c     projection's mode. ok = .false. when no mode is.
c-----------------------------------------------------------------------
      subroutine choose(t, s2, s3, y, mode, ok)
      implicit none
      double precision t, s2, s3, y(9), y0(9)
      integer mode(3), mnew(3), iter, i, k, all(3, 6)
      logical ok, conv, same
      data all /1,0,0, 2,0,0, 3,0,0, 3,0,1, 3,1,0, 3,1,1/
      ok = .true.
      do i = 1, 9
         y0(i) = y(i)
      end do
      call mosmod(y(6), y(6) - y(7), y(6) - y(8), mode)
      do iter = 1, 6
         call projct(t, s2, s3, mode, y, conv)
         if (.not. conv) goto 10
         call mosmod(y(6), y(6) - y(7), y(6) - y(8), mnew)
         if (same(mode, mnew)) return
         do i = 1, 3
            mode(i) = mnew(i)
         end do
      end do
   10 do k = 1, 6
         do i = 1, 9
            y(i) = y0(i)
         end do
         call projct(t, s2, s3, all(1, k), y, conv)
         call mosmod(y(6), y(6) - y(7), y(6) - y(8), mnew)
         if (conv .and. same(all(1, k), mnew)) then
            do i = 1, 3
               mode(i) = all(i, k)
            end do
            return
         end if
      end do
      ok = .false.
      return
      end
c-----------------------------------------------------------------------
c     Whether two modes give the same formulas: the same region and, in
c     inversion, the same source and the same drain end.
c-----------------------------------------------------------------------
      logical function same(m1, m2)
      implicit none
      integer m1(3), m2(3)
      same = m1(1) .eq. m2(1)
      if (same .and. m1(1) .eq. 3) same = m1(2) .eq. m2(2) .and.
     +    m1(3) .eq. m2(3)
      return
      end
c-----------------------------------------------------------------------
c     The state at time t with the invariants s2 = y2 + y3 and
c     s3 = y4 + y5 in the given mode: u1 = vin(t), and Newton on
c     caps*u2 + QS(u) = s2, capd*u3 + QD(u) = s3 (difference quotients
c     for the 2 x 2 Jacobian), starting from y7, y8; conv = .false.
c     when it has not converged in 30 iterations.
c-----------------------------------------------------------------------
      subroutine projct(t, s2, s3, mode, y, conv)
      implicit none
      double precision t, s2, s3, y(9), vin, u1, u2, u3
      double precision qg, qs, qd, f1, f2, a11, a12, a21, a22, hu, det
      double precision d2, d3, g1, g2, dmax
      integer mode(3), iter
      logical conv
      include 'problems/pumpc.inc'
      u1 = vin(t)
      u2 = y(7)
      u3 = y(8)
      conv = .false.
      do iter = 1, 30
         call qmode(u1, u1 - u2, u1 - u3, mode, qg, qs, qd)
         f1 = caps*u2 + qs - s2
         f2 = capd*u3 + qd - s3
         hu = 1d-7*max(abs(u2), 1d-2)
         call qmode(u1, u1 - (u2 + hu), u1 - u3, mode, g1, g2, d2)
         a11 = ((caps*(u2 + hu) + g2 - s2) - f1)/hu
         a21 = ((capd*u3 + d2 - s3) - f2)/hu
         hu = 1d-7*max(abs(u3), 1d-2)
         call qmode(u1, u1 - u2, u1 - (u3 + hu), mode, g1, g2, d2)
         a12 = ((caps*u2 + g2 - s2) - f1)/hu
         a22 = ((capd*(u3 + hu) + d2 - s3) - f2)/hu
         det = a11*a22 - a12*a21
         d2 = (a22*f1 - a12*f2)/det
         d3 = (a11*f2 - a21*f1)/det
         u2 = u2 - d2
         u3 = u3 - d3
         dmax = max(abs(d2), abs(d3))
         if (dmax .le. 1d-14*max(abs(u2), abs(u3)) + 1d-16) then
            conv = .true.
            goto 10
         end if
      end do
   10 call qmode(u1, u1 - u2, u1 - u3, mode, qg, qs, qd)
      if (qg .ne. qg .or. qs .ne. qs) conv = .false.
      y(1) = qg
      y(2) = caps*u2
      y(3) = qs
      y(4) = capd*u3
      y(5) = qd
      y(6) = u1
      y(7) = u2
      y(8) = u3
      return
      end
c-----------------------------------------------------------------------
c     DDASKR's RES: M y' - f(t, y) as the kit's dres forms it from
c     pump.f's feval, with the charges of the frozen mode (IPAR). A
c     square root of a negative number (a Newton iterate far outside
c     the region) asks for a smaller step (IRES = -1).
c-----------------------------------------------------------------------
      subroutine pres(t, y, yp, cj, delta, ires, rpar, ipar)
      implicit none
      double precision t, y(9), yp(9), cj, delta(9), rpar(*)
      double precision vin, u1, u2, u3, qg, qs, qd
      integer ires, ipar(3)
      include 'problems/pumpc.inc'
      u1 = y(6)
      u2 = y(7)
      u3 = y(8)
      call qmode(u1, u1 - u2, u1 - u3, ipar, qg, qs, qd)
      if (qg .ne. qg .or. qs .ne. qs) then
         ires = -1
         return
      end if
      delta(1) = y(9) + yp(1)
      delta(2) = yp(2) + yp(3)
      delta(3) = yp(4) + yp(5)
      delta(4) = -(-u1 + vin(t))
      delta(5) = -(y(1) - qg)
      delta(6) = -(y(2) - caps*u2)
      delta(7) = -(y(3) - qs)
      delta(8) = -(y(4) - capd*u3)
      delta(9) = -(y(5) - qd)
      return
      end
c-----------------------------------------------------------------------
c     Never called: the iteration matrix is by differences
c     (INFO(5) = 0).
      subroutine pjac(t, y, yp, pd, cj, rpar, ipar)
      double precision t, y(*), yp(*), pd(*), cj, rpar(*)
      integer ipar(*)
      return
      end
c-----------------------------------------------------------------------
c     DDASKR's RT: the borders of the current region (header, 2).
c-----------------------------------------------------------------------
      subroutine proot(neq, t, y, yp, nrt, rval, rpar, ipar)
      implicit none
      integer neq, nrt, ipar(3), mode(3)
      double precision t, y(*), yp(*), rval(4), rpar(*)
      double precision vgb, vgs, vgd, ugs, ugd, ugb, vfb, vte, ubs
      vgb = y(6)
      vgs = y(6) - y(7)
      vgd = y(6) - y(8)
      if (ipar(1) .eq. 3) then
         call mosvlt(vgb, vgs, vgd, ipar(2), ugs, ugd, ugb, vfb, vte,
     +               ubs)
         rval(1) = vgs - vgd
         rval(4) = ugd - vte
      else
         call mosmod(vgb, vgs, vgd, mode)
         call mosvlt(vgb, vgs, vgd, mode(2), ugs, ugd, ugb, vfb, vte,
     +               ubs)
         rval(1) = 1d0
         rval(4) = 1d0
      end if
      rval(2) = ugb - vfb
      rval(3) = ugs - vte
      return
      end
c-----------------------------------------------------------------------
c     The mode pump.f's QGATE and QSRC would pick at (vgb, vgs, vgd):
c     mode(1) = 1 accumulation, 2 depletion, 3 inversion; mode(2) = 1
c     when vgs <= vgd (drain and source exchanged); mode(3) = 1 when
c     the drain end is inverted (ugd > vte).
c-----------------------------------------------------------------------
      subroutine mosmod(vgb, vgs, vgd, mode)
      implicit none
      double precision vgb, vgs, vgd, ugs, ugd, ugb, vfb, vte, ubs
      integer mode(3)
      mode(2) = 0
      if ((vgs - vgd) .le. 0d0) mode(2) = 1
      call mosvlt(vgb, vgs, vgd, mode(2), ugs, ugd, ugb, vfb, vte, ubs)
      if (ugb .le. vfb) then
         mode(1) = 1
      else if (ugs .le. vte) then
         mode(1) = 2
      else
         mode(1) = 3
      end if
      mode(3) = 0
      if (ugd .gt. vte) mode(3) = 1
      return
      end
c-----------------------------------------------------------------------
c     pump.f's MOSREG with the source/drain order given (iswap = 1:
c     the gate-drain voltage plays the gate-source one).
c-----------------------------------------------------------------------
      subroutine mosvlt(vgb, vgs, vgd, iswap, ugs, ugd, ugb, vfb, vte,
     +                  ubs)
      implicit none
      double precision vgb, vgs, vgd, ugs, ugd, ugb, vfb, vte, ubs
      integer iswap
      include 'problems/pumpc.inc'
      if (iswap .eq. 1) then
         ugs = vgd
         ugd = vgs
      else
         ugs = vgs
         ugd = vgd
      end if
      ugb = vgb
      ubs = ugs - ugb
      vfb = vt0 - gamma*sqrt(phi) - phi
      vte = vt0 + gamma*(sqrt(phi - ubs) - sqrt(phi))
      return
      end
c-----------------------------------------------------------------------
c     QG, QS and QD with the formulas of the given mode, as pump.f
c     evaluates them in that region, extended smoothly beyond it. With
c     the drain end pinched off (ugdt = 0) the inversion term
c     ugdt + ugst - ugdt*ugst/(ugdt + ugst) is ugst, written so: the
c     same value, without 0/0 on the border ugst = 0.
c-----------------------------------------------------------------------
      subroutine qmode(vgb, vgs, vgd, mode, qg, qs, qd)
      implicit none
      double precision vgb, vgs, vgd, qg, qs, qd
      double precision ugs, ugd, ugb, vfb, vte, ubs, ugst, ugdt, w
      integer mode(3)
      include 'problems/pumpc.inc'
      call mosvlt(vgb, vgs, vgd, mode(2), ugs, ugd, ugb, vfb, vte, ubs)
      if (mode(1) .eq. 1) then
         qg = cox*(ugb - vfb)
         qs = 0d0
      else if (mode(1) .eq. 2) then
         qg = cox*gamma*(sqrt((gamma/2d0)**2 + ugb - vfb) - gamma/2d0)
         qs = 0d0
      else
         ugst = ugs - vte
         if (mode(3) .eq. 1) then
            ugdt = ugd - vte
            w = ugdt + ugst - ugdt*ugst/(ugdt + ugst)
         else
            w = ugst
         end if
         qg = cox*((2d0/3d0)*w + gamma*sqrt(phi - ubs))
         qs = -cox*(1d0/3d0)*w
      end if
      qd = qs
      return
      end
