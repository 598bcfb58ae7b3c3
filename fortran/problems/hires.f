c=======================================================================
c     stiffdae Test Set kit: HIRES, 'High Irradiance RESponse' of plant
c     photomorphogenesis (Schäfer 1975), 8 linear and bilinear rate
c     equations, 0 <= t <= 321.8122 (Hairer & Wanner II, §IV.10).
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
      fullnm = 'HIRES, high irradiance response'
      problm = 'hires'
      type = 'ODE'
      neqn = 8
      ndisc = 0
      t(0) = 0d0
      t(1) = 321.8122d0
      numjac = .false.
      mljac = neqn
      mujac = neqn
      return
      end

      subroutine init(neqn, t, y, yprime, consis)
      integer neqn, i
      double precision t, y(neqn), yprime(neqn)
      logical consis
      do i = 1, neqn
         y(i) = 0d0
      end do
      y(1) = 1d0
      y(8) = 0.0057d0
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
      double precision r68
c     r68: the bilinear reaction of species 6 and 8
      r68 = 280d0*y(6)*y(8)
      f(1) = -1.71d0*y(1) + 0.43d0*y(2) + 8.32d0*y(3) + 0.0007d0
      f(2) = 1.71d0*y(1) - 8.75d0*y(2)
      f(3) = -10.03d0*y(3) + 0.43d0*y(4) + 0.035d0*y(5)
      f(4) = 8.32d0*y(2) + 1.71d0*y(3) - 1.12d0*y(4)
      f(5) = -1.745d0*y(5) + 0.43d0*(y(6) + y(7))
      f(6) = -r68 + 0.69d0*y(4) + 1.71d0*y(5) - 0.43d0*y(6)
     +       + 0.69d0*y(7)
      f(7) = r68 - 1.81d0*y(7)
      f(8) = -f(7)
      return
      end

      subroutine jeval(ldim, neqn, t, y, yprime, dfdy, ierr, rpar, ipar)
      integer ldim, neqn, ierr, ipar(*), i, j
      double precision t, y(neqn), yprime(neqn), dfdy(ldim, neqn)
      double precision rpar(*)
      do j = 1, neqn
         do i = 1, neqn
            dfdy(i, j) = 0d0
         end do
      end do
      dfdy(1, 1) = -1.71d0
      dfdy(2, 1) = 1.71d0
      dfdy(1, 2) = 0.43d0
      dfdy(2, 2) = -8.75d0
      dfdy(4, 2) = 8.32d0
      dfdy(1, 3) = 8.32d0
      dfdy(3, 3) = -10.03d0
      dfdy(4, 3) = 1.71d0
      dfdy(3, 4) = 0.43d0
      dfdy(4, 4) = -1.12d0
      dfdy(6, 4) = 0.69d0
      dfdy(3, 5) = 0.035d0
      dfdy(5, 5) = -1.745d0
      dfdy(6, 5) = 1.71d0
      dfdy(5, 6) = 0.43d0
      dfdy(6, 6) = -280d0*y(8) - 0.43d0
      dfdy(7, 6) = 280d0*y(8)
      dfdy(8, 6) = -280d0*y(8)
      dfdy(5, 7) = 0.43d0
      dfdy(6, 7) = 0.69d0
      dfdy(7, 7) = -1.81d0
      dfdy(8, 7) = 1.81d0
      dfdy(6, 8) = -280d0*y(6)
      dfdy(7, 8) = 280d0*y(6)
      dfdy(8, 8) = -280d0*y(6)
      return
      end

      subroutine meval(ldim, neqn, t, y, yprime, dfddy, ierr, rpar,
     +                 ipar)
      integer ldim, neqn, ierr, ipar(*)
      double precision t, y(neqn), yprime(neqn), dfddy(ldim, neqn)
      double precision rpar(*)
      return
      end

c     Reference solution at t = 321.8122 (IVP Test Set).
      subroutine solut(neqn, t, y)
      integer neqn
      double precision t, y(neqn)
      y(1) = 0.7371312573325668d-3
      y(2) = 0.1442485726316185d-3
      y(3) = 0.5888729740967575d-4
      y(4) = 0.1175651343283149d-2
      y(5) = 0.2386356198831331d-2
      y(6) = 0.6238968252742796d-2
      y(7) = 0.2849998395185769d-2
      y(8) = 0.2850001604814231d-2
      return
      end
