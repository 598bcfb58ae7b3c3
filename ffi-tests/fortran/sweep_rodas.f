C     RODAS size and storage sweep (issue 12): the problems of
C     sweep_radau5.f through RODAS over N = 1, 2, 5, 27, 32, 33, 64,
C     100 with every storage combination.
C     Problems (IPROB):
C     1 BRUS  Brusselator chain, u and v interleaved, alpha =
C             (NC+1)**2/50 for NC = (N+1)/2 cells (an odd N leaves
C             the last cell without v, held at 3), u = 1, v = 3 at
C             the ends; u(0) = 1 + sin(2 pi x_i), v(0) = 3;
C             with M y' = f, M tridiagonal (1, 0.1) banded or
C             I + 0.1 * 0.5**|i-j| full.
C     2 NLOC  BRUS + 0.1 (mean(y) - 2) in every equation: a truly
C             dense Jacobian.
C     3 SEC   a damped nonlinear spring chain q'' = A d2 q + B d2 q'
C             - q**3 as a first-order system with M1 = M2 = N/2 (an
C             odd N adds z' = -10 z + p_1); also run with M1 = 0.
C     4 DAE1  BRUS with the v equations algebraic (mass diag(1, 0,
C             1, 0, ...)): an index-1 DAE, its v(0) not consistent.
C     Storage in the tag: J{F|B}{A|N} full/banded Jacobian,
C     analytic/numerical; M{I|B|F} identity/banded/full mass; /M1
C     second-order reduction. Variants: /METH2, /METH3 the other
C     coefficient sets (IWORK(2)); /CLAS classical step control
C     (IWORK(3) = 2); /WSET WORK(2..5) = 0.05, 0.5, 4, 0.8; /FXN
C     and /FXA a forcing 0.1 sin(x) on the first equation (IFCN =
C     1) with df/dx by differences or from DFX; /STOP SOLOUT stops
C     after 5 steps; /NMAX IWORK(1) = 5; /IOUT SOLOUT with CONTRO
C     at three points of every step; /VTOL vector tolerances;
C     /BIGH first step H = XEND.
C     XEND = 0.5, RTOL = ATOL = 1e-6, H = 1e-6 unless so tagged.
C     Each run prints one line starting with RUN: tag, IDID, X,
C     IWORK(14..20), H, Y(1), Y((N+1)/2), Y(N), RTOL(1) and
C     ATOL(1) after the call, the number of SOLOUT calls and the
C     sum of the CONTRO values. ffi-tests/expected/sweep_rodas.txt
C     holds the lines printed with the original RODAS (rodas.f,
C     decsol.f, dc_decsol.f).
      PROGRAM SWEEP
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION NS(8)
      DATA NS /1, 2, 5, 27, 32, 33, 64, 100/
      XE = 0.5D0
      DO 100 K = 1, 8
        N = NS(K)
C       IPROB, N, IJAC, JFULL, IMAS, MFULL, ISEC, IVAR, IOUT,
C       ITOL, IBIG, XEND
        CALL RUN(1, N, 1, 1, 0, 0, 0, 0, 0, 0, 0, XE)
        CALL RUN(1, N, 0, 1, 0, 0, 0, 0, 0, 0, 0, XE)
        CALL RUN(1, N, 1, 0, 0, 0, 0, 0, 0, 0, 0, XE)
        CALL RUN(1, N, 0, 0, 0, 0, 0, 0, 0, 0, 0, XE)
        DO 50 IV = 1, 8
          CALL RUN(1, N, 1, 1, 0, 0, 0, IV, 0, 0, 0, XE)
          CALL RUN(1, N, 0, 0, 0, 0, 0, IV, 0, 0, 0, XE)
   50   CONTINUE
        CALL RUN(1, N, 1, 1, 0, 0, 0, 0, 1, 0, 0, XE)
        CALL RUN(1, N, 1, 0, 0, 0, 0, 0, 1, 0, 0, XE)
        CALL RUN(1, N, 1, 1, 0, 0, 0, 0, 0, 1, 0, XE)
        CALL RUN(1, N, 0, 0, 0, 0, 0, 0, 0, 1, 0, XE)
        CALL RUN(1, N, 1, 1, 0, 0, 0, 0, 0, 0, 1, XE)
        CALL RUN(1, N, 1, 0, 0, 0, 0, 0, 0, 0, 1, XE)
        CALL RUN(1, N, 1, 1, 1, 0, 0, 0, 0, 0, 0, XE)
        CALL RUN(1, N, 0, 1, 1, 0, 0, 0, 0, 0, 0, XE)
        CALL RUN(1, N, 1, 0, 1, 0, 0, 0, 0, 0, 0, XE)
        CALL RUN(1, N, 0, 0, 1, 0, 0, 0, 0, 0, 0, XE)
        CALL RUN(1, N, 1, 1, 1, 1, 0, 0, 0, 0, 0, XE)
        CALL RUN(1, N, 0, 1, 1, 1, 0, 0, 0, 0, 0, XE)
        CALL RUN(1, N, 1, 0, 1, 0, 0, 6, 1, 0, 0, XE)
        CALL RUN(2, N, 1, 1, 0, 0, 0, 0, 0, 0, 0, XE)
        CALL RUN(2, N, 0, 1, 0, 0, 0, 0, 0, 0, 0, XE)
        CALL RUN(2, N, 1, 1, 0, 0, 0, 0, 1, 0, 0, XE)
        CALL RUN(2, N, 1, 1, 1, 1, 0, 0, 0, 0, 0, XE)
        CALL RUN(2, N, 0, 1, 0, 0, 0, 0, 0, 0, 1, XE)
        IF (N .GE. 2) THEN
          CALL RUN(3, N, 1, 1, 0, 0, 0, 0, 0, 0, 0, XE)
          CALL RUN(3, N, 1, 1, 0, 0, 1, 0, 0, 0, 0, XE)
          CALL RUN(3, N, 0, 1, 0, 0, 1, 0, 0, 0, 0, XE)
          CALL RUN(3, N, 1, 1, 1, 0, 1, 0, 0, 0, 0, XE)
          CALL RUN(3, N, 0, 1, 1, 0, 1, 0, 0, 0, 0, XE)
          CALL RUN(3, N, 1, 1, 1, 1, 1, 0, 0, 0, 0, XE)
          CALL RUN(3, N, 0, 1, 1, 1, 1, 0, 0, 0, 0, XE)
          CALL RUN(3, N, 1, 1, 0, 0, 1, 0, 1, 0, 0, XE)
          CALL RUN(3, N, 1, 1, 0, 0, 1, 0, 0, 1, 0, XE)
          CALL RUN(3, N, 1, 1, 0, 0, 1, 5, 0, 0, 0, XE)
        END IF
        IF (N .GE. 8 .AND. MOD(N, 2) .EQ. 0) THEN
          CALL RUN(3, N, 1, 0, 0, 0, 1, 0, 0, 0, 0, XE)
          CALL RUN(3, N, 0, 0, 0, 0, 1, 0, 0, 0, 0, XE)
          CALL RUN(3, N, 1, 0, 1, 0, 1, 0, 0, 0, 0, XE)
          CALL RUN(3, N, 0, 0, 1, 0, 1, 0, 0, 0, 0, XE)
          CALL RUN(3, N, 1, 0, 0, 0, 1, 6, 0, 0, 0, XE)
        END IF
        IF (N .GE. 2) THEN
          CALL RUN(4, N, 1, 1, 1, 0, 0, 0, 0, 0, 0, XE)
          CALL RUN(4, N, 0, 1, 1, 0, 0, 0, 0, 0, 0, XE)
          CALL RUN(4, N, 1, 0, 1, 0, 0, 0, 0, 0, 0, XE)
          CALL RUN(4, N, 0, 0, 1, 0, 0, 0, 0, 0, 0, XE)
          CALL RUN(4, N, 1, 1, 1, 1, 0, 0, 0, 0, 0, XE)
          CALL RUN(4, N, 0, 1, 1, 1, 0, 0, 0, 0, 0, XE)
          CALL RUN(4, N, 1, 0, 1, 0, 0, 0, 1, 0, 0, XE)
          CALL RUN(4, N, 1, 0, 1, 0, 0, 2, 0, 0, 0, XE)
          CALL RUN(4, N, 1, 0, 1, 0, 0, 5, 0, 0, 0, XE)
        END IF
  100 CONTINUE
C     a full mass with a banded Jacobian (refused, IDID = -1)
      CALL RUN(1, 32, 1, 0, 1, 1, 0, 0, 0, 0, 0, XE)
C     longer runs
      XE = 10D0
      CALL RUN(1, 40, 1, 1, 0, 0, 0, 0, 0, 0, 0, XE)
      CALL RUN(1, 40, 0, 1, 0, 0, 0, 0, 0, 0, 0, XE)
      CALL RUN(2, 100, 0, 1, 0, 0, 0, 0, 0, 0, 0, XE)
      CALL RUN(1, 1000, 1, 0, 0, 0, 0, 0, 0, 0, 0, XE)
      CALL RUN(1, 1000, 0, 0, 0, 0, 0, 0, 0, 0, 0, XE)
      END

C     One RODAS call and its RUN line.
      SUBROUTINE RUN(IPROB, N, IJAC, JFULL, IMAS, MFULL, ISEC,
     &  IVAR, IOUT, ITOL, IBIG, XEND)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NMAX = 1000, LWMAX = 250000)
      DIMENSION Y(NMAX), RTOL(NMAX), ATOL(NMAX), RPAR(1), IPAR(1)
      CHARACTER*48 TAG
      CHARACTER*4 PNAME(5)
      CHARACTER*6 VNAME(8)
      EXTERNAL FCN, JAC, DFX, MAS, SOLOUT
      COMMON /SWPI/ IPR, NC, JFUL, MUJ, M1C, M2E, MFUL, MUM, KP, NR
      COMMON /SWPR/ ALPHA, A2, B2
      COMMON /SWPS/ SSUM, NSOLC, IFRC, ISTP
      COMMON /SWPW/ WORK(LWMAX), IWORK(3*NMAX+20)
      DATA PNAME /'BRUS', 'NLOC', 'SEC ', 'DAE1', '    '/
      DATA VNAME /'/METH2', '/METH3', '/CLAS ', '/WSET ', '/FXN  ',
     &  '/FXA  ', '/STOP ', '/NMAX '/
      IPR = IPROB
      NC = (N + 1) / 2
      ALPHA = DBLE(NC + 1)**2 / 50D0
      M1 = 0
      M2 = 0
      IF (ISEC .NE. 0) THEN
        M1 = N / 2
        M2 = N / 2
      END IF
      M1C = M1
      M2E = N
      IF (M1 .GT. 0) M2E = M2
      NM1 = N - M1
