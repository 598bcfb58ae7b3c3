c=======================================================================
c     stiffdae Test Set kit: POLLU, the air pollution model of the Dutch
c     National Institute of Public Health (Verwer 1994): 20 species,
c     25 reactions, 0 <= t <= 60 minutes.
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
      fullnm = 'POLLU, air pollution model'
      problm = 'pollu'
      type = 'ODE'
      neqn = 20
      ndisc = 0
      t(0) = 0d0
      t(1) = 60d0
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
      y(2) = 0.2d0
      y(4) = 0.04d0
      y(7) = 0.1d0
      y(8) = 0.3d0
      y(9) = 0.01d0
      y(17) = 0.007d0
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

c     The 25 reaction rates r(j) = k(j) * (product of reactants).
      subroutine pollrt(y, r)
      double precision y(20), r(25)
      include 'pollk.inc'
      r(1) = k(1)*y(1)
      r(2) = k(2)*y(2)*y(4)
      r(3) = k(3)*y(5)*y(2)
      r(4) = k(4)*y(7)
      r(5) = k(5)*y(7)
      r(6) = k(6)*y(7)*y(6)
      r(7) = k(7)*y(9)
      r(8) = k(8)*y(9)*y(6)
      r(9) = k(9)*y(11)*y(2)
      r(10) = k(10)*y(11)*y(1)
      r(11) = k(11)*y(13)
      r(12) = k(12)*y(10)*y(2)
      r(13) = k(13)*y(14)
      r(14) = k(14)*y(1)*y(6)
      r(15) = k(15)*y(3)
      r(16) = k(16)*y(4)
      r(17) = k(17)*y(4)
      r(18) = k(18)*y(16)
      r(19) = k(19)*y(16)
      r(20) = k(20)*y(17)*y(6)
      r(21) = k(21)*y(19)
      r(22) = k(22)*y(19)
      r(23) = k(23)*y(1)*y(4)
      r(24) = k(24)*y(19)*y(1)
      r(25) = k(25)*y(20)
      return
      end

      subroutine feval(neqn, t, y, yprime, f, ierr, rpar, ipar)
      integer neqn, ierr, ipar(*)
      double precision t, y(neqn), yprime(neqn), f(neqn), rpar(*)
      double precision r(25)
      call pollrt(y, r)
c     Production minus loss of each species, losses first.
      f(1) = -r(1) - r(10) - r(14) - r(23) - r(24) + r(2) + r(3)
     +       + r(9) + r(11) + r(12) + r(22) + r(25)
      f(2) = -r(2) - r(3) - r(9) - r(12) + r(1) + r(21)
      f(3) = -r(15) + r(1) + r(17) + r(19) + r(22)
      f(4) = -r(2) - r(16) - r(17) - r(23) + r(15)
      f(5) = -r(3) + r(4) + r(4) + r(6) + r(7) + r(13) + r(20)
      f(6) = -r(6) - r(8) - r(14) - r(20) + r(3) + r(18) + r(18)
      f(7) = -r(4) - r(5) - r(6) + r(13)
      f(8) = r(4) + r(5) + r(6) + r(7)
      f(9) = -r(7) - r(8)
      f(10) = -r(12) + r(7) + r(9)
      f(11) = -r(9) - r(10) + r(8) + r(11)
      f(12) = r(9)
      f(13) = -r(11) + r(10)
      f(14) = -r(13) + r(12)
      f(15) = r(14)
      f(16) = -r(18) - r(19) + r(16)
      f(17) = -r(20)
      f(18) = r(20)
      f(19) = -r(21) - r(22) - r(24) + r(23) + r(25)
      f(20) = -r(25) + r(24)
      return
      end

      subroutine jeval(ldim, neqn, t, y, yprime, dfdy, ierr, rpar, ipar)
      integer ldim, neqn, ierr, ipar(*), i, j
      double precision t, y(neqn), yprime(neqn), dfdy(ldim, neqn)
      double precision rpar(*)
      include 'pollk.inc'
      do j = 1, neqn
         do i = 1, neqn
            dfdy(i, j) = 0d0
         end do
      end do
