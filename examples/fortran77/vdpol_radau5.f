C     Van der Pol's equation in relaxation form (eps = 1e-6) with RADAU5:
C     an analytic Jacobian, M = I, and the solution printed every 0.2 by
C     dense output (CONTR5 called from SOLOUT). Link with libstiffdae:
C       gfortran vdpol_radau5.f $(pkg-config --cflags --libs stiffdae)
      PROGRAM VDPOL
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=2, LWORK=4*N*N+12*N+20, LIWORK=3*N+20)
      DIMENSION Y(N), WORK(LWORK), IWORK(LIWORK), RPAR(1), IPAR(1)
      EXTERNAL FVPOL, JVPOL, SOLOUT
      RPAR(1) = 1.D-6
      X = 0.D0
      Y(1) = 2.D0
      Y(2) = -0.66D0
      XEND = 2.D0
      RTOL = 1.D-6
      ATOL = RTOL
      H = 1.D-6
      DO 10 I = 1, 20
         IWORK(I) = 0
         WORK(I) = 0.D0
   10 CONTINUE
      MLJAC = N
      MUJAC = 0
      MLMAS = 0
      MUMAS = 0
      CALL RADAU5(N, FVPOL, X, Y, XEND, H, RTOL, ATOL, 0,
     &     JVPOL, 1, MLJAC, MUJAC, FVPOL, 0, MLMAS, MUMAS,
     &     SOLOUT, 1, WORK, LWORK, IWORK, LIWORK, RPAR, IPAR, IDID)
      WRITE (6, 91) X, Y(1), Y(2)
      WRITE (6, 92) RTOL, (IWORK(I), I = 14, 20)
   91 FORMAT (' X =', F5.2, '    Y =', 2E18.10)
   92 FORMAT (' rtol=', D8.2, ' fcn=', I5, ' jac=', I4, ' step=', I4,
     &     ' accpt=', I4, ' rejct=', I3, ' dec=', I4, ' sol=', I5)
      END

      SUBROUTINE FVPOL(N, X, Y, F, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), F(N), RPAR(1)
      F(1) = Y(2)
      F(2) = ((1 - Y(1)**2)*Y(2) - Y(1))/RPAR(1)
      END

      SUBROUTINE JVPOL(N, X, Y, DFY, LDFY, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), DFY(LDFY, N), RPAR(1)
      DFY(1, 1) = 0.D0
      DFY(1, 2) = 1.D0
      DFY(2, 1) = (-2.D0*Y(1)*Y(2) - 1.D0)/RPAR(1)
      DFY(2, 2) = (1.D0 - Y(1)**2)/RPAR(1)
      END

C     Prints the solution at 0, 0.2, 0.4, ... from the interpolant of
C     each accepted step. XOUT is kept in a variable of this routine
C     only, so the example needs no COMMON.
      SUBROUTINE SOLOUT(NR, XOLD, X, Y, CONT, LRC, N, RPAR, IPAR, IRTRN)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), CONT(LRC)
      SAVE XOUT
      IF (NR .EQ. 1) THEN
         WRITE (6, 99) X, Y(1), Y(2), NR - 1
         XOUT = 0.2D0
      ELSE
   10    IF (X .GE. XOUT) THEN
            WRITE (6, 99) XOUT, CONTR5(1, XOUT, CONT, LRC),
     &           CONTR5(2, XOUT, CONT, LRC), NR - 1
            XOUT = XOUT + 0.2D0
            GO TO 10
         END IF
      END IF
   99 FORMAT (1X, 'X =', F5.2, '    Y =', 2E18.10, '    NSTEP =', I4)
      END