C     the spring chain's stiffness and damping
      A2 = DBLE(N / 2 + 1)**2 / 5D0
      B2 = DBLE(N / 2 + 1)**2 / 50D0
      KP = N / 5
      NR = N - 5 * KP
C     Jacobian storage
      JFUL = JFULL
      IF (JFULL .NE. 0) THEN
        MLJAC = NM1
        MUJAC = NM1
        LDJAC = NM1
        LDE = NM1
      ELSE
        IF (IPROB .EQ. 3) THEN
          MLJAC = 1
        ELSE
          MLJAC = MIN(2, N - 1)
        END IF
        MUJAC = MLJAC
        LDJAC = MLJAC + MUJAC + 1
        LDE = 2 * MLJAC + MUJAC + 1
      END IF
      MUJ = MUJAC
C     mass storage
      MFUL = MFULL
      LDMAS = 0
      MLMAS = 0
      MUMAS = 0
      IF (IMAS .NE. 0) THEN
        IF (MFULL .NE. 0) THEN
          MLMAS = NM1
          MUMAS = NM1
          LDMAS = NM1
        ELSE
          IF (IPROB .LT. 4) THEN
            MLMAS = MIN(1, NM1 - 1)
          END IF
          MUMAS = MLMAS
          LDMAS = MLMAS + MUMAS + 1
        END IF
      END IF
      MUM = MUMAS
      LWORK = N * (LDJAC + 14) + NM1 * (LDMAS + LDE) + 20
      LIWORK = NM1 + 20
      DO 10 I = 1, 20
        WORK(I) = 0D0
        IWORK(I) = 0
   10 CONTINUE
      IFCN = 0
      IDFX = 0
      IFRC = 0
      ISTP = 0
      IF (IVAR .EQ. 1) IWORK(2) = 2
      IF (IVAR .EQ. 2) IWORK(2) = 3
      IF (IVAR .EQ. 3) IWORK(3) = 2
      IF (IVAR .EQ. 4) THEN
        WORK(2) = 0.05D0
        WORK(3) = 0.5D0
        WORK(4) = 4D0
        WORK(5) = 0.8D0
      END IF
      IF (IVAR .EQ. 5 .OR. IVAR .EQ. 6) THEN
        IFCN = 1
        IFRC = 1
      END IF
      IF (IVAR .EQ. 6) IDFX = 1
      IF (IVAR .EQ. 7) ISTP = 1
      IF (IVAR .EQ. 8) IWORK(1) = 5
      IOUTC = IOUT
      IF (IVAR .EQ. 7) IOUTC = 1
      IWORK(9) = M1
      IWORK(10) = M2
