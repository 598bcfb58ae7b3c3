C     A preconditioner of our own for bench/fortran/heat_large.f, so that
C     the driver can be tested without the DDASKR authors' dbanpre.f: the
C     tridiagonal part of the iteration matrix (ML = MU = 1, entries exact,
C     not difference quotients), factored without pivoting (it is
C     diagonally dominant).  WP holds the pivots, the multipliers and the
C     super-diagonal, NEQ each.
      SUBROUTINE HJAC(RES, IRES, NEQ, T, Y, YPRIME, REWT, SAVR, WK, H,
     *                CJ, WP, IWP, IER, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RES
      DIMENSION Y(*), YPRIME(*), REWT(*), SAVR(*), WK(*), WP(*), IWP(*)
      DIMENSION RPAR(*), IPAR(*)
      M = IPAR(4)
      COEFF = RPAR(1)
      DO 10 I = 1, NEQ
        J = MOD(I - 1, M) + 1
        K = (I - 1)/M + 1
        IF (J .EQ. 1 .OR. J .EQ. M .OR. K .EQ. 1 .OR. K .EQ. M) THEN
          D = 1.0D0
          A = 0.0D0
          WP(2*NEQ + I) = 0.0D0
        ELSE
          D = CJ + 4.0D0*COEFF
          A = -COEFF
          WP(2*NEQ + I) = -COEFF
        ENDIF
        IF (I .EQ. 1) THEN
          WP(NEQ + I) = 0.0D0
          WP(I) = D
        ELSE
          WP(NEQ + I) = A/WP(I - 1)
          WP(I) = D - WP(NEQ + I)*WP(2*NEQ + I - 1)
        ENDIF
 10   CONTINUE
      IER = 0
      RETURN
      END

      SUBROUTINE HPSOL(NEQ, T, Y, YPRIME, SAVR, WK, CJ, WGHT, WP, IWP,
     *                 B, EPLIN, IER, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YPRIME(*), SAVR(*), WK(*), WGHT(*), WP(*), IWP(*)
      DIMENSION B(*), RPAR(*), IPAR(*)
      DO 10 I = 2, NEQ
 10     B(I) = B(I) - WP(NEQ + I)*B(I - 1)
      B(NEQ) = B(NEQ)/WP(NEQ)
      DO 20 I = NEQ - 1, 1, -1
 20     B(I) = (B(I) - WP(2*NEQ + I)*B(I + 1))/WP(I)
      IER = 0
      RETURN
      END
