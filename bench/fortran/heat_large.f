C     The DDASKR authors' heat problem (their example dheat.f) at large
C     n, for issue 13: u_t = u_xx + u_yy on the unit square, u = 16 x(1-x)
C     y(1-y) at t = 0, u = 0 on the edge as algebraic equations, on an
C     M x M mesh that includes the edge (NEQ = M*M; dheat.f's M counts the
C     interior points only), central differences.  Krylov option
C     (INFO(12) = 1) with a banded preconditioner of half-bandwidths
C     ML = MU = 1 through HJAC and HPSOL (heat_banpre.f: the authors'
C     DBANJA and DBANPS), tout doubling from 0.01 to 0.01*2**(NOUT-1).
C     UPRIME at t = 0 is the consistent one (dheat.f starts from zero),
C     so that every solver starts from the same consistent values.
C     There are no root functions: RESH stands in for RT, never called.
C     IDID = -1 (500 steps in one call) is no failure: the call is repeated
C     with INFO(1) = 1, as DDASKR asks.
C     Standard input: M, RTOL, ATOL, NOUT.  Printed: one name and value a
C     line, the statistics, ERR (the max-norm error over the output
C     times against the exact solution of the semi-discrete system) and
C     CPU (seconds of CPU time in DDASKR).
      PROGRAM HEATL
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RESH, HJAC, HPSOL
      PARAMETER (MXM = 400, MXNEQ = MXM*MXM)
      PARAMETER (LENWP = 4*MXNEQ + 2*(MXNEQ/3 + 1))
      PARAMETER (LRW = 107 + 18*MXNEQ + LENWP, LIW = 40 + 2*MXNEQ)
      DIMENSION U(MXNEQ), UPRIME(MXNEQ), RWORK(LRW), IWORK(LIW)
      DIMENSION INFO(20), RPAR(1), IPAR(4), JROOT(1), RTOL(1), ATOL(1)
      DIMENSION G(MXM), C(MXM), EIG(MXM)
      READ (*, *) M, RTOL(1), ATOL(1), NOUT
      IF (M .LT. 3 .OR. M .GT. MXM) THEN
        WRITE (*, '(A,I6)') 'M must be in 3..', MXM
        STOP 2
      ENDIF
      NEQ = M*M
      DX = 1.0D0/(M - 1)
      RPAR(1) = 1.0D0/(DX*DX)
      IPAR(1) = 1
      IPAR(2) = 1
      IPAR(3) = NEQ
      IPAR(4) = M
      DO 10 I = 1, 20
 10     INFO(I) = 0
      INFO(12) = 1
      INFO(15) = 1
      IWORK(27) = (2*IPAR(1) + IPAR(2) + 1)*NEQ
     *          + 2*(NEQ/(IPAR(1) + IPAR(2) + 1) + 1)
      IWORK(28) = NEQ
      CALL UINIT(M, DX, U)
      DO 20 I = 1, NEQ
 20     UPRIME(I) = 0.0D0
      CALL RESH(0.0D0, U, UPRIME, 0.0D0, RWORK, IRES, RPAR, IPAR)
      DO 25 K = 2, M - 1
        DO 25 J = 2, M - 1
          UPRIME((K-1)*M + J) = -RWORK((K-1)*M + J)
 25   CONTINUE
      CALL SINEC(M, C, EIG)
      T = 0.0D0
      TOUT = 0.01D0
      ERR = 0.0D0
      CPU = 0.0D0
      DO 40 IOUT = 1, NOUT
 35     CALL CPU_TIME(C0)
        CALL DDASKR(RESH, NEQ, T, U, UPRIME, TOUT, INFO, RTOL, ATOL,
     *       IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, HJAC, HPSOL,
     *       RESH, 0, JROOT)
        CALL CPU_TIME(C1)
        CPU = CPU + (C1 - C0)
        IF (IDID .EQ. -1) THEN
          INFO(1) = 1
          GO TO 35
        ENDIF
        IF (IDID .LT. 0) GO TO 50
        CALL EXACT(M, T, C, EIG, G)
        DO 30 K = 1, M
          DO 30 J = 1, M
            ERR = MAX(ERR, ABS(U((K-1)*M + J) - G(J)*G(K)))
 30     CONTINUE
        TOUT = 2.0D0*TOUT
 40   CONTINUE
 50   WRITE (*, 60) 'M', M
      WRITE (*, 60) 'NEQ', NEQ
      WRITE (*, 60) 'IDID', IDID
      WRITE (*, 60) 'STEPS', IWORK(11)
      WRITE (*, 60) 'NRE', IWORK(12)
      WRITE (*, 60) 'NPE', IWORK(13)
      WRITE (*, 60) 'NETF', IWORK(14)
      WRITE (*, 60) 'NCFN', IWORK(15)
      WRITE (*, 60) 'NCFL', IWORK(16)
      WRITE (*, 60) 'NNI', IWORK(19)
      WRITE (*, 60) 'NLI', IWORK(20)
      WRITE (*, 60) 'NPS', IWORK(21)
      WRITE (*, 70) 'H', RWORK(7)
      WRITE (*, 70) 'TN', RWORK(4)
      WRITE (*, 70) 'ERR', ERR
      WRITE (*, 70) 'CPU', CPU
 60   FORMAT (A, 1X, I12)
 70   FORMAT (A, 1X, ES24.16)
      END

