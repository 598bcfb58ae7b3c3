C     One member of the Van der Pol ensemble (eps = 1e-2 * (1 + k/10000),
C     y(0) = (2, 0), 0 <= x <= 2, tolerances 1e-6) through RADAU5 (R5ONE)
C     and DDASSL (DAONE). Every solve has its own arrays: libstiffdae
C     keeps nothing between calls, so solves may run on any thread or
C     rank at once (ffi-tests/fortran/openmp_ensemble.f, ensemble_mpi.f).

C     One RADAU5 solve: R = (y1(2), y2(2), y1(1) from CONTR5), ISTAT =
C     accepted steps (or IDID when it failed).
      SUBROUTINE R5ONE(K, R, ISTAT)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=2, LWORK=4*N*N+12*N+20, LIWORK=3*N+20)
      DIMENSION R(3), Y(N), WORK(LWORK), IWORK(LIWORK), RPAR(2)
      DIMENSION IPAR(1)
      EXTERNAL FVDP, JVDP, SVDP
      RPAR(1) = 1.D-2*(1.D0 + K/1.D4)
      RPAR(2) = 0.D0
      Y(1) = 2.D0
      Y(2) = 0.D0
      X = 0.D0
      H = 1.D-4
      RTOL = 1.D-6
      ATOL = 1.D-6
      DO 10 I = 1, 20
         WORK(I) = 0.D0
         IWORK(I) = 0
   10 CONTINUE
      MLJAC = N
      MUJAC = 0
      MLMAS = 0
      MUMAS = 0
      CALL RADAU5(N, FVDP, X, Y, 2.D0, H, RTOL, ATOL, 0, JVDP, 1,
     &     MLJAC, MUJAC, FVDP, 0, MLMAS, MUMAS, SVDP, 1, WORK, LWORK,
     &     IWORK, LIWORK, RPAR, IPAR, IDID)
      R(1) = Y(1)
      R(2) = Y(2)
      R(3) = RPAR(2)
      ISTAT = IWORK(17)
      IF (IDID .LT. 0) ISTAT = IDID
      END

      SUBROUTINE FVDP(N, X, Y, F, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), F(N), RPAR(2)
      F(1) = Y(2)
      F(2) = ((1.D0 - Y(1)**2)*Y(2) - Y(1))/RPAR(1)
      END

      SUBROUTINE JVDP(N, X, Y, DFY, LDFY, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), DFY(LDFY, N), RPAR(2)
      DFY(1, 1) = 0.D0
      DFY(1, 2) = 1.D0
      DFY(2, 1) = (-2.D0*Y(1)*Y(2) - 1.D0)/RPAR(1)
      DFY(2, 2) = (1.D0 - Y(1)**2)/RPAR(1)
      END

C     Records y1(1) from the step that passes x = 1 in RPAR(2).
      SUBROUTINE SVDP(NR, XOLD, X, Y, CONT, LRC, N, RPAR, IPAR, IRTRN)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), CONT(LRC), RPAR(2)
      IF (NR .GT. 1 .AND. XOLD .LT. 1.D0 .AND. X .GE. 1.D0)
     &     RPAR(2) = CONTR5(1, 1.D0, CONT, LRC)
      END

C     One DDASSL solve of the same equations, y' - f(y) = 0.
      SUBROUTINE DAONE(K, R, ISTAT)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=2, LRW=40+9*N+N*N, LIW=20+N)
      DIMENSION R(2), Y(N), YP(N), RWORK(LRW), IWORK(LIW), INFO(15)
      DIMENSION RPAR(1), IPAR(1)
      EXTERNAL RVDP
      RPAR(1) = 1.D-2*(1.D0 + K/1.D4)
      Y(1) = 2.D0
      Y(2) = 0.D0
      YP(1) = 0.D0
      YP(2) = -2.D0/RPAR(1)
      T = 0.D0
      RTOL = 1.D-6
      ATOL = 1.D-6
      DO 10 I = 1, 15
         INFO(I) = 0
   10 CONTINUE
   20 CALL DDASSL(RVDP, N, T, Y, YP, 2.D0, INFO, RTOL, ATOL, IDID,
     &     RWORK, LRW, IWORK, LIW, RPAR, IPAR, RVDP)
C     500 steps on this call (IDID = -1): go on.
      INFO(1) = 1
      IF (IDID .EQ. -1) GO TO 20
      R(1) = Y(1)
      R(2) = Y(2)
      ISTAT = IWORK(11)
      IF (IDID .LT. 0) ISTAT = IDID
      END

      SUBROUTINE RVDP(T, Y, YP, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(2), YP(2), DELTA(2), RPAR(1)
      DELTA(1) = YP(1) - Y(2)
      DELTA(2) = YP(2) - ((1.D0 - Y(1)**2)*Y(2) - Y(1))/RPAR(1)
      END
