C     DDASKR with a NaN in the iteration matrix PD = dG/dY + CJ dG/dY'
C     of the chain G1 = Y1' + Y1, G2 = Y2' + 2 Y2 - Y1,
C     G3 = Y3' + 3 Y3 - Y2, put there by the user's JAC:
C       case 1  NaN at (2,1) from the start: LINPACK's IDAMAX takes the
C               NaN, then the zero below it, so DGEFA meets a zero pivot;
C       case 2  NaN at (1,1): IDAMAX moves on to the -1 below it;
C       case 3  NaN at (3,3), the last pivot: INFO stays 0, NaN flows;
C       case 4  NaN at (2,1) only past t = 0.05 (mid-run);
C       case 5  as case 1 with the Jacobian banded (ML = MU = 1, DGBFA).
C     (The PSOL argument is never called: INFO(12) = 0.)
C     Every return prints IDID, T, Y1 and IWORK(11..15); the lines are
C     compared with what the original DDASKR prints
C     (ffi-tests/expected/nan_pivot_daskr.txt). JAC is nan_pivot_jac.f.
      PROGRAM NANPVK
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RES, JAC, RT
      DIMENSION Y(3), YP(3), RWORK(300), IWORK(100), INFO(20), JROOT(1)
      DIMENSION RPAR(1), IPAR(1)
      DO 30 ICASE = 1, 5
        DO 10 I = 1, 20
          INFO(I) = 0
   10   CONTINUE
        INFO(5) = 1
        IF (ICASE .EQ. 5) THEN
          INFO(6) = 1
          IWORK(1) = 1
          IWORK(2) = 1
        END IF
        T = 0D0
        Y(1) = 1D0
        Y(2) = 1D0
        Y(3) = 1D0
        YP(1) = -1D0
        YP(2) = -1D0
        YP(3) = -2D0
        IPAR(1) = ICASE
        RTOL = 1D-6
        ATOL = 1D-6
        DO 20 K = 1, 5
          TOUT = 0.1D0*K
          CALL DDASKR (RES, 3, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     *      RWORK, 300, IWORK, 100, RPAR, IPAR, JAC, RES, RT, 0, JROOT)
          WRITE (6, '(A, I2, I4, 2ES24.15, 5I6)') 'R', ICASE, IDID, T,
     *      Y(1), (IWORK(I), I = 11, 15)
          IF (IDID .LT. 0) GO TO 30
   20   CONTINUE
   30 CONTINUE
      END
      SUBROUTINE RES (T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(3), YP(3), DELTA(3), RPAR(1), IPAR(1)
      DELTA(1) = YP(1) + Y(1)
      DELTA(2) = YP(2) + 2D0*Y(2) - Y(1)
      DELTA(3) = YP(3) + 3D0*Y(3) - Y(2)
      END
      SUBROUTINE RT (NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      END
