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

c     Consistent initial values (IVP Test Set, revised by de Swart).
      subroutine init(neqn, t, y, yprime, consis)
      integer neqn, i
      double precision t, y(neqn), yprime(neqn)
      logical consis
      do i = 1, neqn
         y(i) = 0d0
         yprime(i) = 0d0
      end do
      y(1) = 0.14941d-2
      y(2) = 0.40089d-6
      y(3) = 0.11241d-5
      y(4) = -0.28573d-3
      y(5) = 0.26459d-3
      y(12) = -7.4122380357667139d-6
      y(13) = -0.1521364296121248d0
      y(14) = 7.5634406395172940d-6
      y(15) = 0.1490635714733819d0
      y(16) = -0.83593d-2
      y(17) = -0.74144d-2
      yprime(6) = -1.975258894011285d0
      yprime(7) = -1.0898297102811276d-3
      yprime(8) = 7.8855083626142589d-2
      yprime(9) = -5.533362821731549d0
      yprime(10) = -0.3487021489546511d0
      yprime(11) = -2.132968724380927d0
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

c-----------------------------------------------------------------------
c     The residual F(t, y, y'): kinematics (1-5), Newton's law (6-8),
c     Euler's law (9-11), contact conditions (12-15) and the velocity
c     constraints (16-17). A state outside the rail profile is reported
c     with ierr = -1.
c-----------------------------------------------------------------------
      subroutine feval(neqn, t, y, yprime, f, ierr, rpar, ipar)
      integer neqn, ierr, ipar(*), i
      double precision t, y(neqn), yprime(neqn), f(neqn), rpar(*)
      double precision xx, yy, zz, teta, phi, xxp, yyp, zzp, tetap
      double precision phip, betap, el, er, psil, xrl, psir, xrr
      double precision sit, cot, sip, cop, sia, coa, sisl, cosl
      double precision sisr, cosr, rxl, drxl, rxr, drxr, xgl, xgr
      double precision dgxl, d2gxl, dgxr, d2gxr, ql(5), qr(5)
      double precision w1, w2, deltal, deltar, sidl, codl, sidr, codr
      double precision deter, fnl, fnr, tl(3), tr(3)
      double precision fq1, fq2, fq3, lm1, lm2, lm3, omb
      include 'wheelc.inc'

      xx = y(1)
      yy = y(2)
      zz = y(3)
      teta = y(4)
      phi = y(5)
      xxp = y(6)
      yyp = y(7)
      zzp = y(8)
      tetap = y(9)
      phip = y(10)
      betap = y(11)
      psil = y(12)
      xrl = y(13)
      psir = y(14)
      xrr = y(15)
c     y16 belongs to the right contact, y17 to the left one.
      el = y(17)*cscale
      er = y(16)*cscale

      sit = sin(teta)
      cot = cos(teta)
      sip = sin(phi)
      cop = cos(phi)
      sia = sin(alpha0)
      coa = cos(alpha0)
      sisl = sin(psil)
      cosl = cos(psil)
      sisr = sin(psir)
      cosr = cos(psir)

c     Wheel (cone) and rail (circle) profiles at the contact points.
      call wheelp(xrl, rxl, drxl)
      xgl = xx + xrl*cot*cop + rxl*(cot*sip*cosl - sit*sisl)
      call railp(xgl, dgxl, d2gxl, ierr)
      call wheelp(xrr, rxr, drxr)
      xgr = xx + xrr*cot*cop + rxr*(cot*sip*cosr - sit*sisr)
      call railp(xgr, dgxr, d2gxr, ierr)
      if (ierr .ne. 0) return

      call constm(xrl, rxl, dgxl, sit, cot, sip, cop, sisl, cosl, ql)
      call constm(xrr, rxr, dgxr, sit, cot, sip, cop, sisr, cosr, qr)

c     Contact angles and the normal forces from the multipliers.
      w1 = (drxl*cop - sip*cosl)*cot + sisl*sit
      w2 = -drxl*sip - cosl*cop
      deltal = atan(w1/w2)
      w1 = (drxr*cop - sip*cosr)*cot + sisr*sit
      w2 = drxr*sip + cosr*cop
      deltar = atan(w1/w2)
      sidl = sin(deltal)
      codl = cos(deltal)
      sidr = sin(deltar)
      codr = cos(deltar)
      deter = -sidl*codr - sidr*codl
      w1 = ql(1)*el + qr(1)*er
      w2 = ql(2)*el + qr(2)*er
      fnl = (codr*w1 - sidr*w2)/deter
      fnr = (-codl*w1 - sidl*w2)/deter

      call creep(y, fnl, rxl, drxl, dgxl, d2gxl, deltal, psil, xrl,
     +           1d0, tl)
      call creep(y, fnr, rxr, drxr, dgxr, d2gxr, deltar, psir, xrr,
     +           -1d0, tr)

c     Forces and moments of the (here massless) wagon body and springs.
      fq1 = ma*gg*(v0**2*s0/gg - tan(alpha0))/coa
      fq2 = -ma*gg*coa*(v0**2*s0*tan(alpha0)/gg + 1d0)
      fq3 = -2d0*cz*zz
      lm1 = 0d0
      lm2 = -2d0*xl**2*cz*teta
      lm3 = -ha*fq1
      omb = omega0 + betap

      do i = 1, 5
         f(i) = y(i+5) - yprime(i)
      end do

      f(6) = mr*(-yprime(6) + v0**2*s0*coa*(1d0 + (xx*coa - yy*sia)*s0)
     +       + 2d0*v0*s0*coa*zzp) + tl(1) + tr(1) + fq1 - mr*gg*sia
     +       + ql(1)*el + qr(1)*er - 2d0*cx*xx
      f(7) = mr*(-yprime(7) - v0**2*s0*sia*(1d0 + (xx*coa - yy*sia)*s0)
     +       - 2d0*v0*s0*sia*zzp) + tl(2) + tr(2) + fq2 - mr*gg*coa
     +       + ql(2)*el + qr(2)*er
      f(8) = mr*(-yprime(8) - 2d0*v0*s0*(xxp*coa - yyp*sia)
     +       + v0**2*s0**2*zz) + tl(3) + tr(3) + fa0 + fq3
     +       + ql(3)*el + qr(3)*er

      w1 = -(xrl*sit + rxl*sisl*cot*cop)*tl(1) - rxl*sisl*sip*tl(2)
     +     + (-xrl*cot + rxl*sisl*sit*cop)*tl(3)
      w2 = -(xrr*sit + rxr*sisr*cot*cop)*tr(1) - rxr*sisr*sip*tr(2)
     +     + (-xrr*cot + rxr*sisr*sit*cop)*tr(3)
      f(9) = -li2*(yprime(9)*cop - tetap*phip*sip
     +       + v0*s0*(phip*(sia*cot*cop + coa*sip)
     +       - tetap*sia*sit*sip))
     +       - li1*omb*(phip - v0*s0*sit*sia)
     +       - (li1 - li2)*(tetap*sip - v0*s0*(cot*cop*sia + sip*coa))
     +       *(phip - v0*s0*sit*sia)
     +       + w1 + w2 + cop*lm2 - cot*sip*lm1 + sit*sip*lm3
     +       + ql(4)*el + qr(4)*er

      w1 = -(xrl*cot*sip - rxl*cosl*cot*cop)*tl(1)
     +     + (xrl*cop + rxl*cosl*sip)*tl(2)
     +     + (xrl*sit*sip - rxl*cosl*sit*cop)*tl(3)
      w2 = -(xrr*cot*sip - rxr*cosr*cot*cop)*tr(1)
     +     + (xrr*cop + rxr*cosr*sip)*tr(2)
     +     + (xrr*sit*sip - rxr*cosr*sit*cop)*tr(3)
      f(10) = -li2*(yprime(10) - tetap*v0*s0*sia*cot)
     +        + li1*omb*(tetap*cop + v0*s0*(cot*sip*sia - cop*coa))
     +        + (li1 - li2)*(tetap*sip - v0*s0*(cot*cop*sia + sip*coa))
     +        *(tetap*cop + v0*s0*(cot*sip*sia - cop*coa))
     +        + w1 + w2 + lm3 + ql(5)*el + qr(5)*er

      w1 = -rxl*(cosl*sit + sisl*cot*sip)*tl(1) + rxl*sisl*cop*tl(2)
     +     - rxl*(cosl*cot - sisl*sit*sip)*tl(3)
      w2 = -rxr*(cosr*sit + sisr*cot*sip)*tr(1) + rxr*sisr*cop*tr(2)
     +     - rxr*(cosr*cot - sisr*sit*sip)*tr(3)
      f(11) = -li1*(yprime(11) + yprime(9)*sip + tetap*phip*cop
     +        - v0*s0*(phip*(coa*cop - sia*cot*sip)
     +        - tetap*sia*sit*cop)) + w1 + w2 + sip*lm2 + la0

c     Contact conditions: wheel and rail touch tangentially.
      f(12) = dgxl*(drxl*sip + cop*cosl) + drxl*cot*cop
     +        - cot*sip*cosl + sit*sisl
      f(13) = drxl*sit*cop - sit*sip*cosl - cot*sisl
      f(14) = dgxr*(drxr*sip + cop*cosr) + drxr*cot*cop
     +        - cot*sip*cosr + sit*sisr
      f(15) = drxr*sit*cop - sit*sip*cosr - cot*sisr

c     Velocity constraints G v = 0 (right with y16, left with y17).
      f(16) = 0d0
      f(17) = 0d0
      do i = 1, 5
         f(16) = f(16) + qr(i)*y(5+i)
         f(17) = f(17) + ql(i)*y(5+i)
      end do
      return
      end

c     The wheel profile (a cone): radius and slope at x.
      subroutine wheelp(x, rx, drx)
      double precision x, rx, drx
      include 'wheelc.inc'
      rx = rn0 + tand0*(ar - abs(x))
      drx = sign(tand0, -x)
      return
      end

c     The rail profile (a circle): slope and curvature at xg.
      subroutine railp(xg, dsx, d2sx, ierr)
      double precision xg, dsx, d2sx, arg, tt, dx
      integer ierr
      include 'wheelc.inc'
      dx = abs(xg) - ar - sin(delta0)*rs
      arg = rs**2 - dx**2
      if (arg .le. 0d0) then
         ierr = -1
         return
      end if
      tt = sqrt(arg)
      dsx = sign(1d0, xg)*(-dx)/tt
      d2sx = -rs**2/tt**3
      return
      end

c     One row of the constraint Jacobian G = dg/dp at a contact point.
      subroutine constm(xr, rx, dgx, sit, cot, sip, cop, sips, cops, q)
      double precision xr, rx, dgx, sit, cot, sip, cop, sips, cops
      double precision q(5)
      q(1) = dgx
      q(2) = -1d0
      q(3) = 0d0
      q(4) = dgx*(rx*(-cot*sips - cops*sip*sit) - cop*sit*xr)
      q(5) = -(cops*rx*sip) - cop*xr
     +       + dgx*(cop*cops*cot*rx - cot*sip*xr)
      return
      end

c-----------------------------------------------------------------------
c     Creep forces at one contact point (Kalker's linear theory with a
c     saturating tanh law): the contact ellipse from the normal force
c     fn, the creepages from the relative velocities, the forces in the
c     track frame. side = +1 left, -1 right (mirrors the sign terms).
c-----------------------------------------------------------------------
      subroutine creep(y, fn, rx, drx, dgx, d2gx, delta, psi, xr,
     +                 side, tforce)
      double precision y(*), fn, rx, drx, dgx, d2gx, delta, psi, xr
      double precision side, tforce(3)
      double precision xx, yy, zz, sip, cop, xxp, yyp, zzp, tetap
      double precision phip, betap, sis, cos_, sia, coa, sid, cod
      double precision sit, cot, rr, rhog, rhor, aa, bb, wabs, c
      double precision wvk1, wvk2, wvk3, wvk4, wvk5, wvk6, wvr
      double precision wnux, wnuy, wphis, wt, tx, ty, sqt, omb
      include 'wheelc.inc'
      xx = y(1)
      yy = y(2)
      zz = y(3)
      sip = sin(y(5))
      cop = cos(y(5))
      xxp = y(6)
      yyp = y(7)
      zzp = y(8)
      tetap = y(9)
      phip = y(10)
      betap = y(11)
      sis = sin(psi)
      cos_ = cos(psi)
      sia = sin(alpha0)
      coa = cos(alpha0)
      sid = sin(delta)
      cod = cos(delta)
      sit = sin(y(4)/cod)
      cot = cos(y(4)/cod)
      omb = omega0 + betap

c     Semi-axis of the contact ellipse (Hertz).
      rr = rx*sqrt(1d0 + drx**2)
      rhog = -d2gx/(1d0 + dgx**2)**1.5d0
      rhor = 0d0
      aa = 0.5d0/rr
      bb = 0.5d0*(rhog + rhor)
      wabs = abs(fn)*3d0
      c = ((wabs*(1d0 - sigma)*ecrp)
     +    /(2d0*pi*(aa + bb)*gm*sqrt(gcrp)))**(1d0/3d0)

c     Relative velocity of the contact point.
      wvk1 = -omb*rx*(sit*cos_ + cot*sip*sis)
     +       + v0*s0*coa*(rx*(sit*sip*cos_ + cot*sis) + xr*sit*cop - zz)
     +       + xxp - tetap*(rx*(sit*sip*cos_ + cot*sis) + xr*sit*cop)
     +       - phip*cot*(xr*sip - rx*cop*cos_)
      wvk2 = omb*rx*cop*sis
     +       + v0*s0*sia*(zz - xr*sit*cop
     +       - rx*(sit*sip*cos_ + cot*sis))
     +       + yyp + phip*(xr*cop + rx*sip*cos_)
      wvk3 = -omb*rx*(cot*cos_ - sit*sip*sis) + v0 + zzp
     +       + v0*s0*(xx*coa - yy*sia
     +       + coa*(rx*(cot*sip*cos_ - sit*sis) + xr*cot*cop)
     +       + sia*(rx*cop*cos_ - xr*sip))
     +       - tetap*(xr*cot*cop + rx*(cot*sip*cos_ - sit*sis))
     +       + phip*sit*(xr*sip - rx*cop*cos_)

c     Rolling velocity and creepages.
      wvk4 = wvk1 - 2d0*xxp + 2d0*v0*s0*zz*coa
      wvk5 = wvk2 - 2d0*yyp - 2d0*v0*s0*zz*sia
      wvk6 = wvk3 - 2d0*zzp - 2d0*v0*s0*(xx*coa - yy*sia) - 2d0*v0
      wvr = 0.5d0*sqrt(wvk4**2 + wvk5**2 + wvk6**2)
      wnux = (sit*wvk1 + cot*wvk3)/wvr
      wnuy = (cot*cod*wvk1 + side*sid*wvk2 - sit*cod*wvk3)/wvr
      wphis = (-side*sid*(omb - v0*s0*sia)
     +        + cod*(tetap - v0*s0*coa))/wvr

c     Creep forces, saturated at the friction limit mu fn.
      wt = mu*fn
      tx = -wt*tanh(gm*c**2*c11*wnux/wt)
      ty = -wt*tanh(gm*c**2*c22*wnuy/wt + gm*c**3*c23*wphis/wt)
      sqt = sqrt(tx**2 + ty**2)
      if (sqt**2 .gt. wt**2) then
         tx = tx*abs(wt)/sqt
         ty = ty*abs(wt)/sqt
      end if
      tforce(1) = sit*tx + cot*cod*ty
      tforce(2) = side*sid*ty
      tforce(3) = cot*tx - sit*cod*ty
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
