C     The ModiaMath clutch through DDASKR, as examples/c/clutch_ddaskr.c
C     (see there for the model): two inertias, an ideal clutch, an EMF
C     charging a capacitor with a resistor across it. Engaged at t = 0,
C     released at t = 100, engaged again at t = 300 (root functions),
C     each engagement a momentum balance through the clutch impulse,
C     each restart re-initialised by DDASKR (INFO(11) = 1 and
C     INFO(14) = 1).
C     Prints the same lines as the C program.
      PROGRAM CLUTCH
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N = 4, NRT = 2, LRW = 60 + 3*NRT + 9*N + N*N,
     *  LIW = 40 + 2*N)
      EXTERNAL RES, RT
      DIMENSION Y(N), YP(N), RWORK(LRW), IWORK(LIW), INFO(20),
     *  JROOT(NRT), RPAR(1), IPAR(1)
      DO 10 I = 1, 20
        INFO(I) = 0
   10 CONTINUE
      DO 20 I = 1, LIW
        IWORK(I) = 0
   20 CONTINUE
      DO 30 I = 1, LRW
        RWORK(I) = 0D0
   30 CONTINUE
      T = 0D0
      Y(1) = 0D0
      Y(2) = 10D0
      Y(3) = 0D0
      Y(4) = 0D0
      DO 40 I = 1, N
        YP(I) = 0D0
   40 CONTINUE
      RPAR(1) = 1D0
      RTOL = 1D-10
      ATOL = 1D-10
      TOUT = 400D0
      CALL ENGAGE(Y)
      CALL SETID(IWORK)
      INFO(11) = 1
      INFO(14) = 1
      DO 100 ICALL = 1, 100000
        CALL DDASKR (RES, N, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     *    RWORK, LRW, IWORK, LIW, RPAR, IPAR, RES, RES, RT, NRT, JROOT)
        IF (IDID .EQ. 4) THEN
          WRITE (6, 900) T, (Y(I), I = 1, N), RESNRM(T, Y, YP, RPAR)
          INFO(11) = 0
          INFO(14) = 0
        ELSE IF (IDID .EQ. 5) THEN
          WRITE (6, 910) T, JROOT(1), JROOT(2)
          IF (JROOT(1) .NE. 0) THEN
            RPAR(1) = 0D0
          ELSE
            RPAR(1) = 1D0
            CALL ENGAGE(Y)
          ENDIF
          INFO(1) = 0
          INFO(11) = 1
          INFO(14) = 1
          CALL SETID(IWORK)
        ELSE IF (IDID .EQ. -1) THEN
          INFO(1) = 1
        ELSE
          GO TO 110
        ENDIF
  100 CONTINUE
  110 WRITE (6, 920) T, (Y(I), I = 1, N)
      WRITE (6, 930) (IWORK(I), I = 11, 15), IWORK(19), IWORK(36)
      WRITE (6, 940) IDID
  900 FORMAT ('INIT', 5ES25.17, ES10.3)
  910 FORMAT ('EVENT', ES25.17, 2I3)
  920 FORMAT ('FINAL', 5ES25.17)
  930 FORMAT ('STATS', 7I7)
  940 FORMAT ('IDID', I4)
      END
      SUBROUTINE RES (T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(4), YP(4), DELTA(4), RPAR(1), IPAR(*)
      PARAMETER (AJ1 = 0.1D0, AJ2 = 0.4D0, AK = 0.25D0, C = 2D0,
     *  R = 100D0)
      DELTA(1) = (AJ1 + AK*AK*C)*YP(1) + Y(4) + AK*Y(3)/R
      DELTA(2) = AJ2*YP(2) - Y(4)
      DELTA(3) = Y(3) - AK*Y(1)
      IF (RPAR(1) .NE. 0D0) THEN
        DELTA(4) = YP(1) - YP(2)
      ELSE
        DELTA(4) = Y(4)
      ENDIF
      END
      SUBROUTINE RT (NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION RVAL(2), Y(*), YP(*), RPAR(*), IPAR(*)
      RVAL(1) = T - 100D0
      RVAL(2) = T - 300D0
      END
C     The largest residual component at (T, Y, YP).
      DOUBLE PRECISION FUNCTION RESNRM (T, Y, YP, RPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(4), YP(4), RPAR(1), D(4), IPAR(1)
      CALL RES(T, Y, YP, 0D0, D, IRES, RPAR, IPAR)
      RESNRM = 0D0
      DO 10 I = 1, 4
        RESNRM = MAX(RESNRM, ABS(D(I)))
   10 CONTINUE
      END
C     ID for INFO(11) = 1: w1, w2 differential, v and tau algebraic.
      SUBROUTINE SETID (IWORK)
      DIMENSION IWORK(*)
      IWORK(41) = 1
      IWORK(42) = 1
      IWORK(43) = -1
      IWORK(44) = -1
      END
C     The engagement impulse: both shafts at the momentum-balance speed.
      SUBROUTINE ENGAGE (Y)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(4)
      PARAMETER (AJ1 = 0.1D0, AJ2 = 0.4D0, AK = 0.25D0, C = 2D0)
      W = (AJ1*Y(1) + AJ2*Y(2) + AK*C*Y(3))/(AJ1 + AJ2 + AK*AK*C)
      Y(1) = W
      Y(2) = W
      Y(3) = AK*W
      END
