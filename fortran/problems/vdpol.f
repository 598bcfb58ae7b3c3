c=======================================================================
c     stiffdae Test Set kit: Van der Pol oscillator, stiff (eps = 1e-6).
c       y1' = y2,  y2' = ((1 - y1**2) y2 - y1) / eps,  y(0) = (2, 0),
c       0 <= t <= 2 (Hairer & Wanner II, §IV.1; IVP Test Set 'vdpol').
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
      integer neqn, ndisc, mljac, mujac, mlmas, mumas, ind(*)
      double precision t(0:*)
      logical numjac, nummas
      fullnm = 'Van der Pol oscillator (eps = 1e-6)'
      problm = 'vdpol'
      type = 'ODE'
      neqn = 2
      ndisc = 0
      t(0) = 0d0
      t(1) = 2d0
      numjac = .false.
      mljac = neqn
      mujac = neqn
      return
      end

      subroutine init(neqn, t, y, yprime, consis)
      integer neqn
      double precision t, y(neqn), yprime(neqn)
      logical consis
      y(1) = 2d0
      y(2) = 0d0
      return
      end

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

      subroutine feval(neqn, t, y, yprime, f, ierr, rpar, ipar)
      integer neqn, ierr, ipar(*)
      double precision t, y(neqn), yprime(neqn), f(neqn), rpar(*)
      double precision eps
      parameter (eps = 1d-6)
      f(1) = y(2)
      f(2) = ((1d0 - y(1)*y(1))*y(2) - y(1))/eps
      return
      end

      subroutine jeval(ldim, neqn, t, y, yprime, dfdy, ierr, rpar, ipar)
      integer ldim, neqn, ierr, ipar(*)
      double precision t, y(neqn), yprime(neqn), dfdy(ldim, neqn)
      double precision rpar(*), eps
      parameter (eps = 1d-6)
      dfdy(1, 1) = 0d0
      dfdy(1, 2) = 1d0
      dfdy(2, 1) = (-2d0*y(1)*y(2) - 1d0)/eps
      dfdy(2, 2) = (1d0 - y(1)*y(1))/eps
      return
      end

      subroutine meval(ldim, neqn, t, y, yprime, dfddy, ierr, rpar,
     +                 ipar)
      integer ldim, neqn, ierr, ipar(*)
      double precision t, y(neqn), yprime(neqn), dfddy(ldim, neqn)
      double precision rpar(*)
      return
      end

c     Reference solution at t = 2 (IVP Test Set).
      subroutine solut(neqn, t, y)
      integer neqn
      double precision t, y(neqn)
      y(1) = 0.1706167732170483d+01
      y(2) = -0.8928097010247975d+00
      return
      end
