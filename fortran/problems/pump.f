c=======================================================================
c     stiffdae Test Set kit: the charge pump (Günther, Rentrop 1996),
c     an index-2 DAE  M y' = f(t, y),  n = 9, 0 <= t <= 1.2e-6: two
c     capacitors and an n-channel MOS transistor with charge-oriented
c     modelling. y1..y5 are charges, y6..y8 node voltages, y9 the
c     current through the voltage source. The input voltage is a
c     trapezoidal pulse with kinks at 50, 60, 110 and 120 ns of every
c     120 ns period: these are the segment ends t(1..ndisc).
c     Index 1: y1..y8, index 2: y9.
c=======================================================================
c     The date of the Test Set problem interface (release 2.4) that
c     this file follows; a driver's chkdat compares it with its own.
      integer function pidate()
      pidate = 20060828
      return
      end

      subroutine prob(fullnm, problm, type, neqn, ndisc, t, numjac,
     +                mljac, mujac, nummas, mlmas, mumas, ind)
      character*(*) fullnm, problm, type
      integer neqn, ndisc, mljac, mujac, mlmas, mumas, ind(*), i, k
      double precision t(0:*), kink(4)
      logical numjac, nummas
      data kink /50d0, 60d0, 110d0, 120d0/
      fullnm = 'Charge pump'
      problm = 'pump'
      type = 'DAE'
      neqn = 9
      t(0) = 0d0
      ndisc = 0
      do k = 0, 9
         do i = 1, 4
            if ((k*120d0 + kink(i)) .lt. 1200d0) then
               ndisc = ndisc + 1
               t(ndisc) = (k*120d0 + kink(i))*1d-9
            end if
         end do
      end do
      t(ndisc+1) = 1200d-9
      numjac = .true.
      mljac = neqn
      mujac = neqn
      nummas = .false.
      mlmas = 0
      mumas = 2
      do i = 1, 8
         ind(i) = 1
      end do
      ind(9) = 2
      return
      end

      subroutine init(neqn, t, y, yprime, consis)
      integer neqn, i
      double precision t, y(neqn), yprime(neqn), qgate, qsrc, qdrain
      logical consis
      do i = 1, neqn
         y(i) = 0d0
         yprime(i) = 0d0
      end do
      y(1) = qgate(0d0, 0d0, 0d0)
      y(3) = qsrc(0d0, 0d0, 0d0)
      y(5) = qdrain(0d0, 0d0, 0d0)
      consis = .true.
      return
      end

c     The driver's getinp sets element 1 only; the tolerances of every
c     component derive from it. Charges are of order 1e-13: their
c     absolute tolerance is scaled down, and the current y9 (index 2)
c     is left out of the error test.
      subroutine settolerances(neqn, rtol, atol, tolvec)
      integer neqn, i
      double precision rtol(neqn), atol(neqn), r, a
      logical tolvec
      tolvec = .true.
      r = rtol(1)
      a = atol(1)
      do i = 1, 8
         rtol(i) = r
         atol(i) = a
      end do
      do i = 1, 5
         atol(i) = 1d-6*a
      end do
      rtol(9) = 1d3
      atol(9) = 1d3
      return
      end

c     scd over y1..y8; the driver reports y9 separately.
      subroutine setoutput(neqn, solref, printsolout, nindsol, indsol)
      integer neqn, nindsol, indsol(neqn), i
      logical solref, printsolout
      solref = .true.
      printsolout = .false.
      nindsol = 8
      do i = 1, 8
         indsol(i) = i
      end do
      return
      end

      subroutine feval(neqn, t, y, yprime, f, ierr, rpar, ipar)
      integer neqn, ierr, ipar(*)
      double precision t, y(neqn), yprime(neqn), f(neqn), rpar(*)
      double precision qgate, qsrc, qdrain, vin, u1, u2, u3
      include 'pumpc.inc'
      u1 = y(6)
      u2 = y(7)
      u3 = y(8)
      f(1) = -y(9)
      f(2) = 0d0
      f(3) = 0d0
      f(4) = -u1 + vin(t)
      f(5) = y(1) - qgate(u1, u1 - u2, u1 - u3)
      f(6) = y(2) - caps*u2
      f(7) = y(3) - qsrc(u1, u1 - u2, u1 - u3)
      f(8) = y(4) - capd*u3
      f(9) = y(5) - qdrain(u1, u1 - u2, u1 - u3)
      return
      end

