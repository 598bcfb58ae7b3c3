C     An ensemble of 10 000 independent solves in an OpenMP parallel loop:
C     Van der Pol with eps = 1e-2 * (1 + k/10000) through RADAU5 (dense
C     output with CONTR5 at x = 1 from SOLOUT) and the same equations in
C     residual form through DDASSL. The original codes cannot run this
C     loop (RADAU5 keeps its dense-output data in COMMON /CONRA5/, both
C     keep SAVE variables); libstiffdae keeps nothing between calls. The
C     parallel loop must give the serial loop's results to the last bit.
C     Prints, per solver, the number of solves, IDID and step differences
C     between the two loops, and a checksum. The solves themselves are in
C     examples/mpi/vdp_solves.f (shared with the MPI example).
      PROGRAM OMPENS
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NENS=10000)
      DIMENSION RS(3,NENS), RP(3,NENS), DS(2,NENS), DP(2,NENS)
      INTEGER ISTS(2,NENS), ISTP(2,NENS), NDIFF(2), NIDID(2)
      DO 10 K = 1, NENS
         CALL R5ONE(K, RS(1,K), ISTS(1,K))
         CALL DAONE(K, DS(1,K), ISTS(2,K))
   10 CONTINUE
C$OMP PARALLEL DO SCHEDULE(DYNAMIC, 16)
      DO 20 K = 1, NENS
         CALL R5ONE(K, RP(1,K), ISTP(1,K))
         CALL DAONE(K, DP(1,K), ISTP(2,K))
   20 CONTINUE
C$OMP END PARALLEL DO
      NDIFF(1) = 0
      NDIFF(2) = 0
      NIDID(1) = 0
      NIDID(2) = 0
      SUMR = 0.D0
      SUMD = 0.D0
      DO 30 K = 1, NENS
         DO 25 I = 1, 3
            IF (RS(I,K) .NE. RP(I,K)) NDIFF(1) = NDIFF(1) + 1
   25    CONTINUE
         DO 26 I = 1, 2
            IF (DS(I,K) .NE. DP(I,K)) NDIFF(2) = NDIFF(2) + 1
   26    CONTINUE
         IF (ISTS(1,K) .NE. ISTP(1,K)) NDIFF(1) = NDIFF(1) + 1
         IF (ISTS(2,K) .NE. ISTP(2,K)) NDIFF(2) = NDIFF(2) + 1
         IF (ISTS(1,K) .LE. 0) NIDID(1) = NIDID(1) + 1
         IF (ISTS(2,K) .LE. 0) NIDID(2) = NIDID(2) + 1
         SUMR = SUMR + RS(1,K) + RS(3,K)
         SUMD = SUMD + DS(1,K)
   30 CONTINUE
      WRITE (6, '(A, I6, A, I6, A, I6, A, ES24.16)') 'RADAU5 SOLVES',
     &     NENS, ' FAILED', NIDID(1), ' DIFFERENCES', NDIFF(1),
     &     ' SUM', SUMR
      WRITE (6, '(A, I6, A, I6, A, I6, A, ES24.16)') 'DDASSL SOLVES',
     &     NENS, ' FAILED', NIDID(2), ' DIFFERENCES', NDIFF(2),
     &     ' SUM', SUMD
      END