C     a refused input writes no statistics
      IF (IMAS .NE. 0 .AND. MFULL .NE. 0 .AND. JFULL .EQ. 0) THEN
        DO 11 I = 14, 20
          IWORK(I) = -7
   11   CONTINUE
      END IF
      CALL INIT(N, Y)
      X = 0D0
      H = 1D-6
      IF (IBIG .NE. 0) H = XEND
      RTOL(1) = 1D-6
      ATOL(1) = 1D-6
      IF (ITOL .NE. 0) THEN
        DO 20 I = 1, N
          RTOL(I) = 1D-6 * DBLE(1 + MOD(I, 3))
          ATOL(I) = 1D-7 * DBLE(1 + MOD(I, 2))
   20   CONTINUE
      END IF
      SSUM = 0D0
      NSOLC = 0
      CALL RODAS(N, FCN, IFCN, X, Y, XEND, H, RTOL, ATOL, ITOL,
     &  JAC, IJAC, MLJAC, MUJAC, DFX, IDFX, MAS, IMAS, MLMAS, MUMAS,
     &  SOLOUT, IOUTC, WORK, LWORK, IWORK, LIWORK, RPAR, IPAR, IDID)
C     the tag
      WRITE (TAG, '(A, ''/N='', I0, ''/J'')') TRIM(PNAME(IPROB)), N
      L = LEN_TRIM(TAG)
      IF (JFULL .NE. 0) THEN
        TAG(L+1:L+1) = 'F'
      ELSE
        TAG(L+1:L+1) = 'B'
      END IF
      IF (IJAC .NE. 0) THEN
        TAG(L+2:L+2) = 'A'
      ELSE
        TAG(L+2:L+2) = 'N'
      END IF
      IF (IMAS .EQ. 0) THEN
        TAG(L+3:L+5) = '/MI'
      ELSE IF (MFULL .NE. 0) THEN
        TAG(L+3:L+5) = '/MF'
      ELSE
        TAG(L+3:L+5) = '/MB'
      END IF
      L = L + 5
      IF (ISEC .NE. 0) THEN
        TAG(L+1:L+3) = '/M1'
        L = L + 3
      END IF
      IF (IVAR .NE. 0) THEN
        TAG(L+1:L+6) = VNAME(IVAR)
        L = LEN_TRIM(TAG)
      END IF
      IF (IOUT .NE. 0) THEN
        TAG(L+1:L+5) = '/IOUT'
        L = L + 5
      END IF
      IF (ITOL .NE. 0) THEN
        TAG(L+1:L+5) = '/VTOL'
        L = L + 5
      END IF
      IF (IBIG .NE. 0) THEN
        TAG(L+1:L+5) = '/BIGH'
        L = L + 5
      END IF
      IF (XEND .GT. 1D0) THEN
        TAG(L+1:L+5) = '/X=10'
        L = L + 5
      END IF
      WRITE (6, '(''RUN '', A, I4, E25.17, 7I8, 6E25.17, I7,
     &  E25.17)') TAG(1:L), IDID, X, (IWORK(I), I = 14, 20), H,
     &  Y(1), Y((N + 1) / 2), Y(N), RTOL(1), ATOL(1), NSOLC, SSUM
      END

