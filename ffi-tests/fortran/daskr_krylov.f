C     DDASKR's Krylov option (INFO(12) = 1) on a small reaction-diffusion
C     problem: u_t = u_xx + u_yy - u**3 on the unit square, u = 0 on the
C     edge, M x M interior points, plus one algebraic unknown Q, the total
C     heat (Q - h**2 * sum(u) = 0).  NEQ = M*M + 1.
C     The preconditioner is ours: the x-direction tridiagonal part of the
C     iteration matrix on each grid line, set up by JACK (diagonal kept in
C     WP, with 1/h**2 after it and M in IWP) and solved line by line by
C     PSOLK.  Cases: defaults; INFO(13) = 1 with incomplete GMRES and
C     restarts; consistent initial values (INFO(11) = 1, INFO(16) = 1);
C     no JAC (INFO(15) = 0, PSOLK takes CJ itself); a PSOL failing with
C     IER < 0 and IER > 0; a JAC failing; bad Krylov input.  Every return is
C     printed with the statistics of IWORK(11..21).
      PROGRAM DKRYL
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RESK, JACK, PSOLK, RTK
      PARAMETER (M = 8, NEQ = M*M + 1, LRW = 20000, LIW = 400)
      DIMENSION Y(NEQ), YP(NEQ), RWORK(LRW), IWORK(LIW), INFO(20)
      DIMENSION RPAR(2), IPAR(4), JROOT(1), RTOL(1), ATOL(1)
      DO 900 ICASE = 1, 10
        DO 10 I = 1, 20
 10       INFO(I) = 0
        DO 11 I = 1, LIW
 11       IWORK(I) = 0
        DO 12 I = 1, LRW
 12       RWORK(I) = 0.0D0
        INFO(12) = 1
        INFO(15) = 1
        IPAR(1) = M
        IPAR(2) = 1
        IPAR(3) = 0
        RPAR(1) = 1.0D0/(M + 1)
        RPAR(2) = 0.0D0
        RTOL(1) = 1.0D-6
        ATOL(1) = 1.0D-8
        IWORK(27) = M*M + 1
        IWORK(28) = 1
        NRT = 0
        CALL SETUP(NEQ, M, RPAR(1), Y, YP, 0)
        IF (ICASE .EQ. 2) THEN
          INFO(13) = 1
          IWORK(24) = 3
          IWORK(25) = 2
          IWORK(26) = 2
          RWORK(10) = 0.01D0
        ELSE IF (ICASE .EQ. 3) THEN
          INFO(11) = 1
          INFO(16) = 1
          DO 20 I = 1, NEQ - 1
 20         IWORK(40 + I) = 1
          IWORK(40 + NEQ) = -1
          CALL SETUP(NEQ, M, RPAR(1), Y, YP, 1)
        ELSE IF (ICASE .EQ. 4) THEN
          INFO(15) = 0
          IPAR(2) = 0
        ELSE IF (ICASE .EQ. 5) THEN
          IPAR(3) = 1
        ELSE IF (ICASE .EQ. 6) THEN
          IPAR(3) = 2
        ELSE IF (ICASE .EQ. 7) THEN
          IPAR(3) = 3
        ELSE IF (ICASE .EQ. 8) THEN
          INFO(13) = 1
          IWORK(24) = NEQ + 1
          IWORK(25) = 1
          IWORK(26) = 0
          RWORK(10) = 0.05D0
        ELSE IF (ICASE .EQ. 9) THEN
          INFO(13) = 1
          IWORK(24) = 4
          IWORK(25) = 5
          IWORK(26) = 0
          RWORK(10) = 0.05D0
        ELSE IF (ICASE .EQ. 10) THEN
          INFO(3) = 1
          NRT = 1
          INFO(13) = 1
          IWORK(24) = 2
          IWORK(25) = 1
          IWORK(26) = 4
          RWORK(10) = 0.2D0
        ENDIF
        WRITE (6, '(A, I3)') 'CASE', ICASE
        T = 0.0D0
        TOUT = 0.01D0
        DO 800 IOUT = 1, 40
          CALL DDASKR (RESK, NEQ, T, Y, YP, TOUT, INFO, RTOL, ATOL,
     1      IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JACK, PSOLK,
     2      RTK, NRT, JROOT)
          MID = (M/2 - 1)*M + M/2
          WRITE (6, '(I4, 3(1P, E25.16))') IDID, T, Y(MID), Y(NEQ)
          WRITE (6, '(4X, 11I7)') (IWORK(K), K = 11, 21)
          WRITE (6, '(4X, 3(1P, E25.16))') RWORK(3), RWORK(7), RWORK(4)
          IF (IDID .LT. 0) GO TO 900
          IF (IDID .EQ. 4) INFO(11) = 0
          IF (IDID .EQ. 4) INFO(1) = 0
          IF (IDID .EQ. 3 .OR. IDID .EQ. 2) TOUT = 2.0D0*TOUT
          IF (TOUT .GT. 0.7D0) GO TO 900
 800    CONTINUE
 900  CONTINUE
      END