c     The Jacobian is left to finite differences (numjac).
      subroutine jeval(ldim, neqn, t, y, yprime, dfdy, ierr, rpar, ipar)
      integer ldim, neqn, ierr, ipar(*)
      double precision t, y(neqn), yprime(neqn), dfdy(ldim, neqn)
      double precision rpar(*)
      ierr = -1
      return
      end

c     M: y1' in row 1, y2' + y3' in row 2, y4' + y5' in row 3; band
c     storage dfddy(i - j + mumas + 1, j) with mlmas = 0, mumas = 2.
      subroutine meval(ldim, neqn, t, y, yprime, dfddy, ierr, rpar,
     +                 ipar)
      integer ldim, neqn, ierr, ipar(*), i, j
      double precision t, y(neqn), yprime(neqn), dfddy(ldim, neqn)
      double precision rpar(*)
      do j = 1, neqn
         do i = 1, ldim
            dfddy(i, j) = 0d0
         end do
      end do
      dfddy(3, 1) = 1d0
      dfddy(3, 2) = 1d0
      dfddy(2, 3) = 1d0
      dfddy(2, 4) = 1d0
      dfddy(2, 5) = 1d0
      return
      end

c     Reference solution at t = 1.2e-6 (IVP Test Set).
      subroutine solut(neqn, t, y)
      integer neqn, i
      double precision t, y(neqn)
      do i = 1, neqn
         y(i) = 0d0
      end do
      y(1) = 0.126280042987675933170893d-12
      y(9) = 0.152255686815577679043511d-3
      return
      end

c-----------------------------------------------------------------------
c     The input voltage: 0 until 50 ns, rising to 20 V at 60 ns, held to
c     110 ns, falling to 0 at 120 ns; period 120 ns.
c-----------------------------------------------------------------------
      double precision function vin(t)
      double precision t, tau
      include 'pumpc.inc'
      tau = mod(t, period)
      if (tau .lt. t1) then
         vin = 0d0
      else if (tau .lt. t2) then
         vin = (tau - t1)*0.10d9*vhigh
      else if (tau .lt. t3) then
         vin = vhigh
      else
         vin = (period - tau)*0.10d9*vhigh
      end if
      return
      end

c-----------------------------------------------------------------------
c     The MOS charges (Günther, Rentrop): terminal voltages vgb, vgs,
c     vgd ordered so that the source is the terminal of lower potential;
c     accumulation, depletion and inversion regions.
c-----------------------------------------------------------------------
      subroutine mosreg(vgb, vgs, vgd, ugs, ugd, ugb, vfb, vte, ubs)
      double precision vgb, vgs, vgd, ugs, ugd, ugb, vfb, vte, ubs
      include 'pumpc.inc'
      if ((vgs - vgd) .le. 0d0) then
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

      double precision function qgate(vgb, vgs, vgd)
      double precision vgb, vgs, vgd, ugs, ugd, ugb, vfb, vte, ubs
      double precision ugst, ugdt
      include 'pumpc.inc'
      call mosreg(vgb, vgs, vgd, ugs, ugd, ugb, vfb, vte, ubs)
      if (ugb .le. vfb) then
         qgate = cox*(ugb - vfb)
      else if (ugs .le. vte) then
         qgate = cox*gamma*(sqrt((gamma/2d0)**2 + ugb - vfb)
     +           - gamma/2d0)
      else
         ugst = ugs - vte
         ugdt = 0d0
         if (ugd .gt. vte) ugdt = ugd - vte
         qgate = cox*((2d0/3d0)*(ugdt + ugst - ugdt*ugst/(ugdt + ugst))
     +           + gamma*sqrt(phi - ubs))
      end if
      return
      end

      double precision function qsrc(vgb, vgs, vgd)
      double precision vgb, vgs, vgd, ugs, ugd, ugb, vfb, vte, ubs
      double precision ugst, ugdt
      include 'pumpc.inc'
      call mosreg(vgb, vgs, vgd, ugs, ugd, ugb, vfb, vte, ubs)
      if (ugb .le. vfb .or. ugs .le. vte) then
         qsrc = 0d0
      else
         ugst = ugs - vte
         ugdt = 0d0
         if (ugd .ge. vte) ugdt = ugd - vte
         qsrc = -cox*(1d0/3d0)*(ugdt + ugst - ugdt*ugst/(ugdt + ugst))
      end if
      return
      end

c     The drain charge equals the source charge in this model.
      double precision function qdrain(vgb, vgs, vgd)
      double precision vgb, vgs, vgd, qsrc
      qdrain = qsrc(vgb, vgs, vgd)
      return
      end