C     Initial values.
      SUBROUTINE INIT(N, Y)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), FQ(2)
      COMMON /SWPI/ IPR, NC, JFUL, MUJ, M1C, M2E, MFUL, MUM, KP, NR
      PI = 4D0 * ATAN(1D0)
      IF (IPR .LE. 2 .OR. IPR .EQ. 4) THEN
        DO 10 I = 1, NC
          Y(2 * I - 1) = 1D0 + SIN(2D0 * PI * DBLE(I) / DBLE(NC + 1))
          IF (2 * I .LE. N) Y(2 * I) = 3D0
   10   CONTINUE
      ELSE IF (IPR .EQ. 3) THEN
        NH = N / 2
        DO 20 I = 1, NH
          Y(I) = SIN(PI * DBLE(I) / DBLE(NH + 1))
          Y(NH + I) = 0D0
   20   CONTINUE
        IF (MOD(N, 2) .EQ. 1) Y(N) = 1D0
      END IF
      END

      SUBROUTINE FCN(N, X, Y, F, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), F(N), RPAR(*), IPAR(*)
      COMMON /SWPI/ IPR, NC, JFUL, MUJ, M1C, M2E, MFUL, MUM, KP, NR
      COMMON /SWPR/ ALPHA, A2, B2
      COMMON /SWPS/ SSUM, NSOLC, IFRC, ISTP
      IF (IPR .LE. 2 .OR. IPR .EQ. 4) THEN
        DO 10 I = 1, NC
          KU = 2 * I - 1
          KV = 2 * I
          U = Y(KU)
          V = 3D0
          IF (KV .LE. N) V = Y(KV)
          UL = 1D0
          IF (I .GT. 1) UL = Y(KU - 2)
          UR = 1D0
          IF (I .LT. NC) UR = Y(KU + 2)
          F(KU) = 1D0 + U * U * V - 4D0 * U
     &      + ALPHA * (UL - 2D0 * U + UR)
          IF (KV .LE. N) THEN
            VL = 3D0
            IF (I .GT. 1) VL = Y(KV - 2)
            VR = 3D0
            IF (KV + 2 .LE. N) VR = Y(KV + 2)
            F(KV) = 3D0 * U - U * U * V + ALPHA * (VL - 2D0 * V + VR)
          END IF
   10   CONTINUE
        IF (IPR .EQ. 2) THEN
          S = 0D0
          DO 20 K = 1, N
            S = S + Y(K)
   20     CONTINUE
          C = 0.1D0 * (S / DBLE(N) - 2D0)
          DO 30 K = 1, N
            F(K) = F(K) + C
   30     CONTINUE
        END IF
      ELSE IF (IPR .EQ. 3) THEN
        NH = N / 2
        DO 40 I = 1, NH
          Q = Y(I)
          P = Y(NH + I)
          QL = 0D0
          PL = 0D0
          IF (I .GT. 1) THEN
            QL = Y(I - 1)
            PL = Y(NH + I - 1)
          END IF
          QR = 0D0
          PR = 0D0
          IF (I .LT. NH) THEN
            QR = Y(I + 1)
            PR = Y(NH + I + 1)
          END IF
          F(I) = P
          F(NH + I) = A2 * (QL - 2D0 * Q + QR)
     &      + B2 * (PL - 2D0 * P + PR) - Q * Q * Q
   40   CONTINUE
        IF (MOD(N, 2) .EQ. 1) THEN
          F(NH + 1) = F(NH + 1) + 0.1D0 * Y(N)
          F(N) = -10D0 * Y(N) + Y(NH + 1)
        END IF
      END IF
      IF (IFRC .NE. 0) F(1) = F(1) + 0.1D0 * SIN(X)
      END

