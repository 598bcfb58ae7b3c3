C     DDASKR with a residual that turns NaN (cases 1, 3) or overflows
C     (case 2) past t = 0.5, on y1' = -y1, y2' = -2 y2: the original
C     carries the NaN on (its weight test is .LE. 0, false for NaN) and
C     returns IDID = 3 with a NaN solution; a drop-in must do the same,
C     step for step. Case 3 returns after every step (INFO(3) = 1).
C     ffi-tests/expected/daskr_nan.txt is what the original prints.
      PROGRAM NANRES
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RES, RT
      DIMENSION Y(2), YP(2), RWORK(200), IWORK(100), INFO(20), JROOT(1)
      DIMENSION RPAR(1), IPAR(1)
      DO 20 ICASE = 1, 3
      DO 10 I = 1, 20
        INFO(I) = 0
   10 CONTINUE
      DO 11 I = 1, 100
        IWORK(I) = 0
   11 CONTINUE
      T = 0D0
      Y(1) = 1D0
      Y(2) = 2D0
      YP(1) = -1D0
      YP(2) = -2D0
      RPAR(1) = ICASE
      RTOL = 1D-8
      ATOL = 1D-8
      IF (ICASE .EQ. 3) INFO(3) = 1
      DO 15 K = 1, 50
      CALL DDASKR(RES, 2, T, Y, YP, 2D0, INFO, RTOL, ATOL, IDID,
     *  RWORK, 200, IWORK, 100, RPAR, IPAR, RES, RES, RT, 0, JROOT)
      WRITE (6, '(I3, I4, 3ES24.15, 5I6)') ICASE, IDID, T, Y(1), Y(2),
     *  (IWORK(I), I = 11, 15)
      IF (IDID .NE. 1) GO TO 20
   15 CONTINUE
   20 CONTINUE
      END
      SUBROUTINE RES (T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(2), YP(2), DELTA(2), RPAR(1), IPAR(*)
      Z = 0D0
      DELTA(1) = YP(1) + Y(1)
      DELTA(2) = YP(2) + 2D0*Y(2)
      IF (T .GT. 0.5D0 .AND. RPAR(1) .NE. 2D0) DELTA(2) = Z/Z
      IF (T .GT. 0.5D0 .AND. RPAR(1) .EQ. 2D0) DELTA(1) = 1D300*Y(1)*
     *  1D300
      END
      SUBROUTINE RT (NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      END
