C     The messages of RADAU5, RADAU and RODAS where and as the originals
C     print them (STIFFDAE_MESSAGES=unit6): one call per refusal the
C     originals make and per exit before XEND, each followed by its CASE
C     line. Linked against the original codes it prints the expected
C     output, ffi-tests/expected/unit6_hairer.txt.
C
C     IPAR(1) selects the problem: 1 y(i)' = -i y(i); 2 van der Pol, eps
C     = 1e-6; 3 y' = y**2 from y = 1 (infinite at x = 1); 4 0 = 1 (a
C     zero mass matrix and a zero Jacobian: every iteration matrix is
C     singular).
      PROGRAM UNIT6
      IMPLICIT NONE
      INTEGER ISOL
      DO 10 ISOL = 1, 3
         CALL CASES(ISOL)
   10 CONTINUE
      END

C     Every case for the solver ISOL (1 RADAU5, 2 RADAU, 3 RODAS). IW
C     and W are the settings of IWORK(1..13) and WORK(1..13); a zero
C     takes the default.
      SUBROUTINE CASES(ISOL)
      IMPLICIT NONE
      INTEGER ISOL, IW(13), I, INMAX, IMETH, IWFAC
      DOUBLE PRECISION W(13)
      INMAX = 2
      IMETH = 3
      IWFAC = 8
      IF (ISOL .EQ. 3) THEN
         INMAX = 1
         IMETH = 2
         IWFAC = 3
      END IF
      DO 10 I = 1, 13
         IW(I) = 0
         W(I) = 0.0D0
   10 CONTINUE
      CALL RUN(ISOL, 'valid', 1, 1, 0, 0, 0, 1000, IW, W, 1.0D0)
      CALL RUN(ISOL, 'atol_zero', 1, 0, 0, 0, 0, 1000, IW, W, 1.0D0)
      CALL RUN(ISOL, 'atol_vector', 1, 2, 0, 0, 0, 1000, IW, W, 1.0D0)
      CALL RUN(ISOL, 'lwork_small', 1, 1, 0, 0, 0, 10, IW, W, 1.0D0)
      W(1) = 1.0D-20
      CALL RUN(ISOL, 'uround_small', 1, 1, 0, 0, 0, 1000, IW, W, 1.0D0)
      W(1) = 0.0D0
      IW(INMAX) = -3
      CALL RUN(ISOL, 'nmax_negative', 1, 1, 0, 0, 0, 1000, IW, W, 1.0D0)
      IW(INMAX) = 0
      IW(IMETH) = -1
      IF (ISOL .EQ. 3) IW(IMETH) = 7
      CALL RUN(ISOL, 'newton_or_method', 1, 1, 0, 0, 0, 1000, IW, W,
     &         1.0D0)
      IW(IMETH) = 0
      IW(9) = 3
      CALL RUN(ISOL, 'm1_above_n', 1, 1, 0, 0, 0, 1000, IW, W, 1.0D0)
      IW(9) = 0
      IF (ISOL .NE. 3) THEN
         IW(5) = 1
         IW(6) = 2
         CALL RUN(ISOL, 'index_dims', 1, 1, 0, 0, 0, 1000, IW, W, 1.0D0)
         IW(5) = 0
         IW(6) = 0
         W(2) = 1.5D0
         CALL RUN(ISOL, 'safety', 1, 1, 0, 0, 0, 1000, IW, W, 1.0D0)
         W(2) = 0.0D0
         W(3) = 2.0D0
         CALL RUN(ISOL, 'theta', 1, 1, 0, 0, 0, 1000, IW, W, 1.0D0)
         W(3) = 0.0D0
         W(5) = 2.0D0
         CALL RUN(ISOL, 'quot', 1, 1, 0, 0, 0, 1000, IW, W, 1.0D0)
         W(5) = 0.0D0
      ELSE
         W(5) = 1.5D0
         CALL RUN(ISOL, 'safety', 1, 1, 0, 0, 0, 1000, IW, W, 1.0D0)
         W(5) = 0.0D0
      END IF
      IF (ISOL .EQ. 1) THEN
         W(4) = 1.0D-30
         CALL RUN(ISOL, 'fnewt', 1, 1, 0, 0, 0, 1000, IW, W, 1.0D0)
         W(4) = 0.0D0
      END IF
      IF (ISOL .EQ. 2) THEN
         IW(13) = -1
         CALL RUN(ISOL, 'first_stages', 1, 1, 0, 0, 0, 1000, IW, W,
     &            1.0D0)
         IW(13) = 0
      END IF
      W(IWFAC) = 0.1D0
      W(IWFAC + 1) = 0.5D0
      CALL RUN(ISOL, 'step_ratios', 1, 1, 0, 0, 0, 1000, IW, W, 1.0D0)
      W(IWFAC) = 0.0D0
      W(IWFAC + 1) = 0.0D0
      CALL RUN(ISOL, 'mass_band', 1, 1, 1, 1, 1, 1000, IW, W, 1.0D0)
      IW(INMAX) = 5
      CALL RUN(ISOL, 'nmax_exceeded', 2, 1, 0, 0, 0, 1000, IW, W, 2.0D0)
      IW(INMAX) = 0
      CALL RUN(ISOL, 'blow_up', 3, 1, 0, 0, 0, 1000, IW, W, 2.0D0)
      CALL RUN(ISOL, 'singular', 4, 1, 1, 0, 0, 1000, IW, W, 1.0D0)
      CALL RUN(ISOL, 'solout_stop', 1, 1, 0, 0, 0, 1000, IW, W, 1.0D0)
      END