C     Initial values: u = 16 x(1-x) y(1-y), Q its total; with IPERT = 0 a
C     consistent YP, else YP = 0 and Q off by 10 percent (for INFO(11) = 1).
      SUBROUTINE SETUP(NEQ, M, H, Y, YP, IPERT)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(NEQ), YP(NEQ), RPAR(2), IPAR(4)
      S = 0.0D0
      DO 10 J = 1, M
        DO 10 I = 1, M
          X = I*H
          YY = J*H
          K = (J - 1)*M + I
          Y(K) = 16.0D0*X*(1.0D0 - X)*YY*(1.0D0 - YY)
          S = S + Y(K)
 10   CONTINUE
      Y(NEQ) = H*H*S
      DO 20 K = 1, NEQ
 20     YP(K) = 0.0D0
      IF (IPERT .NE. 0) THEN
        Y(NEQ) = 1.1D0*Y(NEQ)
        RETURN
      ENDIF
      IPAR(1) = M
      RPAR(1) = H
      CALL RESK(0.0D0, Y, YP, 0.0D0, YP, IRES, RPAR, IPAR)
      DO 30 K = 1, NEQ - 1
 30     YP(K) = -YP(K)
      YP(NEQ) = 0.0D0
      END

      SUBROUTINE RESK(T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YP(*), DELTA(*), RPAR(*), IPAR(*)
      M = IPAR(1)
      H = RPAR(1)
      C = 1.0D0/(H*H)
      S = 0.0D0
      DO 10 J = 1, M
        DO 10 I = 1, M
          K = (J - 1)*M + I
          UW = 0.0D0
          UE = 0.0D0
          US = 0.0D0
          UN = 0.0D0
          IF (I .GT. 1) UW = Y(K - 1)
          IF (I .LT. M) UE = Y(K + 1)
          IF (J .GT. 1) US = Y(K - M)
          IF (J .LT. M) UN = Y(K + M)
          U = Y(K)
          DELTA(K) = YP(K) - C*(UW + UE + US + UN - 4.0D0*U) + U**3
          S = S + U
 10   CONTINUE
      DELTA(M*M + 1) = Y(M*M + 1) - H*H*S
      END

C     Preconditioner setup: the diagonal of the x-line blocks, CJ + 4/h**2 +
C     3 u**2, into WP(1..M*M), 1/h**2 into WP(M*M+1), M into IWP(1).
      SUBROUTINE JACK(RES, IRES, NEQ, T, Y, YP, REWT, SAVR, WK, H, CJ,
     1                WP, IWP, IER, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RES
      DIMENSION Y(*), YP(*), REWT(*), SAVR(*), WK(*), WP(*), IWP(*)
      DIMENSION RPAR(*), IPAR(*)
      M = IPAR(1)
      IF (IPAR(3) .EQ. 3 .AND. T .GT. 0.05D0) THEN
        IER = 1
        RETURN
      ENDIF
      C = 1.0D0/(RPAR(1)**2)
      DO 10 K = 1, M*M
 10     WP(K) = CJ + 4.0D0*C + 3.0D0*Y(K)**2
      WP(M*M + 1) = C
      IWP(1) = M
      END

C     Solves the x-line tridiagonal systems (Thomas, WK as scratch); the
C     last unknown is left alone.  Without JAC (IPAR(2) = 0) the diagonal
C     is CJ + 4/h**2, from the CJ passed in.
      SUBROUTINE PSOLK(NEQ, T, Y, YP, SAVR, WK, CJ, WGHT, WP, IWP, B,
     1                 EPLIN, IER, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YP(*), SAVR(*), WK(*), WGHT(*), WP(*), IWP(*)
      DIMENSION B(*), RPAR(*), IPAR(*)
      M = IPAR(1)
      IF (IPAR(3) .EQ. 1 .AND. T .GT. 0.05D0) THEN
        IER = -1
        RETURN
      ENDIF
      IF (IPAR(3) .EQ. 2 .AND. T .GT. 0.05D0) THEN
        IER = 1
        RETURN
      ENDIF
      C = 1.0D0/(RPAR(1)**2)
      CALL LINES(M, C, CJ, WP, IPAR(2), WK, B)
      END

C     The forward and back substitutions of the line solves.
      SUBROUTINE LINES(M, C, CJ, WP, MODE, WK, B)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION WP(*), WK(*), B(*)
      DO 30 J = 1, M
        K0 = (J - 1)*M
        DPREV = 0.0D0
        DO 10 I = 1, M
          IF (MODE .EQ. 1) THEN
            D = WP(K0 + I)
          ELSE
            D = CJ + 4.0D0*C
          ENDIF
          IF (I .GT. 1) THEN
            D = D - C*C/DPREV
          ENDIF
          WK(K0 + I) = D
          DPREV = D
 10     CONTINUE
        DO 15 I = 2, M
 15       B(K0 + I) = B(K0 + I) + C*B(K0 + I - 1)/WK(K0 + I - 1)
        B(K0 + M) = B(K0 + M)/WK(K0 + M)
        DO 20 I = M - 1, 1, -1
 20       B(K0 + I) = (B(K0 + I) + C*B(K0 + I + 1))/WK(K0 + I)
 30   CONTINUE
      END

C     One root function: u at the centre point falls to 0.3.
      SUBROUTINE RTK(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YP(*), RVAL(*), RPAR(*), IPAR(*)
      M = IPAR(1)
      RVAL(1) = Y((M/2 - 1)*M + M/2) - 0.3D0
      END
