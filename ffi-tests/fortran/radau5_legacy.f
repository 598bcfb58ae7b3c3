C     RADAU5 called as legacy Fortran does: band widths and IMAS as PARAMETER constants
C     (read-only memory), and one variable TOL for both RTOL and ATOL; then the same run
C     with two variables. Prints IDID, X, H, Y(1), Y(N) and the tolerances written back
C     as Z16.16 bit patterns, and IWORK(14..20).
      PROGRAM LEGACY
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=12,MLJAC=2,MUJAC=1,MLMAS=1,MUMAS=1,IMAS=1,IJAC=1)
      PARAMETER (LWORK=N*(4+3+3*6+12)+20,LIWORK=3*N+20)
      DIMENSION Y(N),WORK(LWORK),IWORK(LIWORK)
      EXTERNAL FBAND,JBAND,MBAND,SOLOUT
      DO 20 ICASE=1,2
         DO 10 I=1,N
            Y(I)=1.D0+SIN(DBLE(I))
   10    CONTINUE
         DO 11 I=1,LWORK
            WORK(I)=0.D0
   11    CONTINUE
         DO 12 I=1,LIWORK
            IWORK(I)=0
   12    CONTINUE
         X=0.D0
         XEND=1.D0
         H=1.D-4
         TOL=1.D-5
         RTOL=1.D-5
         ATOL=1.D-5
         IF (ICASE.EQ.1) THEN
            CALL RADAU5(N,FBAND,X,Y,XEND,H,TOL,TOL,0,
     &           JBAND,IJAC,MLJAC,MUJAC,MBAND,IMAS,MLMAS,MUMAS,
     &           SOLOUT,0,WORK,LWORK,IWORK,LIWORK,RPAR,IPAR,IDID)
            WRITE (6,90) 'ALIASED ',IDID,X,H,Y(1),Y(N),
     &           (IWORK(J),J=14,20)
            WRITE (6,91) 'ALIASED ',TOL,TOL
         ELSE
            CALL RADAU5(N,FBAND,X,Y,XEND,H,RTOL,ATOL,0,
     &           JBAND,IJAC,MLJAC,MUJAC,MBAND,IMAS,MLMAS,MUMAS,
     &           SOLOUT,0,WORK,LWORK,IWORK,LIWORK,RPAR,IPAR,IDID)
            WRITE (6,90) 'SEPARATE',IDID,X,H,Y(1),Y(N),
     &           (IWORK(J),J=14,20)
            WRITE (6,91) 'SEPARATE',RTOL,ATOL
         END IF
   20 CONTINUE
   90 FORMAT ('RUN ',A8,' IDID ',I3,4(1X,Z16.16),7(1X,I6))
   91 FORMAT ('TOL ',A8,2(1X,Z16.16))
      END

      SUBROUTINE FBAND(N,X,Y,F,RPAR,IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N),F(N)
      DO 10 I=1,N
         YL=0.D0
         YR=0.D0
         IF (I.GT.1) YL=Y(I-1)
         IF (I.LT.N) YR=Y(I+1)
         F(I)=10.D0*(YL-2.D0*Y(I)+YR)-Y(I)*Y(I)
   10 CONTINUE
      RETURN
      END

      SUBROUTINE JBAND(N,X,Y,DFY,LDFY,RPAR,IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N),DFY(LDFY,N)
C     MUJAC = 1: DFY(I-J+2,J) = DF(I)/DY(J)
      DO 10 J=1,N
         DO 5 I=1,LDFY
            DFY(I,J)=0.D0
    5    CONTINUE
         DFY(2,J)=-20.D0-2.D0*Y(J)
         IF (J.GT.1) DFY(1,J)=10.D0
         IF (J.LT.N) DFY(3,J)=10.D0
   10 CONTINUE
      RETURN
      END

      SUBROUTINE MBAND(N,AM,LMAS,RPAR,IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION AM(LMAS,N)
      DO 10 J=1,N
         AM(1,J)=0.1D0
         AM(2,J)=1.D0
         AM(3,J)=0.1D0
   10 CONTINUE
      RETURN
      END

      SUBROUTINE SOLOUT(NR,XOLD,X,Y,CONT,LRC,N,RPAR,IPAR,IRTRN)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      RETURN
      END
