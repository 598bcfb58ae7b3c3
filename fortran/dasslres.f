c=======================================================================
c     stiffdae Test Set kit: the problem in residual form for the DASSL
c     family drivers (dassld.f): the constant mass matrix, RES and JAC.
c=======================================================================
c-----------------------------------------------------------------------
c     The constant mass matrix of a 'DAE' problem, kept full.
c-----------------------------------------------------------------------
      subroutine massmx(neqn, mlmas, mumas)
      integer neqn, mlmas, mumas, i, j, k, ld, ierr, ipar(1)
      double precision band(400*400), t0, y(1), yp(1), rpar(1)
      include 'dasslk.inc'
      do j = 1, neqn
         do i = 1, neqn
            am(i, j) = 0d0
         end do
      end do
      ierr = 0
      t0 = 0d0
      if (mlmas .lt. neqn) then
         ld = mlmas + mumas + 1
         call meval(ld, neqn, t0, y, yp, band, ierr, rpar, ipar)
         do j = 1, neqn
            do i = max(1, j - mumas), min(neqn, j + mlmas)
               k = i - j + mumas + 1
               am(i, j) = band(k + (j - 1)*ld)
            end do
         end do
      else
         call meval(neqn, neqn, t0, y, yp, band, ierr, rpar, ipar)
         do j = 1, neqn
            do i = 1, neqn
               am(i, j) = band(i + (j - 1)*neqn)
            end do
         end do
      end if
      return
      end
c-----------------------------------------------------------------------
c     RES of DDASSL (DDASKR's adds CJ, see daskrs.f): the problem in
c     residual form. An error flag of the
c     problem asks DDASSL for a smaller step (IRES = -1).
c-----------------------------------------------------------------------
      subroutine dres(t, y, yp, delta, ires, rpar, ipar)
      integer ires, ipar(*), i, j, ierr
      double precision t, y(*), yp(*), delta(*), rpar(*), f(400)
      include 'dasslk.inc'
      ierr = 0
      if (ptype .eq. 'IDE') then
         call feval(nrow, t, y, yp, delta, ierr, rpar, ipar)
      else
         call feval(nrow, t, y, yp, f, ierr, rpar, ipar)
         if (ptype .eq. 'ODE') then
            do i = 1, nrow
               delta(i) = yp(i) - f(i)
            end do
         else
            do i = 1, nrow
               delta(i) = -f(i)
               do j = 1, nrow
                  delta(i) = delta(i) + am(i, j)*yp(j)
               end do
            end do
         end if
      end if
      if (ierr .ne. 0) ires = -1
      return
      end
c-----------------------------------------------------------------------
c     JAC of DDASSL and DDASKR: PD = dG/dy + cj dG/dy' = cj M - df/dy,
c     full or in LINPACK band storage PD(i - j + ml + mu + 1, j).
c-----------------------------------------------------------------------
      subroutine djac(t, y, yp, pd, cj, rpar, ipar)
      integer ipar(*), i, j, k, ldim, ierr
      double precision t, y(*), yp(*), pd(*), cj, rpar(*)
      double precision dfdy(400*400), mij
      include 'dasslk.inc'
      ierr = 0
      if (jband) then
         ldim = mlj + muj + 1
      else
         ldim = nrow
      end if
      call jeval(ldim, nrow, t, y, yp, dfdy, ierr, rpar, ipar)
      do j = 1, nrow
         do i = 1, nrow
            if (ptype .eq. 'ODE') then
               mij = 0d0
               if (i .eq. j) mij = 1d0
            else
               mij = am(i, j)
            end if
            if (jband) then
               if (i - j .gt. mlpd .or. j - i .gt. mupd) goto 10
               k = (i - j + mlpd + mupd + 1) + (j - 1)*(2*mlpd+mupd+1)
               pd(k) = cj*mij
               if (i - j .le. mlj .and. j - i .le. muj)
     +            pd(k) = pd(k) - dfdy((i - j + muj + 1) + (j - 1)*ldim)
            else
               k = i + (j - 1)*nrow
               pd(k) = cj*mij - dfdy(k)
            end if
   10       continue
         end do
      end do
      return
      end
