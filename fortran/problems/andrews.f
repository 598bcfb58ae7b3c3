c=======================================================================
c     stiffdae Test Set kit: Andrews' squeezing mechanism (Giles 1978,
c     Manning 1981; Hairer & Wanner II, §VII.7), seven rigid bodies
c     connected by joints, index-3 DAE  K y' = phi(y)  with n = 27,
c     K = diag(I14, 0), y = (q, q', q'', lambda), 0 <= t <= 0.03.
c     Index 1: y1..y7, index 2: y8..y14, index 3: y15..y27.
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
      fullnm = 'Andrews'' squeezing mechanism'
      problm = 'andrews'
      type = 'DAE'
      neqn = 27
      ndisc = 0
      t(0) = 0d0
      t(1) = 0.03d0
      numjac = .false.
      mljac = neqn
      mujac = neqn
      nummas = .false.
      mlmas = 0
      mumas = 0
      do i = 1, neqn
         if (i .le. 7) then
            ind(i) = 1
         else if (i .le. 14) then
            ind(i) = 2
         else
            ind(i) = 3
         end if
      end do
      return
      end

c     Consistent initial values (IVP Test Set).
      subroutine init(neqn, t, y, yprime, consis)
      integer neqn, i
      double precision t, y(neqn), yprime(neqn)
      logical consis
      do i = 1, neqn
         y(i) = 0d0
         yprime(i) = 0d0
      end do
      y(1) = -0.0617138900142764496358948458001d0
      y(3) = 0.455279819163070380255912382449d0
      y(4) = 0.222668390165885884674473185609d0
      y(5) = 0.487364979543842550225598953530d0
      y(6) = -0.222668390165885884674473185609d0
      y(7) = 1.23054744454982119249735015568d0
      y(15) = 14222.4439199541138705911625887d0
      y(16) = -10666.8329399655854029433719415d0
      y(22) = 98.5668703962410896057654982170d0
      y(23) = -6.12268834425566265503114393122d0
      do i = 1, 7
         yprime(i) = y(i+7)
         yprime(i+7) = y(i+14)
      end do
      consis = .true.
      return
      end

      subroutine settolerances(neqn, rtol, atol, tolvec)
      integer neqn
      double precision rtol(neqn), atol(neqn)
      logical tolvec
      tolvec = .false.
      return
      end

c     scd over the seven angles only: the multipliers and accelerations
c     of an index-3 problem are not expected to be accurate.
      subroutine setoutput(neqn, solref, printsolout, nindsol, indsol)
      integer neqn, nindsol, indsol(neqn), i
      logical solref, printsolout
      solref = .true.
      printsolout = .false.
      nindsol = 7
      do i = 1, 7
         indsol(i) = i
      end do
      return
      end

      subroutine feval(neqn, t, y, yprime, f, ierr, rpar, ipar)
      integer neqn, ierr, ipar(*), i, j
      double precision t, y(neqn), yprime(neqn), f(neqn), rpar(*)
      include 'andrc.inc'
      double precision sibe, cobe, sith, coth, siga, coga, siph, coph
      double precision side, code, siom, coom, siep, coep
      double precision sibeth, cobeth, siphde, cophde, siomep, coomep
      double precision bep, thp, php, dep, omp, epp
      double precision xd, yd, lang, force, fx, fy
      double precision am(7, 7), ff(7), gp(6, 7), g(6)

      sibe = sin(y(1))
      cobe = cos(y(1))
      sith = sin(y(2))
      coth = cos(y(2))
      siga = sin(y(3))
      coga = cos(y(3))
      siph = sin(y(4))
      coph = cos(y(4))
      side = sin(y(5))
      code = cos(y(5))
      siom = sin(y(6))
      coom = cos(y(6))
      siep = sin(y(7))
      coep = cos(y(7))
      sibeth = sin(y(1) + y(2))
      cobeth = cos(y(1) + y(2))
      siphde = sin(y(4) + y(5))
      cophde = cos(y(4) + y(5))
      siomep = sin(y(6) + y(7))
      coomep = cos(y(6) + y(7))
      bep = y(8)
      thp = y(9)
      php = y(11)
      dep = y(12)
      omp = y(13)
      epp = y(14)

      call andmg(y, am, gp)

c     The spring between the pivot C and point D of body 3.
      xd = sd*coga + sc*siga + xb
      yd = sd*siga - sc*coga + yb
      lang = sqrt((xd - xc)**2 + (yd - yc)**2)
      force = -c0*(lang - l0)/lang
      fx = force*(xd - xc)
      fy = force*(yd - yc)

c     Applied and velocity-dependent forces.
      ff(1) = mom - m2*da*rr*thp*(thp + 2*bep)*sith
      ff(2) = m2*da*rr*bep**2*sith
      ff(3) = fx*(sc*coga - sd*siga) + fy*(sd*coga + sc*siga)
      ff(4) = m4*zt*(e - ea)*dep**2*coph
      ff(5) = -m4*zt*(e - ea)*php*(php + 2*dep)*coph
      ff(6) = -m6*u*(zf - fa)*epp**2*coom
      ff(7) = m6*u*(zf - fa)*omp*(omp + 2*epp)*coom

c     The position constraints g(q) = 0.
      g(1) = rr*cobe - d*cobeth - ss*siga - xb
      g(2) = rr*sibe - d*sibeth + ss*coga - yb
      g(3) = rr*cobe - d*cobeth - e*siphde - zt*code - xa
      g(4) = rr*sibe - d*sibeth + e*cophde - zt*side - ya
      g(5) = rr*cobe - d*cobeth - zf*coomep - u*siep - xa
      g(6) = rr*sibe - d*sibeth - zf*siomep + u*coep - ya

c     q' = v, v' = w;  0 = M w - f + G^T lambda;  0 = g(q).
      do i = 1, 14
         f(i) = y(i+7)
      end do
      do i = 1, 7
         f(14+i) = -ff(i)
         do j = 1, 7
            f(14+i) = f(14+i) + am(i, j)*y(14+j)
         end do
         do j = 1, 6
            f(14+i) = f(14+i) + gp(j, i)*y(21+j)
         end do
      end do
      do i = 1, 6
         f(21+i) = g(i)
      end do
      return
      end

c     The mass matrix M(q) (symmetric) and the constraint Jacobian
c     G(q) = dg/dq (6 x 7) at the angles y(1..7).
      subroutine andmg(y, am, gp)
      double precision y(*), am(7, 7), gp(6, 7)
      integer i, j
      include 'andrc.inc'
      double precision sibe, cobe, coth, siga, coga, siph, side, code
      double precision siom, siep, coep, sibeth, cobeth, siphde, cophde
      double precision siomep, coomep
      sibe = sin(y(1))
      cobe = cos(y(1))
      coth = cos(y(2))
      siga = sin(y(3))
      coga = cos(y(3))
      siph = sin(y(4))
      side = sin(y(5))
      code = cos(y(5))
      siom = sin(y(6))
      siep = sin(y(7))
      coep = cos(y(7))
      sibeth = sin(y(1) + y(2))
      cobeth = cos(y(1) + y(2))
      siphde = sin(y(4) + y(5))
      cophde = cos(y(4) + y(5))
      siomep = sin(y(6) + y(7))
      coomep = cos(y(6) + y(7))
c     The configuration-dependent mass matrix M(q), symmetric.
      do j = 1, 7
         do i = 1, 7
            am(i, j) = 0d0
         end do
      end do
      am(1, 1) = m1*ra**2 + m2*(rr**2 - 2*da*rr*coth + da**2) + i1 + i2
      am(2, 1) = m2*(da**2 - da*rr*coth) + i2
      am(2, 2) = m2*da**2 + i2
      am(3, 3) = m3*(sa**2 + sb**2) + i3
      am(4, 4) = m4*(e - ea)**2 + i4
      am(5, 4) = m4*((e - ea)**2 + zt*(e - ea)*siph) + i4
      am(5, 5) = m4*(zt**2 + 2*zt*(e - ea)*siph + (e - ea)**2)
     +           + m5*(ta**2 + tb**2) + i4 + i5
      am(6, 6) = m6*(zf - fa)**2 + i6
      am(7, 6) = m6*((zf - fa)**2 - u*(zf - fa)*siom) + i6
      am(7, 7) = m6*((zf - fa)**2 - 2*u*(zf - fa)*siom + u**2)
     +           + m7*(ua**2 + ub**2) + i6 + i7
      do j = 2, 7
         do i = 1, j - 1
            am(i, j) = am(j, i)
         end do
      end do

c     The constraint Jacobian G = dg/dq (6 x 7).
      do j = 1, 7
         do i = 1, 6
            gp(i, j) = 0d0
         end do
      end do
      gp(1, 1) = -rr*sibe + d*sibeth
      gp(1, 2) = d*sibeth
      gp(1, 3) = -ss*coga
      gp(2, 1) = rr*cobe - d*cobeth
      gp(2, 2) = -d*cobeth
      gp(2, 3) = -ss*siga
      gp(3, 1) = -rr*sibe + d*sibeth
      gp(3, 2) = d*sibeth
      gp(3, 4) = -e*cophde
      gp(3, 5) = -e*cophde + zt*side
      gp(4, 1) = rr*cobe - d*cobeth
      gp(4, 2) = -d*cobeth
      gp(4, 4) = -e*siphde
      gp(4, 5) = -e*siphde - zt*code
      gp(5, 1) = -rr*sibe + d*sibeth
      gp(5, 2) = d*sibeth
      gp(5, 6) = zf*siomep
      gp(5, 7) = zf*siomep - u*coep
      gp(6, 1) = rr*cobe - d*cobeth
      gp(6, 2) = -d*cobeth
      gp(6, 6) = -zf*coomep
      gp(6, 7) = -zf*coomep - u*siep

      return
      end

c     The approximate Jacobian of Hairer & Wanner II, §VII.7 (p. 540):
c     the derivatives of M(q) w, of the forces and of G(q)^T lambda with
c     respect to q and q' are neglected.
      subroutine jeval(ldim, neqn, t, y, yprime, dfdy, ierr, rpar, ipar)
      integer ldim, neqn, ierr, ipar(*), i, j
      double precision t, y(neqn), yprime(neqn), dfdy(ldim, neqn)
      double precision rpar(*)
      double precision am(7, 7), gp(6, 7)
      call andmg(y, am, gp)
      do j = 1, neqn
         do i = 1, neqn
            dfdy(i, j) = 0d0
         end do
      end do
      do i = 1, 14
         dfdy(i, i+7) = 1d0
      end do
      do i = 1, 7
         do j = 1, 7
            dfdy(14+j, 14+i) = am(j, i)
         end do
      end do
      do i = 1, 6
         do j = 1, 7
            dfdy(14+j, 21+i) = gp(i, j)
            dfdy(21+i, j) = gp(i, j)
         end do
      end do
      return
      end

c     K = diag(I14, 0) in band storage with no off-diagonals.
      subroutine meval(ldim, neqn, t, y, yprime, dfddy, ierr, rpar,
     +                 ipar)
      integer ldim, neqn, ierr, ipar(*), i
      double precision t, y(neqn), yprime(neqn), dfddy(ldim, neqn)
      double precision rpar(*)
      do i = 1, neqn
         dfddy(1, i) = 0d0
      end do
      do i = 1, 14
         dfddy(1, i) = 1d0
      end do
      return
      end

c     Reference solution at t = 0.03 (IVP Test Set; PSIDE, Cray C90).
      subroutine solut(neqn, t, y)
      integer neqn
      double precision t, y(neqn)
      y(1) = 0.1581077119629904d+2
      y(2) = -0.1575637105984298d+2
      y(3) = 0.4082224013073101d-1
      y(4) = -0.5347301163226948d+0
      y(5) = 0.5244099658805304d+0
      y(6) = 0.5347301163226948d+0
      y(7) = 0.1048080741042263d+1
      y(8) = 0.1139920302151208d+4
      y(9) = -0.1424379294994111d+4
      y(10) = 0.1103291221937134d+2
      y(11) = 0.1929337464421385d+2
      y(12) = 0.5735699284790808d+0
      y(13) = -0.1929337464421385d+2
      y(14) = 0.3231791658026955d+0
      y(15) = -0.2463176316945196d+5
      y(16) = 0.5185037701610329d+5
      y(17) = 0.3241025686413781d+6
      y(18) = 0.5667493645176213d+6
      y(19) = 0.1674362929479361d+5
      y(20) = -0.5667493645176222d+6
      y(21) = 0.9826520791458422d+4
      y(22) = 0.1991753333731910d+3
      y(23) = -0.2975531228015052d+2
      y(24) = 0.2306654119098399d+2
      y(25) = 0.3145271365475927d+2
      y(26) = 0.2264249232082739d+2
      y(27) = 0.1161740700019673d+2
      return
      end
