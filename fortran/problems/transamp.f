c=======================================================================
c     stiffdae Test Set kit: transistor amplifier (Rentrop, Roche &
c     Steinebach 1989), index-1 DAE  M y' = f(t, y),  n = 8,
c     0 <= t <= 0.2, input 0.1 sin(200 pi t). Banded Jacobian (2, 1)
c     and banded constant mass matrix (1, 1).
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
      fullnm = 'Transistor amplifier'
      problm = 'transamp'
      type = 'DAE'
      neqn = 8
      ndisc = 0
      t(0) = 0d0
      t(1) = 0.2d0
      numjac = .false.
      mljac = 2
      mujac = 1
      nummas = .false.
      mlmas = 1
      mumas = 1
      do i = 1, neqn
         ind(i) = 0
      end do
      return
      end

      subroutine init(neqn, t, y, yprime, consis)
      integer neqn
      double precision t, y(neqn), yprime(neqn)
      logical consis
      include 'tampc.inc'
      y(1) = 0d0
      y(2) = ub/(r(2)/r(1) + 1d0)
      y(3) = y(2)
      y(4) = ub
      y(5) = ub/(r(6)/r(5) + 1d0)
      y(6) = y(5)
      y(7) = y(4)
      y(8) = 0d0
      consis = .true.
c     y'(3), y'(6) from the capacitor equations; the others computed
c     numerically (IVP Test Set).
      yprime(1) = 51.338775d0
      yprime(2) = 51.338775d0
      yprime(3) = -y(2)/(c(2)*r(3))
      yprime(4) = -24.9757667d0
      yprime(5) = -24.9757667d0
      yprime(6) = -y(5)/(c(4)*r(7))
      yprime(7) = -10.00564453d0
      yprime(8) = -10.00564453d0
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

c     The transistor currents beta (exp(u/uf) - 1) overflow for large
c     gate voltages: such a state is reported with ierr = -1.
      subroutine feval(neqn, t, y, yprime, f, ierr, rpar, ipar)
      integer neqn, ierr, ipar(*)
      double precision t, y(neqn), yprime(neqn), f(neqn), rpar(*)
      double precision uet, ia, ib
      include 'tampc.inc'
      uet = 0.1d0*sin(200d0*pi*t)
      if ((y(2) - y(3))/uf .gt. 300d0 .or.
     +    (y(5) - y(6))/uf .gt. 300d0) then
         ierr = -1
         return
      end if
      ia = beta*(exp((y(2) - y(3))/uf) - 1d0)
      ib = beta*(exp((y(5) - y(6))/uf) - 1d0)
      f(1) = (y(1) - uet)/r(0)
      f(2) = y(2)/r(1) + (y(2) - ub)/r(2) + (1d0 - alpha)*ia
      f(3) = y(3)/r(3) - ia
      f(4) = (y(4) - ub)/r(4) + alpha*ia
      f(5) = y(5)/r(5) + (y(5) - ub)/r(6) + (1d0 - alpha)*ib
      f(6) = y(6)/r(7) - ib
      f(7) = (y(7) - ub)/r(8) + alpha*ib
      f(8) = y(8)/r(9)
      return
      end

c     Band storage: dfdy(i - j + mujac + 1, j) with mujac = 1.
      subroutine jeval(ldim, neqn, t, y, yprime, dfdy, ierr, rpar, ipar)
      integer ldim, neqn, ierr, ipar(*), j
      double precision t, y(neqn), yprime(neqn), dfdy(ldim, neqn)
      double precision rpar(*), ga, gb
      include 'tampc.inc'
      if ((y(2) - y(3))/uf .gt. 300d0 .or.
     +    (y(5) - y(6))/uf .gt. 300d0) then
         ierr = -1
         return
      end if
      ga = beta*exp((y(2) - y(3))/uf)/uf
      gb = beta*exp((y(5) - y(6))/uf)/uf
      do j = 1, 8
         dfdy(1, j) = 0d0
         dfdy(3, j) = 0d0
         dfdy(4, j) = 0d0
      end do
      dfdy(2, 1) = 1d0/r(0)
      dfdy(2, 2) = 1d0/r(1) + 1d0/r(2) + (1d0 - alpha)*ga
      dfdy(3, 2) = -ga
      dfdy(4, 2) = alpha*ga
      dfdy(1, 3) = -(1d0 - alpha)*ga
      dfdy(2, 3) = 1d0/r(3) + ga
      dfdy(3, 3) = -alpha*ga
      dfdy(2, 4) = 1d0/r(4)
      dfdy(2, 5) = 1d0/r(5) + 1d0/r(6) + (1d0 - alpha)*gb
      dfdy(3, 5) = -gb
      dfdy(4, 5) = alpha*gb
      dfdy(1, 6) = -(1d0 - alpha)*gb
      dfdy(2, 6) = 1d0/r(7) + gb
      dfdy(3, 6) = -alpha*gb
      dfdy(2, 7) = 1d0/r(8)
      dfdy(2, 8) = 1d0/r(9)
      return
      end

c     Capacitances: band storage dfddy(i - j + mumas + 1, j), mumas = 1.
      subroutine meval(ldim, neqn, t, y, yprime, dfddy, ierr, rpar,
     +                 ipar)
      integer ldim, neqn, ierr, ipar(*), j
      double precision t, y(neqn), yprime(neqn), dfddy(ldim, neqn)
      double precision rpar(*)
      include 'tampc.inc'
      do j = 1, neqn
         dfddy(1, j) = 0d0
         dfddy(3, j) = 0d0
      end do
      dfddy(2, 1) = -c(1)
      dfddy(3, 1) = c(1)
      dfddy(1, 2) = c(1)
      dfddy(2, 2) = -c(1)
      dfddy(2, 3) = -c(2)
      dfddy(2, 4) = -c(3)
      dfddy(3, 4) = c(3)
      dfddy(1, 5) = c(3)
      dfddy(2, 5) = -c(3)
      dfddy(2, 6) = -c(4)
      dfddy(2, 7) = -c(5)
      dfddy(3, 7) = c(5)
      dfddy(1, 8) = c(5)
      dfddy(2, 8) = -c(5)
      return
      end

c     Reference solution at t = 0.2 (IVP Test Set).
      subroutine solut(neqn, t, y)
      integer neqn
      double precision t, y(neqn)
      y(1) = -0.5562145012262709d-002
      y(2) = 0.3006522471903042d+001
      y(3) = 0.2849958788608128d+001
      y(4) = 0.2926422536206241d+001
      y(5) = 0.2704617865010554d+001
      y(6) = 0.2761837778393145d+001
      y(7) = 0.4770927631616772d+001
      y(8) = 0.1236995868091548d+001
      return
      end