C     Stores dF(IR)/dY(IC) full or banded; with M1 > 0 only the
C     rows M1+1..N, and the banded columns per block of M2.
      SUBROUTINE PUT(DFY, LDFY, N, IR, IC, V)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION DFY(LDFY, N)
      COMMON /SWPI/ IPR, NC, JFUL, MUJ, M1C, M2E, MFUL, MUM, KP, NR
      IF (IR .LE. M1C) RETURN
      IRR = IR - M1C
      IF (JFUL .NE. 0) THEN
        DFY(IRR, IC) = V
      ELSE
        J = MOD(IC - 1, M2E) + 1
        DFY(IRR - J + MUJ + 1, IC) = V
      END IF
      END

      SUBROUTINE JAC(N, X, Y, DFY, LDFY, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), DFY(LDFY, N), RPAR(*), IPAR(*)
      COMMON /SWPI/ IPR, NC, JFUL, MUJ, M1C, M2E, MFUL, MUM, KP, NR
      COMMON /SWPR/ ALPHA, A2, B2
      DO 6 J = 1, N
        DO 5 I = 1, LDFY
          DFY(I, J) = 0D0
    5   CONTINUE
    6 CONTINUE
      IF (IPR .LE. 2 .OR. IPR .EQ. 4) THEN
        DO 10 I = 1, NC
          KU = 2 * I - 1
          KV = 2 * I
          U = Y(KU)
          V = 3D0
          IF (KV .LE. N) V = Y(KV)
          CALL PUT(DFY, LDFY, N, KU, KU, 2D0 * U * V - 4D0 - 2D0*ALPHA)
          IF (I .GT. 1) CALL PUT(DFY, LDFY, N, KU, KU - 2, ALPHA)
          IF (I .LT. NC) CALL PUT(DFY, LDFY, N, KU, KU + 2, ALPHA)
          IF (KV .LE. N) THEN
            CALL PUT(DFY, LDFY, N, KU, KV, U * U)
            CALL PUT(DFY, LDFY, N, KV, KU, 3D0 - 2D0 * U * V)
            CALL PUT(DFY, LDFY, N, KV, KV, -U * U - 2D0 * ALPHA)
            IF (I .GT. 1) CALL PUT(DFY, LDFY, N, KV, KV - 2, ALPHA)
            IF (KV + 2 .LE. N) CALL PUT(DFY, LDFY, N, KV, KV + 2, ALPHA)
          END IF
   10   CONTINUE
        IF (IPR .EQ. 2) THEN
          C = 0.1D0 / DBLE(N)
          DO 21 J = 1, N
            DO 20 I = 1, N
              DFY(I, J) = DFY(I, J) + C
   20       CONTINUE
   21     CONTINUE
        END IF
      ELSE IF (IPR .EQ. 3) THEN
        NH = N / 2
        DO 30 I = 1, NH
          K = NH + I
          CALL PUT(DFY, LDFY, N, I, K, 1D0)
          CALL PUT(DFY, LDFY, N, K, I, -2D0 * A2 - 3D0 * Y(I) * Y(I))
          CALL PUT(DFY, LDFY, N, K, K, -2D0 * B2)
          IF (I .GT. 1) THEN
            CALL PUT(DFY, LDFY, N, K, I - 1, A2)
            CALL PUT(DFY, LDFY, N, K, K - 1, B2)
          END IF
          IF (I .LT. NH) THEN
            CALL PUT(DFY, LDFY, N, K, I + 1, A2)
            CALL PUT(DFY, LDFY, N, K, K + 1, B2)
          END IF
   30   CONTINUE
        IF (MOD(N, 2) .EQ. 1) THEN
          CALL PUT(DFY, LDFY, N, NH + 1, N, 0.1D0)
          CALL PUT(DFY, LDFY, N, N, N, -10D0)
          CALL PUT(DFY, LDFY, N, N, NH + 1, 1D0)
        END IF
      END IF
      END

