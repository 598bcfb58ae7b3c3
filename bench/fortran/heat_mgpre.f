C     A multigrid preconditioner of our own for heat_large.f, for issue
C     13: the banded one (heat_banpre.f, ML = MU = 1) keeps only the
C     x coupling, so its linear iterations per Newton iteration grow with
C     M; this one's do not.  P is the iteration matrix itself: identity
C     rows on the edge, CJ*I - (five-point Laplacian) inside, COEFF =
C     RPAR(1) = 1/dx**2, M = IPAR(4), ordering I = (K-1)*M + J as RESH.
C     HPSOL applies NCYC V(NU1,NU2)-cycles with red-black Gauss-Seidel
C     smoothing from a zero interior guess: fixed, deterministic work,
C     linear in NEQ.  Coarsening keeps every other mesh line and the last
C     (the edge), so an odd number of intervals N leaves one coarse
C     interval of the fine length at the far end; every level is
C     rediscretised on its own (non-uniform) line coordinates, the
C     same in x and y, with the three-point second difference
C     2/(dl+dr) ((u+ - u)/dr - (u - u-)/dl).  Prolongation is bilinear
C     in those coordinates, restriction its transpose weighted by the
C     lengths w = (dl+dr)/2 (full weighting on a uniform mesh).  The
C     coarsest level (N = 2) has one unknown, solved exactly by its
C     sweep.  The edge values of the solution are B's; coarse levels
C     carry corrections, zero on their edge.
C
C     HJAC only lays the levels out; HPSOL uses the current CJ (P costs
C     nothing to rebuild).  IWP(1) = L, the number of levels, then for
C     level l three entries: N (intervals a side), the offset in WP of
C     its one-dimensional arrays CL, CR, PW, RW (N+1 each: the second
C     difference's left and right coefficients in units of COEFF, the
C     interpolation weight of an odd line's left coarse line, w) and
C     that of its mesh arrays (level 1: the residual, NEQ; below: the
C     correction, the right-hand side, the residual, (N+1)**2 each).
C     That fits heat_large.f's LENWP = 4*NEQ + 2*(NEQ/3 + 1) and LENIWP
C     = NEQ for every M >= 3; HJAC's WK holds the line coordinates.
      SUBROUTINE HJAC(RES, IRES, NEQ, T, Y, YPRIME, REWT, SAVR, WK, H,
     *                CJ, WP, IWP, IER, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RES
      DIMENSION Y(*), YPRIME(*), REWT(*), SAVR(*), WK(*), WP(*), IWP(*)
      DIMENSION RPAR(*), IPAR(*)
C     The sizes, then the mesh arrays' offsets, then the line arrays',
C     built from the coordinates, level by level, in WK.
      N = IPAR(4) - 1
      L = 1
 10   IWP(3*L - 1) = N
      IF (N .GT. 2) THEN
        N = (N + 1)/2
        L = L + 1
        GO TO 10
      ENDIF
      IO = 1
      DO 20 LV = 1, L
        N = IWP(3*LV - 1)
        IWP(3*LV + 1) = IO
        IO = IO + 3*(N + 1)**2
        IF (LV .EQ. 1) IO = 1 + NEQ
 20   CONTINUE
      N = IWP(2)
      DO 30 I = 0, N
 30     WK(I + 1) = I
      IX = 1
      DO 50 LV = 1, L
        N = IWP(3*LV - 1)
        IWP(3*LV) = IO
        CALL MGLINE(N, WK(IX), WP(IO), WP(IO + N + 1),
     *              WP(IO + 2*(N + 1)), WP(IO + 3*(N + 1)))
        IO = IO + 4*(N + 1)
        IF (LV .EQ. L) GO TO 50
        NC = IWP(3*LV + 2)
        IXC = IX + N + 1
        DO 40 I = 0, NC - 1
 40       WK(IXC + I) = WK(IX + 2*I)
        WK(IXC + NC) = WK(IX + N)
        IX = IXC
 50   CONTINUE
      IWP(1) = L
      IER = 0
      RETURN
      END

C     One level's line arrays from its coordinates X (see HJAC).
      SUBROUTINE MGLINE(N, X, CL, CR, PW, RW)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION X(0:N), CL(0:N), CR(0:N), PW(0:N), RW(0:N)
      DO 10 I = 0, N
        CL(I) = 0.0D0
        CR(I) = 0.0D0
        PW(I) = 1.0D0
        RW(I) = 0.0D0
 10   CONTINUE
      DO 20 I = 1, N - 1
        DL = X(I) - X(I - 1)
        DR = X(I + 1) - X(I)
        CL(I) = 2.0D0/((DL + DR)*DL)
        CR(I) = 2.0D0/((DL + DR)*DR)
        RW(I) = (DL + DR)/2.0D0
        IF (MOD(I, 2) .EQ. 1) PW(I) = DR/(DL + DR)
 20   CONTINUE
      RETURN
      END

      SUBROUTINE HPSOL(NEQ, T, Y, YPRIME, SAVR, WK, CJ, WGHT, WP, IWP,
     *                 B, EPLIN, IER, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NCYC = 1, NU1 = 1, NU2 = 1)
      DIMENSION Y(*), YPRIME(*), SAVR(*), WK(*), WGHT(*), WP(*), IWP(*)
      DIMENSION B(*), RPAR(*), IPAR(*)
      COEFF = RPAR(1)
      L = IWP(1)
C     Level 1: the right-hand side in WK, the solution in B.
      M = IPAR(4)
      DO 10 I = 1, NEQ
 10     WK(I) = B(I)
      DO 20 K = 2, M - 1
        DO 20 J = 2, M - 1
          B((K - 1)*M + J) = 0.0D0
 20   CONTINUE
      DO 60 ICYC = 1, NCYC
        DO 30 LV = 1, L - 1
          CALL MGLEV(LV, IWP, N, IO, IU, IFF, IR)
          CALL MGLEV(LV + 1, IWP, NC, IOC, IUC, IFF2, IRC)
          IF (LV .EQ. 1) THEN
            CALL MGDOWN(N, WP(IO), B, WK, WP(IR), NC, WP(IOC), WP(IUC),
     *                  WP(IFF2), CJ, COEFF, NU1)
          ELSE
            CALL MGDOWN(N, WP(IO), WP(IU), WP(IFF), WP(IR), NC, WP(IOC),
     *                  WP(IUC), WP(IFF2), CJ, COEFF, NU1)
          ENDIF
 30     CONTINUE
        CALL MGLEV(L, IWP, N, IO, IU, IFF, IR)
        IF (L .EQ. 1) THEN
          CALL MGSMO(N, WP(IO), B, WK, CJ, COEFF, 1)
        ELSE
          CALL MGSMO(N, WP(IO), WP(IU), WP(IFF), CJ, COEFF, 1)
        ENDIF
        DO 50 LV = L - 1, 1, -1
          CALL MGLEV(LV, IWP, N, IO, IU, IFF, IR)
          CALL MGLEV(LV + 1, IWP, NC, IOC, IUC, IFF2, IRC)
          IF (LV .EQ. 1) THEN
            CALL MGUP(N, WP(IO), B, WK, NC, WP(IUC), CJ, COEFF, NU2)
          ELSE
            CALL MGUP(N, WP(IO), WP(IU), WP(IFF), NC, WP(IUC), CJ,
     *                COEFF, NU2)
          ENDIF
 50     CONTINUE
 60   CONTINUE
      IER = 0
      RETURN
      END

C     Level LV's size N and the positions in WP of its line arrays (IO)
C     and of its correction, right-hand side and residual (IU, IFF, IR;
C     level 1 has only the residual there, its solution is B and its
C     right-hand side WK).
      SUBROUTINE MGLEV(LV, IWP, N, IO, IU, IFF, IR)
      DIMENSION IWP(*)
      IB = 1 + 3*(LV - 1)
      N = IWP(IB + 1)
      IO = IWP(IB + 2)
      IU = IWP(IB + 3)
      IFF = IU + (N + 1)**2
      IR = IU + 2*(N + 1)**2
      IF (LV .EQ. 1) IR = IU
      RETURN
      END

C     Down one level: NU sweeps on U, the residual of F into R, its
C     restriction into the coarse right-hand side FC, UC = 0.  LN holds
C     the line arrays CL, CR, PW, RW of the level, LNC the coarse ones.
      SUBROUTINE MGDOWN(N, LN, U, F, R, NC, LNC, UC, FC, CJ, COEFF, NU)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DOUBLE PRECISION LN(0:N, 4), LNC(0:NC, 4)
      DIMENSION U(0:N, 0:N), F(0:N, 0:N), R(0:N, 0:N)
      DIMENSION UC(0:NC, 0:NC), FC(0:NC, 0:NC)
      CALL MGSMO(N, LN, U, F, CJ, COEFF, NU)
      DO 10 I = 0, N
        R(I, 0) = 0.0D0
        R(I, N) = 0.0D0
        R(0, I) = 0.0D0
        R(N, I) = 0.0D0
 10   CONTINUE
      DO 20 J = 1, N - 1
        CLJ = LN(J, 1)
        CRJ = LN(J, 2)
        DO 20 I = 1, N - 1
          D = CJ + COEFF*(LN(I, 1) + LN(I, 2) + CLJ + CRJ)
          R(I, J) = F(I, J) - D*U(I, J) + COEFF*(LN(I, 1)*U(I - 1, J)
     *      + LN(I, 2)*U(I + 1, J) + CLJ*U(I, J - 1) + CRJ*U(I, J + 1))
 20   CONTINUE
C     The fine lines 2I-1, 2I, 2I+1 around coarse line I, weighted by
C     the interpolation weight toward I and their length w.
      DO 40 JC = 0, NC
        DO 40 IC = 0, NC
          UC(IC, JC) = 0.0D0
          FC(IC, JC) = 0.0D0
 40   CONTINUE
      DO 50 JC = 1, NC - 1
        J = 2*JC
        AYM = (1.0D0 - LN(J - 1, 3))*LN(J - 1, 4)
        AY0 = LN(J, 4)
        AYP = LN(J + 1, 3)*LN(J + 1, 4)
        DO 50 IC = 1, NC - 1
          I = 2*IC
          AXM = (1.0D0 - LN(I - 1, 3))*LN(I - 1, 4)
          AX0 = LN(I, 4)
          AXP = LN(I + 1, 3)*LN(I + 1, 4)
          S = AYM*(AXM*R(I - 1, J - 1) + AX0*R(I, J - 1)
     *             + AXP*R(I + 1, J - 1))
     *      + AY0*(AXM*R(I - 1, J) + AX0*R(I, J) + AXP*R(I + 1, J))
     *      + AYP*(AXM*R(I - 1, J + 1) + AX0*R(I, J + 1)
     *             + AXP*R(I + 1, J + 1))
          FC(IC, JC) = S/(LNC(IC, 4)*LNC(JC, 4))
 50   CONTINUE
      RETURN
      END

C     Up one level: U += the bilinear interpolation of the coarse
C     correction UC, then NU sweeps.
      SUBROUTINE MGUP(N, LN, U, F, NC, UC, CJ, COEFF, NU)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DOUBLE PRECISION LN(0:N, 4)
      DIMENSION U(0:N, 0:N), F(0:N, 0:N), UC(0:NC, 0:NC)
      DO 20 J = 1, N - 1
        JA = J/2
        JB = (J + 1)/2
        WJ = LN(J, 3)
        DO 20 I = 1, N - 1
          IA = I/2
          IB = (I + 1)/2
          WI = LN(I, 3)
          U(I, J) = U(I, J)
     *      + WJ*(WI*UC(IA, JA) + (1.0D0 - WI)*UC(IB, JA))
     *      + (1.0D0 - WJ)*(WI*UC(IA, JB) + (1.0D0 - WI)*UC(IB, JB))
 20   CONTINUE
      CALL MGSMO(N, LN, U, F, CJ, COEFF, NU)
      RETURN
      END

C     NU red-black Gauss-Seidel sweeps on the interior of U for F.
      SUBROUTINE MGSMO(N, LN, U, F, CJ, COEFF, NU)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DOUBLE PRECISION LN(0:N, 4)
      DIMENSION U(0:N, 0:N), F(0:N, 0:N)
      DO 30 ISWEEP = 1, NU
        DO 30 ICOL = 0, 1
          DO 20 J = 1, N - 1
            CLJ = LN(J, 1)
            CRJ = LN(J, 2)
            DO 20 I = 1 + MOD(1 + J + ICOL, 2), N - 1, 2
              D = CJ + COEFF*(LN(I, 1) + LN(I, 2) + CLJ + CRJ)
              U(I, J) = (F(I, J) + COEFF*(LN(I, 1)*U(I - 1, J)
     *          + LN(I, 2)*U(I + 1, J) + CLJ*U(I, J - 1)
     *          + CRJ*U(I, J + 1)))/D
 20       CONTINUE
 30   CONTINUE
      RETURN
      END
