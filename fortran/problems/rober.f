c=======================================================================
c     stiffdae Test Set kit: Robertson's chemical kinetics.
c       y1' = -0.04 y1 + 1e4 y2 y3
c       y2' =  0.04 y1 - 1e4 y2 y3 - 3e7 y2**2
c       y3' =  3e7 y2**2,          y(0) = (1, 0, 0),  0 <= t <= 1e11.
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
      fullnm = 'Robertson chemical kinetics'
      problm = 'rober'
      type = 'ODE'
      neqn = 3
      ndisc = 0
      t(0) = 0d0
      t(1) = 1d11
      numjac = .false.
      mljac = neqn
      mujac = neqn
      return
      end

      subroutine init(neqn, t, y, yprime, consis)
      integer neqn
      double precision t, y(neqn), yprime(neqn)
      logical consis
      y(1) = 1d0
      y(2) = 0d0
      y(3) = 0d0
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
      double precision prod, sq
      prod = 1d4*y(2)*y(3)
      sq = 3d7*(y(2)*y(2))
      f(1) = -0.04d0*y(1) + prod
      f(2) = 0.04d0*y(1) - prod - sq
      f(3) = sq
      return
      end

      subroutine jeval(ldim, neqn, t, y, yprime, dfdy, ierr, rpar, ipar)
      integer ldim, neqn, ierr, ipar(*)
      double precision t, y(neqn), yprime(neqn), dfdy(ldim, neqn)
      double precision rpar(*)
      dfdy(1, 1) = -0.04d0
      dfdy(2, 1) = 0.04d0
      dfdy(3, 1) = 0d0
      dfdy(1, 2) = 1d4*y(3)
      dfdy(2, 2) = -1d4*y(3) - 6d7*y(2)
      dfdy(3, 2) = 6d7*y(2)
      dfdy(1, 3) = 1d4*y(2)
      dfdy(2, 3) = -1d4*y(2)
      dfdy(3, 3) = 0d0
      return
      end

      subroutine meval(ldim, neqn, t, y, yprime, dfddy, ierr, rpar,
     +                 ipar)
      integer ldim, neqn, ierr, ipar(*)
      double precision t, y(neqn), yprime(neqn), dfddy(ldim, neqn)
      double precision rpar(*)
      return
      end

c     Reference solution at t = 1e11 (IVP Test Set).
      subroutine solut(neqn, t, y)
      integer neqn
      double precision t, y(neqn)
      y(1) = 0.2083340149701255d-07
      y(2) = 0.8333360770334713d-13
      y(3) = 0.9999999791665050d+00
      return
      end
