C     DDASKR with root functions that are not finite, on y1' = -y1,
C     y2' = -2 y2 with two root functions. Case 1: R2 turns NaN past
C     t = 0.5 while R1 = y1 - 0.3 has a genuine root later; case 2: R2 is
C     +Inf past t = 0.5 (the secant step of DROOTS becomes NaN); case 3:
C     R1 is NaN from the start (JOB = 1); case 4: R2 is NaN past t = 0.5
C     and every call returns after one step (INFO(3) = 1, the last 12
C     calls and every return other than IDID = 1 printed); case 5: the
C     residual turns NaN past t = 0.5 and the root functions follow the
C     solution. The original takes NaN as "not greater than zero" in
C     DROOTS and reports roots with whatever JROOT that gives; a drop-in
C     must do the same, call for call.
C     ffi-tests/expected/daskr_nan_root.txt is what the original prints.
      PROGRAM NANRT
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RES, RT
      DIMENSION Y(2), YP(2), RWORK(200), IWORK(100), INFO(20), JROOT(2)
      DIMENSION RPAR(1), IPAR(1)
      DO 20 ICASE = 1, 5
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
      KMAX = 12
      IF (ICASE .EQ. 4) INFO(3) = 1
      IF (ICASE .EQ. 4) KMAX = 80
      DO 15 K = 1, KMAX
      CALL DDASKR(RES, 2, T, Y, YP, 2D0, INFO, RTOL, ATOL, IDID,
     *  RWORK, 200, IWORK, 100, RPAR, IPAR, RES, RES, RT, 2, JROOT)
      IF (K .GT. KMAX - 12 .OR. IDID .NE. 1) WRITE (6,
     *  '(I2, I4, 3ES24.15, 2I3, 6I6)') ICASE, IDID, T, Y(1),
     *  Y(2), JROOT(1), JROOT(2), (IWORK(I), I = 11, 15), IWORK(36)
      IF (IDID .LT. 0 .OR. IDID .EQ. 3) GO TO 20
   15 CONTINUE
   20 CONTINUE
      END
      SUBROUTINE RES (T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(2), YP(2), DELTA(2), RPAR(1), IPAR(*)
      Z = 0D0
      DELTA(1) = YP(1) + Y(1)
      DELTA(2) = YP(2) + 2D0*Y(2)
      IF (T .GT. 0.5D0 .AND. RPAR(1) .EQ. 5D0) DELTA(2) = Z/Z
      END
      SUBROUTINE RT (NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(2), YP(2), RVAL(2), RPAR(1), IPAR(*)
      Z = 0D0
      ICASE = NINT(RPAR(1))
      RVAL(1) = Y(1) - 0.3D0
      RVAL(2) = Y(2) - 1D-3
      IF (T .GT. 0.5D0 .AND. (ICASE .EQ. 1 .OR. ICASE .EQ. 4))
     *  RVAL(2) = Z/Z
      IF (T .GT. 0.5D0 .AND. ICASE .EQ. 2) RVAL(2) = 1D0/Z
      IF (ICASE .EQ. 3) RVAL(1) = Z/Z
      END
