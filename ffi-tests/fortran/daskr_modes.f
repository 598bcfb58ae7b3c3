C     DDASKR option modes on Robertson's DAE
C     (y1' = -0.04 y1 + 1e4 y2 y3, y2' = 0.04 y1 - 1e4 y2 y3
C     - 3e7 y2**2, 0 = y1 + y2 + y3 - 1) with
C     the root functions y1 - 0.5 and y3 - 0.01, integrated to
C     TOUT = 0.4 ... 4e6 through every return (roots, 500 steps).
C     Cases: 1 defaults; 2 INFO(11)=1 from an inconsistent y3 and y',
C     stopping with IDID = 4 (INFO(14)); 3 INFO(11)=1 with INFO(16)=1;
C     4 user JAC, a return per step (INFO(3)); 5 banded differences and
C     TSTOP; 6 nonnegativity, HMAX, MAXORD 3; 7 constraints y >= 0 and
C     H0; 8 constraints with INFO(11)=1; 9 INFO(11)=2 (fails as the
C     original does); 10 banded user JAC; 11 INFO(17) initialisation
C     controls; 12 no root functions.
C     Each return prints IDID, T, Y, YP(3), JROOT, IWORK(11..15), (19),
C     (36), (7), (8), RWORK(3), (7); returns with IDID = 1 only every
C     50th step. After IDID = -1 (500 steps) the run continues.
C     ffi-tests/expected/daskr_modes.txt is what the original DDASKR
C     prints.
      PROGRAM CHECK
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RESR, JACR, RTR, PSDUM
      DIMENSION Y(3), YP(3), RWORK(500), IWORK(200), INFO(20),
     *  RTOL(3), ATOL(3), JROOT(2), RPAR(1), IPAR(1), TOUTS(8)
      DATA TOUTS /0.4D0, 4D0, 40D0, 4D2, 4D3, 4D4, 4D5, 4D6/
      DO 500 ICASE = 1, 12
      DO 5 I = 1, 20
        INFO(I) = 0
    5 CONTINUE
      DO 6 I = 1, 200
        IWORK(I) = 0
    6 CONTINUE
      DO 7 I = 1, 500
        RWORK(I) = 0D0
    7 CONTINUE
      NEQ = 3
      NRT = 2
      Y(1) = 1D0
      Y(2) = 0D0
      Y(3) = 0D0
      YP(1) = -0.04D0
      YP(2) = 0.04D0
      YP(3) = 0D0
      RTOL(1) = 1D-6
      ATOL(1) = 1D-10
      IF (ICASE .EQ. 2) THEN
C       inconsistent y' and y3, computed (INFO(11)=1) and stop (IDID 4)
        INFO(11) = 1
        INFO(14) = 1
        Y(3) = 0.2D0
        YP(1) = 0D0
        YP(2) = 0D0
        IWORK(41) = 1
        IWORK(42) = 1
        IWORK(43) = -1
      ENDIF
      IF (ICASE .EQ. 3) THEN
        INFO(11) = 1
        INFO(16) = 1
        Y(3) = 0.2D0
        YP(1) = 0D0
        YP(2) = 0D0
        IWORK(41) = 1
        IWORK(42) = 1
        IWORK(43) = -1
      ENDIF
      IF (ICASE .EQ. 4) THEN
        INFO(5) = 1
        INFO(3) = 1
      ENDIF
      IF (ICASE .EQ. 5) THEN
        INFO(6) = 1
        IWORK(1) = 2
        IWORK(2) = 1
        INFO(4) = 1
        RWORK(1) = 4D4
      ENDIF
      IF (ICASE .EQ. 6) THEN
        INFO(10) = 2
        INFO(7) = 1
        RWORK(2) = 1D3
        INFO(9) = 1
        IWORK(3) = 3
      ENDIF
      IF (ICASE .EQ. 7) THEN
        INFO(10) = 1
        IWORK(41) = 1
        IWORK(42) = 1
        IWORK(43) = 1
        INFO(8) = 1
        RWORK(3) = 1D-8
      ENDIF
      IF (ICASE .EQ. 8) THEN
C       constraints + initial values
        INFO(10) = 3
        IWORK(41) = 2
        IWORK(42) = 1
        IWORK(43) = 1
        INFO(11) = 1
        Y(3) = 0.2D0
        YP(1) = 0D0
        YP(2) = 0D0
        IWORK(44) = 1
        IWORK(45) = 1
        IWORK(46) = -1
      ENDIF
      IF (ICASE .EQ. 9) THEN
