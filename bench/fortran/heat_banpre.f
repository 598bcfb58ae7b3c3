C     heat_large.f's preconditioner: the DDASKR authors' banded
C     difference-quotient one (preconds/dbanpre.f, compiled from the
C     user's DDASKR sources, with LINPACK's DGBFA and DGBSL from their
C     solver/dlinpk.f), ML and MU in IPAR(1) and IPAR(2).  A separate file
C     so that a test can link the driver with a preconditioner of its own.
      SUBROUTINE HJAC(RES, IRES, NEQ, T, Y, YPRIME, REWT, SAVR, WK, H,
     *                CJ, WP, IWP, IER, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RES
      DIMENSION Y(*), YPRIME(*), REWT(*), SAVR(*), WK(*), WP(*), IWP(*)
      DIMENSION RPAR(*), IPAR(*)
      CALL DBANJA(RES, IRES, NEQ, T, Y, YPRIME, REWT, SAVR, WK, H, CJ,
     *            WP, IWP, IER, RPAR, IPAR)
      RETURN
      END

      SUBROUTINE HPSOL(NEQ, T, Y, YPRIME, SAVR, WK, CJ, WGHT, WP, IWP,
     *                 B, EPLIN, IER, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YPRIME(*), SAVR(*), WK(*), WGHT(*), WP(*), IWP(*)
      DIMENSION B(*), RPAR(*), IPAR(*)
      CALL DBANPS(NEQ, T, Y, YPRIME, SAVR, WK, CJ, WGHT, WP, IWP, B,
     *            EPLIN, IER, RPAR, IPAR)
      RETURN
      END
