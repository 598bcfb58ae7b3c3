c=======================================================================
c     stiffdae Test Set kit: the wheelset (Simeon, Führer, Rentrop
c     1991), a railway wheel pair running on a straight track and its
c     hunting motion: an implicit index-2 DAE F(t, y, y') = 0 with
c     n = 17, 0 <= t <= 10.
c     y1..y5 positions (x, y, z, theta, phi), y6..y10 their velocities,
c     y11 the deviation of the angular velocity, y12..y15 the contact
c     coordinates (psi, xi) left and right, y16, y17 the Lagrange
c     multipliers of the right and left contact divided by 1e4.
c     Index 1: y1..y15, index 2: y16, y17. Residual form only ('IDE').
c     The model is in wheelres.inc, shared with the mass-matrix form
c     wheelmm.f.
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
      fullnm = 'Wheelset'
      problm = 'wheel'
      type = 'IDE'
      neqn = 17
      ndisc = 0
      t(0) = 0d0
      t(1) = 10d0
      numjac = .true.
      mljac = neqn
      mujac = neqn
      do i = 1, 15
         ind(i) = 1
      end do
      ind(16) = 2
      ind(17) = 2
      return
      end

c     Consistent initial values (wheelres.inc).
      subroutine init(neqn, t, y, yprime, consis)
      integer neqn
      double precision t, y(neqn), yprime(neqn)
      logical consis
      call wheini(neqn, y, yprime)
      consis = .true.
      return
      end

c     The driver's getinp sets element 1 only: y1..y15 take its
c     tolerances, and the multipliers are left out of the error test.
      subroutine settolerances(neqn, rtol, atol, tolvec)
      integer neqn, i
      double precision rtol(neqn), atol(neqn)
      logical tolvec
      tolvec = .true.
      do i = 2, 15
         rtol(i) = rtol(1)
         atol(i) = atol(1)
      end do
      rtol(16) = 1d10
      atol(16) = 1d10
      rtol(17) = 1d10
      atol(17) = 1d10
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

c     The residual F(t, y, y') of wheelres.inc.
      subroutine feval(neqn, t, y, yprime, f, ierr, rpar, ipar)
      integer neqn, ierr, ipar(*)
      double precision t, y(neqn), yprime(neqn), f(neqn), rpar(*)
      call wheres(neqn, y, yprime, f, ierr)
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

      subroutine meval(ldim, neqn, t, y, yprime, dfddy, ierr, rpar,
     +                 ipar)
      integer ldim, neqn, ierr, ipar(*)
      double precision t, y(neqn), yprime(neqn), dfddy(ldim, neqn)
      double precision rpar(*)
      return
      end

c     Reference solution at t = 10 (IVP Test Set).
      subroutine solut(neqn, t, y)
      integer neqn
      double precision t, y(neqn)
      y(1) = 0.86355386965811d-2
      y(2) = 0.13038281022727d-4
      y(3) = -0.93635784016818d-4
      y(4) = -0.13642299804033d-1
      y(5) = 0.15292895005422d-2
      y(6) = -0.76985374142666d-1
      y(7) = -0.25151106429207d-3
      y(8) = 0.20541188079539d-2
      y(9) = -0.23904837703692d+0
      y(10) = -0.13633468454173d-1
      y(11) = -0.24421377661131d+0
      y(12) = -0.33666751972196d-3
      y(13) = -0.15949425684022d+0
      y(14) = 0.37839614386969d-3
      y(15) = 0.14173214964613d+0
      y(16) = -0.10124044903201d-1
      y(17) = -0.56285630573753d-2
      return
      end

      include 'wheelres.inc'
