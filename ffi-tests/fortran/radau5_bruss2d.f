C     The 2-D Brusselator diffusion of Hairer's examples (NS x NS grid,
C     periodic, N = 2 NS**2) with a full analytic Jacobian whose JAC writes
C     all N x N entries, called with the WORK that a replacement linear
C     algebra (one Jacobian column, LJAC = 1) needs: LWORK = 16 N + 20.
C     With the genuine linear algebra the full Jacobian needs 3 N**2 - 4 N
C     more, so RADAU5 refuses the call (IDID = -1) before JAC could write
C     past WORK. Then the same problem with a WORK large enough. Prints
C     IDID, the number of JAC calls, IWORK(14..20), and X, Y(1), Y(N) as
C     bit patterns.
      PROGRAM BRUS2D
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NS=6, N=2*NS*NS)
      PARAMETER (LSHORT=N*16+20, LWORK=N*(4*N+12)+20, LIWORK=3*N+20)
      DIMENSION Y(N), WORK(LWORK), IWORK(LIWORK)
      COMMON /GRID/ FAC, NGRID, NJAC
      EXTERNAL FBRU, JBRU, SOLOUT
      NGRID = NS
      FAC = 0.1D0*NS*NS
      DO 30 ICASE = 1, 2
         DO 10 J = 1, NS
            DO 10 I = 1, NS
               YY = (J-1)/DBLE(NS)
               XX = (I-1)/DBLE(NS)
               Y((J-1)*NS+I) = 22.D0*YY*(1.D0-YY)**1.5D0
               Y((J-1)*NS+I+NS*NS) = 27.D0*XX*(1.D0-XX)**1.5D0
   10    CONTINUE
         DO 11 I = 1, 20
            WORK(I) = 0.D0
            IWORK(I) = 0
   11    CONTINUE
         NJAC = 0
         X = 0.D0
         XEND = 1.D0
         H = 1.D-4
         RTOL = 1.D-4
         ATOL = 1.D-4
         LW = LSHORT
         IF (ICASE .EQ. 2) LW = LWORK
         MLJAC = N
         MUJAC = 0
         MLMAS = 0
         MUMAS = 0
         CALL RADAU5(N, FBRU, X, Y, XEND, H, RTOL, ATOL, 0,
     &        JBRU, 1, MLJAC, MUJAC, FBRU, 0, MLMAS, MUMAS, SOLOUT, 0,
     &        WORK, LW, IWORK, LIWORK, RPAR, IPAR, IDID)
         WRITE (6, '(A, I2, A, I4, A, I5, 7I6)') 'CASE', ICASE,
     &        ' IDID', IDID, ' JAC', NJAC, (IWORK(I), I = 14, 20)
         WRITE (6, '(A, 3Z17.16)') 'Y', X, Y(1), Y(N)
   30 CONTINUE
      END

      SUBROUTINE FBRU(N, X, Y, F, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), F(N)
      COMMON /GRID/ FAC, NS, NJAC
      NSQ = NS*NS
      DO 10 K = 1, NSQ
         I = MOD(K-1, NS) + 1
         J = (K-1)/NS + 1
         KL = K - 1
         IF (I .EQ. 1) KL = K + NS - 1
         KR = K + 1
         IF (I .EQ. NS) KR = K - NS + 1
         KD = K - NS
         IF (J .EQ. 1) KD = K + NSQ - NS
         KU = K + NS
         IF (J .EQ. NS) KU = K - NSQ + NS
         U = Y(K)
         V = Y(K+NSQ)
         F(K) = 1.D0 + U*U*V - 4.4D0*U + FAC*(Y(KL) + Y(KR) + Y(KD)
     &        + Y(KU) - 4.D0*U)
         F(K+NSQ) = 3.4D0*U - U*U*V + FAC*(Y(KL+NSQ) + Y(KR+NSQ)
     &        + Y(KD+NSQ) + Y(KU+NSQ) - 4.D0*V)
   10 CONTINUE
      END

      SUBROUTINE JBRU(N, X, Y, DFY, LDFY, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), DFY(LDFY, N)
      COMMON /GRID/ FAC, NS, NJAC
      NJAC = NJAC + 1
      NSQ = NS*NS
      DO 5 J = 1, N
         DO 5 I = 1, N
            DFY(I, J) = 0.D0
    5 CONTINUE
      DO 10 K = 1, NSQ
         I = MOD(K-1, NS) + 1
         J = (K-1)/NS + 1
         KL = K - 1
         IF (I .EQ. 1) KL = K + NS - 1
         KR = K + 1
         IF (I .EQ. NS) KR = K - NS + 1
         KD = K - NS
         IF (J .EQ. 1) KD = K + NSQ - NS
         KU = K + NS
         IF (J .EQ. NS) KU = K - NSQ + NS
         U = Y(K)
         V = Y(K+NSQ)
         DO 8 M = 0, 1
            MM = M*NSQ
            DFY(K+MM, KL+MM) = DFY(K+MM, KL+MM) + FAC
            DFY(K+MM, KR+MM) = DFY(K+MM, KR+MM) + FAC
            DFY(K+MM, KD+MM) = DFY(K+MM, KD+MM) + FAC
            DFY(K+MM, KU+MM) = DFY(K+MM, KU+MM) + FAC
    8    CONTINUE
         DFY(K, K) = DFY(K, K) + 2.D0*U*V - 4.4D0 - 4.D0*FAC
         DFY(K, K+NSQ) = U*U
         DFY(K+NSQ, K) = 3.4D0 - 2.D0*U*V
         DFY(K+NSQ, K+NSQ) = DFY(K+NSQ, K+NSQ) - U*U - 4.D0*FAC
   10 CONTINUE
      END

      SUBROUTINE SOLOUT(NR, XOLD, X, Y, CONT, LRC, N, RPAR, IPAR, IRTRN)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), CONT(LRC)
      END