C     The initial values on the mesh, edge included.
      SUBROUTINE UINIT(M, DX, U)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION U(M, M)
      DO 10 K = 1, M
        Y = (K - 1)*DX
        DO 10 J = 1, M
          X = (J - 1)*DX
          U(J, K) = 16.0D0*X*(1.0D0 - X)*Y*(1.0D0 - Y)
 10   CONTINUE
      RETURN
      END

C     G = U - 0 on the edge, G = U' - (five-point Laplacian of U) inside.
      SUBROUTINE RESH(T, U, UPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION U(*), UPRIME(*), DELTA(*), RPAR(1), IPAR(4)
      NEQ = IPAR(3)
      M = IPAR(4)
      COEFF = RPAR(1)
      DO 10 I = 1, NEQ
 10     DELTA(I) = U(I)
      DO 20 K = 2, M - 1
        DO 20 J = 2, M - 1
          I = (K - 1)*M + J
          TEMX = U(I-1) + U(I+1)
          TEMY = U(I-M) + U(I+M)
          DELTA(I) = UPRIME(I) - (TEMX + TEMY - 4.0D0*U(I))*COEFF
 20   CONTINUE
      RETURN
      END

C     The semi-discrete solution is G(x) G(y) with G = exp(t L) g, L the
C     one-dimensional second difference and g = 4 x (1-x): C holds g's
C     coefficients in L's eigenvectors sin(k pi x), EIG the eigenvalues.
      SUBROUTINE SINEC(M, C, EIG)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION C(M), EIG(M)
      PI = 4.0D0*ATAN(1.0D0)
      N = M - 1
      DX = 1.0D0/N
      DO 20 K = 1, N - 1
        S = 0.0D0
        DO 10 J = 1, N - 1
          X = J*DX
 10       S = S + 4.0D0*X*(1.0D0 - X)*SIN(K*PI*X)
        C(K) = 2.0D0*S/N
        EIG(K) = -4.0D0*(SIN(K*PI*DX/2.0D0)/DX)**2
 20   CONTINUE
      RETURN
      END

C     G at the mesh points at time T (zero on the edge).
      SUBROUTINE EXACT(M, T, C, EIG, G)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION C(M), EIG(M), G(M)
      PI = 4.0D0*ATAN(1.0D0)
      N = M - 1
      G(1) = 0.0D0
      G(M) = 0.0D0
      DO 20 J = 1, N - 1
        S = 0.0D0
        DO 10 K = 1, N - 1
 10       S = S + C(K)*EXP(EIG(K)*T)*SIN(K*PI*J/N)
        G(J + 1) = S
 20   CONTINUE
      RETURN
      END
