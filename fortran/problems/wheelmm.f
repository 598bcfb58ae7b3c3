c=======================================================================
c     stiffdae Test Set kit: the wheelset of wheel.f in mass-matrix form
c     (formulation 2 of the wheelset seed), for the codes that take
c     M u' = f(u):  M u' = F(t, u, 0)  with n = 17, 0 <= t <= 10, where
c     F is wheel.f's residual (wheelres.inc) and M = -dF/du' at the
c     initial values:
c       M = diag(I5, mr I3, E, 0 I6),  E = ( li2 cos(phi0)  0    0   )
c                                          (     0         li2   0   )
c                                          ( li1 sin(phi0)  0   li1  )
c     in rows/columns 9..11, phi0 = y5(0). Frozen at t = 0 (the residual
c     form has cos(phi), sin(phi) of the current roll angle there), the
c     solution at t = 10 differs from wheel's by up to 3e-2 relative
c     (y8), so solut holds a reference of its own (see there).
c     Index 1: y1..y15, index 2: y16, y17 (the multipliers), as in
c     wheel.f; RADAU5 and RADAU take the index counts and control every
c     component with the scalar tolerances, RODAS (index 1 only) cannot
c     solve it. M is banded (mlmas = 2, mumas = 0), the Jacobian full
c     and numerical.
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
      integer neqn, ndisc, mljac, mujac, mlmas, mumas, ind(*), i
      double precision t(0:*)
      logical numjac, nummas
      fullnm = 'Wheelset, mass-matrix form (M frozen at t = 0)'
      problm = 'wheelmm'
      type = 'DAE'
      neqn = 17
      ndisc = 0
      t(0) = 0d0
      t(1) = 10d0
      numjac = .true.
      mljac = neqn
      mujac = neqn
      nummas = .false.
      mlmas = 2
      mumas = 0
      do i = 1, 15
         ind(i) = 1
      end do
      ind(16) = 2
      ind(17) = 2
      return
      end

c     The residual form's consistent initial values (wheelres.inc): at
c     t = 0 the frozen M is the residual form's, so they satisfy
c     M y' = f as they satisfy F(0, y, y') = 0.
      subroutine init(neqn, t, y, yprime, consis)
      integer neqn
      double precision t, y(neqn), yprime(neqn)
      logical consis
      call wheini(neqn, y, yprime)
      consis = .true.
      return
      end

c     Scalar tolerances for every component: with the index counts the
c     Radau codes scale the multipliers' error by the step size, where
c     the DASSL form (wheel.f) leaves them out.
      subroutine settolerances(neqn, rtol, atol, tolvec)
      integer neqn
      double precision rtol(neqn), atol(neqn)
      logical tolvec
      tolvec = .false.
      return
      end

      subroutine setoutput(neqn, solref, printsolout, nindsol, indsol)
      integer neqn, nindsol, indsol(neqn), i
      logical solref, printsolout
      solref = .true.
      printsolout = .false.
      nindsol = neqn
      do i = 1, neqn
         indsol(i) = i
      end do
      return
      end

c     f(u) = F(t, u, 0): the velocities (rows 1-5), the forces and
c     moments without the inertia terms (6-11), the constraints (12-17).
      subroutine feval(neqn, t, y, yprime, f, ierr, rpar, ipar)
      integer neqn, ierr, ipar(*), i
      double precision t, y(neqn), yprime(*), f(neqn), rpar(*)
      double precision zero(17)
      do i = 1, neqn
         zero(i) = 0d0
      end do
      call wheres(neqn, y, zero, f, ierr)
      return
      end

c     The Jacobian is left to finite differences (numjac).
      subroutine jeval(ldim, neqn, t, y, yprime, dfdy, ierr, rpar, ipar)
      integer ldim, neqn, ierr, ipar(*)
      double precision t, y(neqn), yprime(*), dfdy(ldim, neqn)
      double precision rpar(*)
      ierr = -1
      return
      end

c     M in band storage (mlmas = 2, mumas = 0): dfddy(i - j + 1, j) =
c     M(i, j). The roll angle is the initial one whatever y the driver
c     passes (M is frozen at t = 0).
      subroutine meval(ldim, neqn, t, y, yprime, dfddy, ierr, rpar,
     +                 ipar)
      integer ldim, neqn, ierr, ipar(*), i, j
      double precision t, y(*), yprime(*), dfddy(ldim, neqn)
      double precision rpar(*), y0(17), yp0(17), phi0
      include 'wheelc.inc'
      call wheini(neqn, y0, yp0)
      phi0 = y0(5)
      do j = 1, neqn
         do i = 1, ldim
            dfddy(i, j) = 0d0
         end do
      end do
      do j = 1, 5
         dfddy(1, j) = 1d0
      end do
      do j = 6, 8
         dfddy(1, j) = mr
      end do
      dfddy(1, 9) = li2*cos(phi0)
      dfddy(3, 9) = li1*sin(phi0)
      dfddy(1, 10) = li2
      dfddy(1, 11) = li1
      return
      end

c     Reference solution at t = 10, computed for this form (the Test
c     Set has none): this file through the original RADAU5 (radau5.f
c     of 2002, gfortran -O2), rtol = atol = h0 = 1e-14, index counts
c     15/2/0, M and the Jacobian as the kit's driver passes them; 56351
c     steps. Runs at 5e-15 and 2e-15 agree with it to 7e-9 relative,
c     the seed's Rodas5P run at 1e-10 (10 digits printed) to 5e-8.
      subroutine solut(neqn, t, y)
      integer neqn
      double precision t, y(neqn)
      y(1) = 8.625913341198966d-3
      y(2) = 1.300604721388104d-5
      y(3) = -9.286563645365357d-5
      y(4) = -1.368852980387913d-2
      y(5) = 1.527584939768773d-3
      y(6) = -7.828871627008141d-2
      y(7) = -2.552330016702258d-4
      y(8) = 2.114371865148379d-3
      y(9) = -2.372545473444374d-1
      y(10) = -1.386428272449341d-2
      y(11) = -2.446892735529291d-1
      y(12) = -3.378318709041416d-4
      y(13) = -1.594844548192479d-1
      y(14) = 3.796552508481635d-4
      y(15) = 1.417421341620889d-1
      y(16) = -1.011254579177081d-2
      y(17) = -5.640206280499709d-3
      return
      end

      include 'wheelres.inc'