c     Row by row: d f_i / d y_j.
      dfdy(1, 1) = -k(1) - k(10)*y(11) - k(14)*y(6) - k(23)*y(4)
     +             - k(24)*y(19)
      dfdy(1, 2) = k(2)*y(4) + k(9)*y(11) + k(3)*y(5) + k(12)*y(10)
      dfdy(1, 4) = -k(23)*y(1) + k(2)*y(2)
      dfdy(1, 5) = k(3)*y(2)
      dfdy(1, 6) = -k(14)*y(1)
      dfdy(1, 10) = k(12)*y(2)
      dfdy(1, 11) = -k(10)*y(1) + k(9)*y(2)
      dfdy(1, 13) = k(11)
      dfdy(1, 19) = -k(24)*y(1) + k(22)
      dfdy(1, 20) = k(25)

      dfdy(2, 1) = k(1)
      dfdy(2, 2) = -k(2)*y(4) - k(3)*y(5) - k(9)*y(11) - k(12)*y(10)
      dfdy(2, 4) = -k(2)*y(2)
      dfdy(2, 5) = -k(3)*y(2)
      dfdy(2, 10) = -k(12)*y(2)
      dfdy(2, 11) = -k(9)*y(2)
      dfdy(2, 19) = k(21)

      dfdy(3, 1) = k(1)
      dfdy(3, 3) = -k(15)
      dfdy(3, 4) = k(17)
      dfdy(3, 16) = k(19)
      dfdy(3, 19) = k(22)

      dfdy(4, 1) = -k(23)*y(4)
      dfdy(4, 2) = -k(2)*y(4)
      dfdy(4, 3) = k(15)
      dfdy(4, 4) = -k(2)*y(2) - k(16) - k(17) - k(23)*y(1)

      dfdy(5, 2) = -k(3)*y(5)
      dfdy(5, 5) = -k(3)*y(2)
      dfdy(5, 6) = k(6)*y(7) + k(20)*y(17)
      dfdy(5, 7) = 2d0*k(4) + k(6)*y(6)
      dfdy(5, 9) = k(7)
      dfdy(5, 14) = k(13)
      dfdy(5, 17) = k(20)*y(6)

      dfdy(6, 1) = -k(14)*y(6)
      dfdy(6, 2) = k(3)*y(5)
      dfdy(6, 5) = k(3)*y(2)
      dfdy(6, 6) = -k(6)*y(7) - k(8)*y(9) - k(14)*y(1) - k(20)*y(17)
      dfdy(6, 7) = -k(6)*y(6)
      dfdy(6, 9) = -k(8)*y(6)
      dfdy(6, 16) = 2d0*k(18)
      dfdy(6, 17) = -k(20)*y(6)

      dfdy(7, 6) = -k(6)*y(7)
      dfdy(7, 7) = -k(4) - k(5) - k(6)*y(6)
      dfdy(7, 14) = k(13)

      dfdy(8, 6) = k(6)*y(7)
      dfdy(8, 7) = k(4) + k(5) + k(6)*y(6)
      dfdy(8, 9) = k(7)

      dfdy(9, 6) = -k(8)*y(9)
      dfdy(9, 9) = -k(7) - k(8)*y(6)

      dfdy(10, 2) = -k(12)*y(10) + k(9)*y(11)
      dfdy(10, 9) = k(7)
      dfdy(10, 10) = -k(12)*y(2)
      dfdy(10, 11) = k(9)*y(2)

      dfdy(11, 1) = -k(10)*y(11)
      dfdy(11, 2) = -k(9)*y(11)
      dfdy(11, 6) = k(8)*y(9)
      dfdy(11, 9) = k(8)*y(6)
      dfdy(11, 11) = -k(9)*y(2) - k(10)*y(1)
      dfdy(11, 13) = k(11)

      dfdy(12, 2) = k(9)*y(11)
      dfdy(12, 11) = k(9)*y(2)

      dfdy(13, 1) = k(10)*y(11)
      dfdy(13, 11) = k(10)*y(1)
      dfdy(13, 13) = -k(11)

      dfdy(14, 2) = k(12)*y(10)
      dfdy(14, 10) = k(12)*y(2)
      dfdy(14, 14) = -k(13)

      dfdy(15, 1) = k(14)*y(6)
      dfdy(15, 6) = k(14)*y(1)

      dfdy(16, 4) = k(16)
      dfdy(16, 16) = -k(18) - k(19)

      dfdy(17, 6) = -k(20)*y(17)
      dfdy(17, 17) = -k(20)*y(6)

      dfdy(18, 6) = k(20)*y(17)
      dfdy(18, 17) = k(20)*y(6)

      dfdy(19, 1) = -k(24)*y(19) + k(23)*y(4)
      dfdy(19, 4) = k(23)*y(1)
      dfdy(19, 19) = -k(21) - k(22) - k(24)*y(1)
      dfdy(19, 20) = k(25)

      dfdy(20, 1) = k(24)*y(19)
      dfdy(20, 19) = k(24)*y(1)
      dfdy(20, 20) = -k(25)
      return
      end

      subroutine meval(ldim, neqn, t, y, yprime, dfddy, ierr, rpar,
     +                 ipar)
      integer ldim, neqn, ierr, ipar(*)
      double precision t, y(neqn), yprime(neqn), dfddy(ldim, neqn)
      double precision rpar(*)
      return
      end

c     Reference solution at t = 60 (IVP Test Set).
      subroutine solut(neqn, t, y)
      integer neqn
      double precision t, y(neqn)
      y(1) = 0.5646255480022769d-01
      y(2) = 0.1342484130422339d+00
      y(3) = 0.4139734331099427d-08
      y(4) = 0.5523140207484359d-02
      y(5) = 0.2018977262302196d-06
      y(6) = 0.1464541863493966d-06
      y(7) = 0.7784249118997964d-01
      y(8) = 0.3245075353396018d+00
      y(9) = 0.7494013383880406d-02
      y(10) = 0.1622293157301561d-07
      y(11) = 0.1135863833257075d-07
      y(12) = 0.2230505975721359d-02
      y(13) = 0.2087162882798630d-03
      y(14) = 0.1396921016840158d-04
      y(15) = 0.8964884856898295d-02
      y(16) = 0.4352846369330103d-17
      y(17) = 0.6899219696263405d-02
      y(18) = 0.1007803037365946d-03
      y(19) = 0.1772146513969984d-05
      y(20) = 0.5682943292316392d-04
      return
      end
