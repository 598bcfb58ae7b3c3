C     The messages of DDASSL and DDASKR where and as the originals
C     print them (STIFFDAE_MESSAGES=unit6): DDASSL's XERMSG blocks on
C     the error unit, DDASKR's XERRWD lines on unit 6. One call per
C     illegal input and per failed return, each on fresh arrays and
C     followed by its CASE line; standard input says which code (1
C     DDASSL, 2 DDASKR: the originals cannot be linked together; 3 and 4
C     the same codes refusing illegal input twice in a row). Linked
C     against the original codes it prints the expected output,
C     ffi-tests/expected/unit6_dassl.out and .err (standard output and
C     error of DDASSL) and unit6_daskr.out (DDASKR's; its error is
C     empty).
C
C     IPAR(1) selects the residual: 1 y' + 1000 (y - cos t) = 0;
C     2 the same, IRES = -1 from t > 0.01 on; 3 IRES = -2 from t > 0.01
C     on; 4 0 = 1 (a zero iteration matrix).
      PROGRAM UNIT6B
      IMPLICIT NONE
      INTEGER ISOL
      READ(5, *) ISOL
      IF (ISOL .LE. 2) THEN
         CALL CASES(ISOL)
      ELSE
         CALL AGAIN(ISOL - 2)
      END IF
      END

C     Illegal input twice in a row (3 DDASSL, 4 DDASKR): the originals
C     stop the program at the second call, after a fatal message.
      SUBROUTINE AGAIN(ISOL)
      IMPLICIT NONE
      INTEGER ISOL, INFO(20), IWORK(200), IPAR(1), JROOT(1), IDID, I, K
      DOUBLE PRECISION T, Y(1), YP(1), RTOL(1), ATOL(1), RWORK(400),
     &                 RPAR(1)
      EXTERNAL RESL, RESK, JAC, PSOL, RT
      IPAR(1) = 1
      T = 0.0D0
      Y(1) = 1.0D0
      YP(1) = 0.0D0
      RTOL(1) = 1.0D-6
      ATOL(1) = 1.0D-6
      DO 10 I = 1, 20
         INFO(I) = 0
   10 CONTINUE
      DO 30 K = 1, 2
         IF (ISOL .EQ. 1) THEN
            CALL DDASSL(RESL, 1, T, Y, YP, T, INFO, RTOL, ATOL, IDID,
     &           RWORK, 400, IWORK, 200, RPAR, IPAR, JAC)
         ELSE
            CALL DDASKR(RESK, 1, T, Y, YP, T, INFO, RTOL, ATOL, IDID,
     &           RWORK, 400, IWORK, 200, RPAR, IPAR, JAC, PSOL, RT, 0,
     &           JROOT)
         END IF
         WRITE(6, '(A, I2, A, I2, A, I4)') 'CASE ', ISOL, ' again', K,
     &         ' IDID', IDID
   30 CONTINUE
      END

C     Every case for ISOL = 1 (DDASSL) or 2 (DDASKR). INF, IW and RW
C     are the settings of INFO(1..20), IWORK(1..5) and RWORK(1..5).
      SUBROUTINE CASES(ISOL)
      IMPLICIT NONE
      INTEGER ISOL, INF(20), IW(5), I
      DOUBLE PRECISION RW(5)
      DO 10 I = 1, 20
         INF(I) = 0
   10 CONTINUE
      DO 20 I = 1, 5
         IW(I) = 0
         RW(I) = 0.0D0
   20 CONTINUE
      CALL RUN(ISOL, 'valid', 1, 1, 1.0D0, 1.0D-6, INF, IW, RW, 0)
      CALL RUN(ISOL, 'tout_equal_t', 1, 1, 0.0D0, 1.0D-6, INF, IW, RW,
     &         0)
      CALL RUN(ISOL, 'neq_zero', 1, 0, 1.0D0, 1.0D-6, INF, IW, RW, 0)
      CALL RUN(ISOL, 'rtol_negative', 1, 1, 1.0D0, -1.0D-6, INF, IW,
     &         RW, 0)
      CALL RUN(ISOL, 'tolerances_zero', 1, 1, 1.0D0, 0.0D0, INF, IW,
     &         RW, 0)
      CALL RUN(ISOL, 'lrw_small', 1, 1, 1.0D0, 1.0D-6, INF, IW, RW, 1)
      CALL RUN(ISOL, 'liw_small', 1, 1, 1.0D0, 1.0D-6, INF, IW, RW, 2)
      INF(9) = 1
      IW(3) = 6
      CALL RUN(ISOL, 'maxord', 1, 1, 1.0D0, 1.0D-6, INF, IW, RW, 0)
      INF(9) = 0
      IW(3) = 0
      INF(6) = 1
      IW(1) = -1
      CALL RUN(ISOL, 'ml_negative', 1, 1, 1.0D0, 1.0D-6, INF, IW, RW,
     &         0)
      INF(6) = 0
      IW(1) = 0
      INF(7) = 1
      RW(2) = -1.0D0
      CALL RUN(ISOL, 'hmax_negative', 1, 1, 1.0D0, 1.0D-6, INF, IW, RW,
     &         0)
      INF(7) = 0
      RW(2) = 0.0D0
      INF(4) = 1
      RW(1) = 0.5D0
      CALL RUN(ISOL, 'tstop_behind', 1, 1, 1.0D0, 1.0D-6, INF, IW, RW,
     &         0)
      INF(4) = 0
      RW(1) = 0.0D0
      CALL RUN(ISOL, 'steps_500', 1, 1, 1.0D5, 1.0D-10, INF, IW, RW, 0)
      CALL RUN(ISOL, 'accuracy', 1, 1, 1.0D0, 1.0D-30, INF, IW, RW, 0)
      CALL RUN(ISOL, 'ires_minus_1', 2, 1, 1.0D0, 1.0D-6, INF, IW, RW,
     &         0)
      CALL RUN(ISOL, 'ires_minus_2', 3, 1, 1.0D0, 1.0D-6, INF, IW, RW,
     &         0)
      CALL RUN(ISOL, 'singular', 4, 1, 1.0D0, 1.0D-6, INF, IW, RW, 0)
      END

