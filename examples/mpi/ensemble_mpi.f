C     The Van der Pol ensemble of vdp_solves.f (10 000 RADAU5 and 10 000
C     DDASSL solves) distributed over MPI ranks, each rank running its
C     share in an OpenMP parallel loop: ranks x threads. Rank r takes the
C     members k = r+1, r+1+size, ...; the results are gathered on rank 0
C     by a sum in which every entry is nonzero on one rank only (exact),
C     and rank 0 sums them in the order of k, so the checksums are those
C     of one serial loop on one machine, to the last bit.
C       mpif90 -O2 -fopenmp ensemble_mpi.f vdp_solves.f \
C         $(pkg-config --libs stiffdae)
C       OMP_NUM_THREADS=1 mpirun -np 2 ./a.out
      PROGRAM ENSMPI
      USE MPI
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NENS=10000)
      DIMENSION R(3,NENS), D(2,NENS), RALL(3,NENS), DALL(2,NENS)
      INTEGER IST(2,NENS), ISTALL(2,NENS), NFAIL(2)
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, IRANK, IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NRANKS, IERR)
      DO 10 K = 1, NENS
         R(1,K) = 0.D0
         R(2,K) = 0.D0
         R(3,K) = 0.D0
         D(1,K) = 0.D0
         D(2,K) = 0.D0
         IST(1,K) = 0
         IST(2,K) = 0
   10 CONTINUE
C$OMP PARALLEL DO SCHEDULE(DYNAMIC, 16)
      DO 20 K = IRANK + 1, NENS, NRANKS
         CALL R5ONE(K, R(1,K), IST(1,K))
         CALL DAONE(K, D(1,K), IST(2,K))
   20 CONTINUE
C$OMP END PARALLEL DO
      CALL MPI_REDUCE(R, RALL, 3*NENS, MPI_DOUBLE_PRECISION, MPI_SUM,
     &     0, MPI_COMM_WORLD, IERR)
      CALL MPI_REDUCE(D, DALL, 2*NENS, MPI_DOUBLE_PRECISION, MPI_SUM,
     &     0, MPI_COMM_WORLD, IERR)
      CALL MPI_REDUCE(IST, ISTALL, 2*NENS, MPI_INTEGER, MPI_SUM,
     &     0, MPI_COMM_WORLD, IERR)
      IF (IRANK .EQ. 0) THEN
         NFAIL(1) = 0
         NFAIL(2) = 0
         SUMR = 0.D0
         SUMD = 0.D0
         DO 30 K = 1, NENS
            IF (ISTALL(1,K) .LE. 0) NFAIL(1) = NFAIL(1) + 1
            IF (ISTALL(2,K) .LE. 0) NFAIL(2) = NFAIL(2) + 1
            SUMR = SUMR + RALL(1,K) + RALL(3,K)
            SUMD = SUMD + DALL(1,K)
   30    CONTINUE
         WRITE (6, '(A, I6, A, I6, A, ES24.16)') 'RADAU5 SOLVES', NENS,
     &        ' FAILED', NFAIL(1), ' SUM', SUMR
         WRITE (6, '(A, I6, A, I6, A, ES24.16)') 'DDASSL SOLVES', NENS,
     &        ' FAILED', NFAIL(2), ' SUM', SUMD
      END IF
      CALL MPI_FINALIZE(IERR)
      END