C       y' given, y computed (INFO(11)=2): perturb y2
        INFO(11) = 2
        INFO(2) = 1
        RTOL(2) = 1D-6
        RTOL(3) = 1D-6
        ATOL(2) = 1D-12
        ATOL(3) = 1D-10
        Y(1) = 0.99D0
        Y(2) = 1D-6
      ENDIF
      IF (ICASE .EQ. 10) THEN
        INFO(6) = 1
        INFO(5) = 1
        IWORK(1) = 2
        IWORK(2) = 1
      ENDIF
      IF (ICASE .EQ. 11) THEN
        INFO(11) = 1
        INFO(17) = 1
        IWORK(32) = 3
        IWORK(33) = 2
        IWORK(34) = 3
        IWORK(35) = 1
        RWORK(14) = 1D-12
        RWORK(15) = 0.05D0
        Y(3) = 0.2D0
        YP(1) = 0D0
        YP(2) = 0D0
        IWORK(41) = 1
        IWORK(42) = 1
        IWORK(43) = -1
      ENDIF
      IF (ICASE .EQ. 12) NRT = 0
      IPAR(1) = ICASE
      T = 0D0
      LRW = 500
      LIW = 200
      WRITE (6,'(A,I3)') 'CASE', ICASE
      K = 1
      NCONT = 0
 100  CONTINUE
      TOUT = TOUTS(K)
      CALL DDASKR (RESR, NEQ, T, Y, YP, TOUT, INFO, RTOL, ATOL,
     *  IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JACR, PSDUM,
     *  RTR, NRT, JROOT)
      IF (IDID .EQ. 1 .AND. MOD(IWORK(11),50) .NE. 0) GO TO 100
      HNEXT = RWORK(3)
      IF (IDID .LT. 0) HNEXT = 0D0
      WRITE (6,10) IDID, T, Y(1), Y(2), Y(3), YP(3)
      WRITE (6,11) JROOT(1), JROOT(2), (IWORK(I), I=11,15),
     *  IWORK(19), IWORK(36), IWORK(7), IWORK(8), HNEXT, RWORK(7)
 10   FORMAT (I4, 5ES25.16)
 11   FORMAT (2I3, 9I7, 2ES25.16)
      IF (IDID .EQ. 4) THEN
        INFO(11) = 0
        INFO(14) = 0
        GO TO 100
      ENDIF
      IF (IDID .EQ. -1 .AND. NCONT .LT. 3) THEN
C       500 steps on this call: continue, as the original documents
        NCONT = NCONT + 1
        INFO(1) = 1
        GO TO 100
      ENDIF
      IF (IDID .LT. 0) GO TO 500
      IF (IDID .EQ. 1 .OR. IDID .EQ. 5) GO TO 100
      IF (IDID .EQ. 2) GO TO 500
      K = K + 1
      IF (K .LE. 8) GO TO 100
 500  CONTINUE
      END
      SUBROUTINE RESR (T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(3), YP(3), DELTA(3)
      DELTA(1) = -0.04D0*Y(1) + 1D4*Y(2)*Y(3) - YP(1)
      DELTA(2) = 0.04D0*Y(1) - 1D4*Y(2)*Y(3) - 3D7*Y(2)*Y(2) - YP(2)
      DELTA(3) = Y(1) + Y(2) + Y(3) - 1D0
      END
      SUBROUTINE JACR (T, Y, YP, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(3), YP(3), PD(*), IPAR(*)
      IF (IPAR(1) .EQ. 10) THEN
        CALL JBAND (Y, PD, CJ)
      ELSE
        CALL JFULL (Y, PD, CJ)
      ENDIF
      END
      SUBROUTINE JBAND (Y, PD, CJ)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(3), PD(6,3)
      PD(1-1+4,1) = -0.04D0 - CJ
      PD(1-2+4,2) = 1D4*Y(3)
      PD(2-1+4,1) = 0.04D0
      PD(2-2+4,2) = -1D4*Y(3) - 6D7*Y(2) - CJ
      PD(2-3+4,3) = -1D4*Y(2)
      PD(3-1+4,1) = 1D0
      PD(3-2+4,2) = 1D0
      PD(3-3+4,3) = 1D0
      END
      SUBROUTINE JFULL (Y, PD, CJ)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(3), PD(3,3)
      PD(1,1) = -0.04D0 - CJ
      PD(1,2) = 1D4*Y(3)
      PD(1,3) = 1D4*Y(2)
      PD(2,1) = 0.04D0
      PD(2,2) = -1D4*Y(3) - 6D7*Y(2) - CJ
      PD(2,3) = -1D4*Y(2)
      PD(3,1) = 1D0
      PD(3,2) = 1D0
      PD(3,3) = 1D0
      END
      SUBROUTINE RTR (NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(3), YP(3), RVAL(2)
      RVAL(1) = Y(1) - 0.5D0
      RVAL(2) = Y(3) - 0.01D0
      END
      SUBROUTINE PSDUM
      END
