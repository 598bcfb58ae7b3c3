c=======================================================================
c     stiffdae Test Set kit: the car axis (Schneider 1994), index-3 DAE
c       p' = q,  K q' = f(t, p, lambda),  0 = phi(t, p),
c     n = 10, y = (p, q, lambda), K = eps**2 M/2 I4, 0 <= t <= 3.
c     The right wheel rolls over a bump: yb = r sin(w t).
c     Index 1: y1..y4, index 2: y5..y8, index 3: y9, y10.
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
      fullnm = 'Car axis'
      problm = 'caraxis'
      type = 'DAE'
      neqn = 10
      ndisc = 0
      t(0) = 0d0
      t(1) = 3d0
      numjac = .true.
      mljac = neqn
      mujac = neqn
      nummas = .false.
      mlmas = 0
      mumas = 0
      do i = 1, neqn
         ind(i) = (i + 3)/4
      end do
      return
      end

      subroutine init(neqn, t, y, yprime, consis)
      integer neqn, i
      double precision t, y(neqn), yprime(neqn), f(10), rpar(1)
      integer ierr, ipar(1)
      logical consis
      include 'carc.inc'
      y(1) = 0d0
      y(2) = l0
      y(3) = l
      y(4) = l0
      y(5) = -l0/l
      y(6) = 0d0
      y(7) = -l0/l
      y(8) = 0d0
      y(9) = 0d0
      y(10) = 0d0
      ierr = 0
      call feval(neqn, t, y, yprime, f, ierr, rpar, ipar)
      do i = 1, 4
         yprime(i) = y(i+4)
         yprime(i+4) = 2d0/(m*eps*eps)*f(i+4)
      end do
      yprime(9) = 0d0
      yprime(10) = 0d0
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
      integer neqn, ierr, ipar(*), i
      double precision t, y(neqn), yprime(neqn), f(neqn), rpar(*)
      double precision xb, yb, xl, yl, xr, yr, lam1, lam2, ll, lr
      include 'carc.inc'
c     The bump under the right wheel and the axis length constraint.
      yb = r*sin(w*t)
      xb = sqrt(l*l - yb*yb)
      do i = 1, 4
         f(i) = y(i+4)
      end do
      xl = y(1)
      yl = y(2)
      xr = y(3)
      yr = y(4)
      lam1 = y(9)
      lam2 = y(10)
c     Spring lengths of the left and right suspension.
      ll = sqrt(xl**2 + yl**2)
      lr = sqrt((xr - xb)**2 + (yr - yb)**2)
      f(5) = (l0 - ll)*xl/ll + lam1*xb + 2d0*lam2*(xl - xr)
      f(6) = (l0 - ll)*yl/ll + lam1*yb + 2d0*lam2*(yl - yr)
     +       - m*eps*eps*g/2d0
      f(7) = (l0 - lr)*(xr - xb)/lr - 2d0*lam2*(xl - xr)
      f(8) = (l0 - lr)*(yr - yb)/lr - 2d0*lam2*(yl - yr)
     +       - m*eps*eps*g/2d0
      f(9) = xb*xl + yb*yl
      f(10) = (xl - xr)**2 + (yl - yr)**2 - l*l
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

c     K = diag(1, 1, 1, 1, k, k, k, k, 0, 0), band storage, no
c     off-diagonals.
      subroutine meval(ldim, neqn, t, y, yprime, dfddy, ierr, rpar,
     +                 ipar)
      integer ldim, neqn, ierr, ipar(*), i
      double precision t, y(neqn), yprime(neqn), dfddy(ldim, neqn)
      double precision rpar(*)
      include 'carc.inc'
      do i = 1, 4
         dfddy(1, i) = 1d0
         dfddy(1, i+4) = m*eps*eps/2d0
      end do
      dfddy(1, 9) = 0d0
      dfddy(1, 10) = 0d0
      return
      end

c     Reference solution at t = 3 (IVP Test Set).
      subroutine solut(neqn, t, y)
      integer neqn
      double precision t, y(neqn)
      y(1) = 0.4934557842755629d-001
      y(2) = 0.4969894602303324d+000
      y(3) = 0.1041742524885400d+001
      y(4) = 0.3739110272652214d+000
      y(5) = -0.7705836840321485d-001
      y(6) = 0.7446866596327776d-002
      y(7) = 0.1755681574942899d-001
      y(8) = 0.7703410437794031d+000
      y(9) = -0.4736886750784630d-002
      y(10) = -0.1104680411345730d-002
      return
      end