C     One call from t = 0, y = 1, y' = 1000 (consistent) to TOUT with
C     RTOL = ATOL = TOL; ISHORT 1 or 2 makes LRW or LIW one too small.
      SUBROUTINE RUN(ISOL, NAME, IPROB, NEQ, TOUT, TOL, INF, IW, RW,
     &               ISHORT)
      IMPLICIT NONE
      CHARACTER*(*) NAME
      INTEGER ISOL, IPROB, NEQ, INF(20), IW(5), ISHORT
      DOUBLE PRECISION TOUT, TOL, RW(5)
      INTEGER INFO(20), IWORK(200), IPAR(1), JROOT(1), IDID, I, LRW,
     &        LIW
      DOUBLE PRECISION T, Y(1), YP(1), RTOL(1), ATOL(1), RWORK(400),
     &                 RPAR(1)
      EXTERNAL RESL, RESK, JAC, PSOL, RT
      IPAR(1) = IPROB
      T = 0.0D0
      Y(1) = 1.0D0
      YP(1) = 1000.0D0
      RTOL(1) = TOL
      ATOL(1) = TOL
      DO 10 I = 1, 20
         INFO(I) = INF(I)
   10 CONTINUE
      DO 20 I = 1, 200
         IWORK(I) = 0
   20 CONTINUE
      DO 30 I = 1, 400
         RWORK(I) = 0.0D0
   30 CONTINUE
      DO 40 I = 1, 5
         IWORK(I) = IW(I)
         RWORK(I) = RW(I)
   40 CONTINUE
      LRW = 400
      LIW = 200
      IF (ISOL .EQ. 1) THEN
         IF (ISHORT .EQ. 1) LRW = 40 + 5 * 1 + 1 - 1
         IF (ISHORT .EQ. 2) LIW = 20 + 1 - 1
         CALL DDASSL(RESL, NEQ, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     &        RWORK, LRW, IWORK, LIW, RPAR, IPAR, JAC)
      ELSE
         IF (ISHORT .EQ. 1) LRW = 60 + 7 * 1 + 1 - 1
         IF (ISHORT .EQ. 2) LIW = 40 + 1 - 1
         CALL DDASKR(RESK, NEQ, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     &        RWORK, LRW, IWORK, LIW, RPAR, IPAR, JAC, PSOL, RT, 0,
     &        JROOT)
      END IF
      WRITE(6, '(A, I2, 1X, A, A, I4)') 'CASE ', ISOL, NAME, ' IDID',
     &      IDID
      END

C     DDASSL's residual.
      SUBROUTINE RESL(T, Y, YP, DELTA, IRES, RPAR, IPAR)
      IMPLICIT NONE
      INTEGER IRES, IPAR(*)
      DOUBLE PRECISION T, Y(*), YP(*), DELTA(*), RPAR(*), CJ
      CJ = 0.0D0
      CALL RESK(T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      END

C     DDASKR's residual.
      SUBROUTINE RESK(T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT NONE
      INTEGER IRES, IPAR(*)
      DOUBLE PRECISION T, Y(*), YP(*), CJ, DELTA(*), RPAR(*)
      IF (IPAR(1) .EQ. 4) THEN
         DELTA(1) = 1.0D0
         RETURN
      END IF
      DELTA(1) = YP(1) + 1000.0D0 * (Y(1) - COS(T))
      IF (IPAR(1) .EQ. 2 .AND. T .GT. 0.01D0) IRES = -1
      IF (IPAR(1) .EQ. 3 .AND. T .GT. 0.01D0) IRES = -2
      END

      SUBROUTINE JAC
      END

      SUBROUTINE PSOL
      END

      SUBROUTINE RT
      END
