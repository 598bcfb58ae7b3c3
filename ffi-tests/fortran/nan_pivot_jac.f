C     The user's JAC of the NaN-pivot programs (nan_pivot_dassl.f and
C     nan_pivot_daskr.f): PD = dG/dY + CJ dG/dY' of the chain
C     G1 = Y1' + Y1, G2 = Y2' + 2 Y2 - Y1, G3 = Y3' + 3 Y3 - Y2, with the
C     NaN of case IPAR(1) (see nan_pivot_dassl.f), dense or banded.
      SUBROUTINE JAC (T, Y, YP, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(3), YP(3), PD(*), RPAR(1), IPAR(1)
      DIMENSION F(3,3)
      ICASE = IPAR(1)
      DO 11 J = 1, 3
        DO 10 I = 1, 3
          F(I,J) = 0D0
   10   CONTINUE
   11 CONTINUE
      F(1,1) = CJ + 1D0
      F(2,1) = -1D0
      F(2,2) = CJ + 2D0
      F(3,2) = -1D0
      F(3,3) = CJ + 3D0
      Z = 0D0
      IF (ICASE .EQ. 1 .OR. ICASE .EQ. 5) F(2,1) = Z/Z
      IF (ICASE .EQ. 2) F(1,1) = Z/Z
      IF (ICASE .EQ. 3) F(3,3) = Z/Z
      IF (ICASE .EQ. 4 .AND. T .GT. 0.05D0) F(2,1) = Z/Z
      IF (ICASE .NE. 5) THEN
        DO 21 J = 1, 3
          DO 20 I = 1, 3
            PD(I + 3*(J-1)) = F(I,J)
   20     CONTINUE
   21   CONTINUE
      ELSE
C       Band storage, leading dimension 2 ML + MU + 1 = 4: (I,J) at row
C       I - J + ML + MU + 1.
        DO 31 J = 1, 3
          DO 30 I = MAX(1, J-1), MIN(3, J+1)
            PD(I - J + 3 + 4*(J-1)) = F(I,J)
   30     CONTINUE
   31   CONTINUE
      END IF
      END