C     The mass matrix of the last NM = N - M1 equations: DAE1's
C     diag(1, 0, 1, 0, ...); else tridiagonal
C     (1, 0.1) banded or I + 0.1 * 0.5**|i-j| full.
      SUBROUTINE MAS(NM, AM, LMAS, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION AM(LMAS, NM), RPAR(*), IPAR(*)
      COMMON /SWPI/ IPR, NC, JFUL, MUJ, M1C, M2E, MFUL, MUM, KP, NR
      DO 11 J = 1, NM
        DO 10 I = 1, LMAS
          AM(I, J) = 0D0
   10   CONTINUE
   11 CONTINUE
      IF (IPR .GE. 4) THEN
        DO 20 J = 1, NM, 2
          IF (MFUL .NE. 0) THEN
            AM(J, J) = 1D0
          ELSE
            AM(MUM + 1, J) = 1D0
          END IF
   20   CONTINUE
      ELSE IF (MFUL .NE. 0) THEN
        DO 31 J = 1, NM
          DO 30 I = 1, NM
            AM(I, J) = 0.1D0 * 0.5D0**ABS(I - J)
            IF (I .EQ. J) AM(I, J) = AM(I, J) + 1D0
   30     CONTINUE
   31   CONTINUE
      ELSE
        DO 40 J = 1, NM
          AM(MUM + 1, J) = 1D0
          IF (MUM .GT. 0) THEN
            IF (J .GT. 1) AM(MUM, J) = 0.1D0
            IF (J .LT. NM) AM(MUM + 2, J) = 0.1D0
          END IF
   40   CONTINUE
      END IF
      END

C     Counts the calls and sums CONTRO at three points of each step;
C     with ISTP set, stops after the fifth step.
      SUBROUTINE SOLOUT(NR, XOLD, X, Y, CONT, LRC, N, RPAR, IPAR,
     &  IRTRN)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), CONT(LRC), RPAR(*), IPAR(*)
      COMMON /SWPS/ SSUM, NSOLC, IFRC, ISTP
      NSOLC = NSOLC + 1
      IF (ISTP .NE. 0 .AND. NR .GE. 6) IRTRN = -1
      IF (NR .GT. 1) THEN
        S1 = XOLD + 0.3D0 * (X - XOLD)
        S2 = XOLD + 0.7D0 * (X - XOLD)
        SSUM = SSUM + CONTRO(1, S1, CONT, LRC)
     &    + CONTRO(N, S2, CONT, LRC)
     &    + CONTRO((N + 1) / 2, X, CONT, LRC)
      END IF
      END

C     df/dx: the forcing 0.1 sin(x) of the first equation.
      SUBROUTINE DFX(N, X, Y, FX, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), FX(N), RPAR(*), IPAR(*)
      DO 10 I = 1, N
        FX(I) = 0D0
   10 CONTINUE
      FX(1) = 0.1D0 * COS(X)
      END