C     One call: problem IPROB, scalar tolerances (ITOLC 1), ATOL = 0
C     (0), or vector tolerances (2); IMAS with MLMAS; MLJAC (0 for
C     full); LWORK.
      SUBROUTINE RUN(ISOL, NAME, IPROB, ITOLC, IMAS, MLMAS, MLJC,
     &               LWORK, IW, W, XEND)
      IMPLICIT NONE
      CHARACTER*(*) NAME
      INTEGER ISOL, IPROB, ITOLC, IMAS, MLMAS, MLJC, LWORK, IW(13)
      DOUBLE PRECISION W(13), XEND
      INTEGER N, ITOL, IJAC, MLJAC, MUJAC, MUMAS, IOUT, LIWORK, IDID
      INTEGER IPAR(2), I
      DOUBLE PRECISION X, Y(2), H, RTOL(2), ATOL(2), WORK(1000),
     &                 RPAR(1)
      INTEGER IWORK(100)
      EXTERNAL FCN, JAC, MAS, SOLOUT, DFX
      N = 2
      IPAR(1) = IPROB
      IPAR(2) = 0
      IF (IPROB .EQ. 3) N = 1
      X = 0.0D0
      Y(1) = 1.0D0
      Y(2) = 1.0D0
      IF (IPROB .EQ. 2) THEN
         Y(1) = 2.0D0
         Y(2) = -0.66D0
      END IF
      H = 1.0D-4
      ITOL = 0
      IF (ITOLC .EQ. 2) ITOL = 1
      DO 10 I = 1, 2
         RTOL(I) = 1.0D-6
         ATOL(I) = 1.0D-6
   10 CONTINUE
      IF (ITOLC .EQ. 0) ATOL(1) = 0.0D0
      IF (ITOLC .EQ. 2) ATOL(2) = -1.0D0
      IJAC = 0
      MLJAC = N
      MUJAC = N
      IF (MLJC .GT. 0) THEN
         MLJAC = 0
         MUJAC = 0
      END IF
      MUMAS = 0
      IOUT = 0
      IF (NAME .EQ. 'solout_stop') IOUT = 1
      LIWORK = 100
      DO 20 I = 1, 1000
         WORK(I) = 0.0D0
   20 CONTINUE
      DO 30 I = 1, 100
         IWORK(I) = 0
   30 CONTINUE
      DO 40 I = 1, 13
         IWORK(I) = IW(I)
         WORK(I) = W(I)
   40 CONTINUE
      IDID = 99
      IF (ISOL .EQ. 1) THEN
         CALL RADAU5(N, FCN, X, Y, XEND, H, RTOL, ATOL, ITOL, JAC, IJAC,
     &        MLJAC, MUJAC, MAS, IMAS, MLMAS, MUMAS, SOLOUT, IOUT, WORK,
     &        LWORK, IWORK, LIWORK, RPAR, IPAR, IDID)
      ELSE IF (ISOL .EQ. 2) THEN
         CALL RADAU(N, FCN, X, Y, XEND, H, RTOL, ATOL, ITOL, JAC, IJAC,
     &        MLJAC, MUJAC, MAS, IMAS, MLMAS, MUMAS, SOLOUT, IOUT, WORK,
     &        LWORK, IWORK, LIWORK, RPAR, IPAR, IDID)
      ELSE
         CALL RODAS(N, FCN, 0, X, Y, XEND, H, RTOL, ATOL, ITOL, JAC,
     &        IJAC, MLJAC, MUJAC, DFX, 0, MAS, IMAS, MLMAS, MUMAS,
     &        SOLOUT, IOUT, WORK, LWORK, IWORK, LIWORK, RPAR, IPAR,
     &        IDID)
      END IF
      WRITE(6, '(A, I2, 1X, A, A, I4)') 'CASE ', ISOL, NAME, ' IDID',
     &      IDID
      END

      SUBROUTINE FCN(N, X, Y, F, RPAR, IPAR)
      IMPLICIT NONE
      INTEGER N, IPAR(*), I
      DOUBLE PRECISION X, Y(N), F(N), RPAR(*)
      IF (IPAR(1) .EQ. 1) THEN
         DO 10 I = 1, N
            F(I) = -I * Y(I)
   10    CONTINUE
      ELSE IF (IPAR(1) .EQ. 2) THEN
         F(1) = Y(2)
         F(2) = ((1.0D0 - Y(1)**2) * Y(2) - Y(1)) / 1.0D-6
      ELSE IF (IPAR(1) .EQ. 3) THEN
         F(1) = Y(1)**2
      ELSE
         DO 20 I = 1, N
            F(I) = 1.0D0
   20    CONTINUE
      END IF
      END

      SUBROUTINE JAC(N, X, Y, DFY, LDFY, RPAR, IPAR)
      IMPLICIT NONE
      INTEGER N, LDFY, IPAR(*)
      DOUBLE PRECISION X, Y(N), DFY(LDFY, N), RPAR(*)
      END

      SUBROUTINE DFX(N, X, Y, FX, RPAR, IPAR)
      IMPLICIT NONE
      INTEGER N, IPAR(*)
      DOUBLE PRECISION X, Y(N), FX(N), RPAR(*)
      END

C     A zero mass matrix for problem 4, else the identity (banded, MLMAS
C     = MUMAS = 0).
      SUBROUTINE MAS(N, AM, LMAS, RPAR, IPAR)
      IMPLICIT NONE
      INTEGER N, LMAS, IPAR(*), I
      DOUBLE PRECISION AM(LMAS, N), RPAR(*)
      DO 10 I = 1, N
         AM(1, I) = 1.0D0
         IF (IPAR(1) .EQ. 4) AM(1, I) = 0.0D0
   10 CONTINUE
      END

C     Stops the integration at its third call.
      SUBROUTINE SOLOUT(NR, XOLD, X, Y, CONT, LRC, N, RPAR, IPAR, IRTRN)
      IMPLICIT NONE
      INTEGER NR, LRC, N, IPAR(*), IRTRN
      DOUBLE PRECISION XOLD, X, Y(N), CONT(LRC), RPAR(*)
      IF (NR .GE. 3) IRTRN = -1
      END
