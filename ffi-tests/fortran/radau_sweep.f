C     RADAU over a small sweep of problems and settings (stiffdae's own test program).
C     Each run prints one RUN line: tag, IDID, X, IWORK(13..20), H, Y(1), Y(N), the
C     number of SOLOUT calls and the sum of the CONTRA values at step midpoints.
C     Problems: 1 van der Pol (N = 2), 2 a Brusselator chain (N = 2*K, banded or full),
C     3 Robertson with a diagonal mass matrix (N = 3).
      PROGRAM RSWEEP
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INTEGER NSMN(6),NSMX(6),NSST(6)
      DATA NSMN /0,1,3,5,3,7/
      DATA NSMX /0,1,3,5,5,7/
      DATA NSST /0,0,3,5,0,7/
      DO ITOL=1,3
         RT=10.D0**(-2-2*ITOL)
         DO K=1,6
C           ONE STAGE ONLY (K = 2): THE ORIGINAL CLEARS ONLY ZZ(1) AND
C           STARTS FROM WHAT WORK HOLDS; LEFT OUT
            IF (K.EQ.2) CYCLE
            CALL ONE(1,2,0,2,0,0,NSMN(K),NSMX(K),NSST(K),RT,0,0,1,K)
            CALL ONE(2,20,1,2,0,0,NSMN(K),NSMX(K),NSST(K),RT,0,0,1,K)
         END DO
         CALL ONE(1,2,1,2,0,0,0,0,0,RT,1,0,0,0)
         CALL ONE(2,20,0,2,0,0,0,0,0,RT,0,1,1,0)
         CALL ONE(2,20,1,20,0,0,0,0,0,RT,0,0,1,0)
         CALL ONE(2,40,0,40,0,0,0,0,0,RT,0,0,0,0)
         CALL ONE(3,3,1,3,1,3,0,0,0,RT,0,0,1,0)
         CALL ONE(3,3,0,3,1,0,0,0,0,RT,0,0,1,0)
      END DO
      END
C
      SUBROUTINE ONE(IP,N,IJAC,MLJ,IMAS,MLMAS,NS1,NS2,NS3,RT,ITOL,
     &               IPRED,IOUT,K)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (ND=40,LWORK=8*ND*ND+30*ND+20,LIWORK=5*ND+20)
      DIMENSION Y(ND),WORK(LWORK),IWORK(LIWORK),RTOL(ND),ATOL(ND)
      DIMENSION RPAR(2),IPAR(1)
      EXTERNAL FEX,JEX,MEX,SOUT
      COMMON /SUMS/ NSOL,SUMC
      NSOL=0
      SUMC=0.D0
      DO I=1,20
         IWORK(I)=0
         WORK(I)=0.D0
      END DO
      IWORK(8)=IPRED+1
      IWORK(11)=NS1
      IWORK(12)=NS2
      IWORK(13)=NS3
      IPAR(1)=IP
      RPAR(1)=1.D-6
      X=0.D0
      IF (IP.EQ.1) THEN
         Y(1)=2.D0
         Y(2)=-0.66D0
         XEND=2.D0
      ELSE IF (IP.EQ.2) THEN
         DO I=1,N/2
            Y(2*I-1)=1.D0+SIN(6.2831853D0*I/(N/2+1))
            Y(2*I)=3.D0
         END DO
         XEND=10.D0
      ELSE
         Y(1)=1.D0
         Y(2)=0.D0
         Y(3)=0.D0
         XEND=1.D2
      END IF
      DO I=1,N
         RTOL(I)=RT*(1.D0+0.1D0*I)
         ATOL(I)=RT*1.D-2
      END DO
C     RADAU WRITES MLJAC AND MUJAC: LOCAL COPIES
      MLJAC=MLJ
      MUJAC=MLJ
      MUMAS=0
      H=1.D-6
      CALL RADAU(N,FEX,X,Y,XEND,H,RTOL,ATOL,ITOL,JEX,IJAC,MLJAC,MUJAC,
     &   MEX,IMAS,MLMAS,MUMAS,SOUT,IOUT,WORK,LWORK,IWORK,LIWORK,
     &   RPAR,IPAR,IDID)
      WRITE(6,'(A,4I3,1X,I2,E25.17,8I7,4E25.17,I7,E25.17)') 'RUN ',
     &   IP,N,IJAC,K,IDID,X,(IWORK(J),J=13,20),H,Y(1),Y(N),RT,NSOL,SUMC
      END
C
      SUBROUTINE FEX(N,X,Y,F,RPAR,IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N),F(N),RPAR(*),IPAR(*)
      IF (IPAR(1).EQ.1) THEN
         F(1)=Y(2)
         F(2)=((1-Y(1)**2)*Y(2)-Y(1))/RPAR(1)
      ELSE IF (IPAR(1).EQ.2) THEN
         M=N/2
         A=0.02D0*(M+1)**2
         DO I=1,M
            U=Y(2*I-1)
            V=Y(2*I)
            UL=1.D0
            VL=3.D0
            UR=1.D0
            VR=3.D0
            IF (I.GT.1) UL=Y(2*I-3)
            IF (I.GT.1) VL=Y(2*I-2)
            IF (I.LT.M) UR=Y(2*I+1)
            IF (I.LT.M) VR=Y(2*I+2)
            F(2*I-1)=1.D0+U*U*V-4.D0*U+A*(UL-2.D0*U+UR)
            F(2*I)=3.D0*U-U*U*V+A*(VL-2.D0*V+VR)
         END DO
      ELSE
         F(1)=-0.04D0*Y(1)+1.D4*Y(2)*Y(3)
         F(2)=0.04D0*Y(1)-1.D4*Y(2)*Y(3)-3.D7*Y(2)**2
         F(3)=Y(1)+Y(2)+Y(3)-1.D0
      END IF
      END
C
      SUBROUTINE JEX(N,X,Y,DFY,LDFY,RPAR,IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N),DFY(LDFY,N),RPAR(*),IPAR(*)
      IF (IPAR(1).EQ.1) THEN
         DFY(1,1)=0.D0
         DFY(1,2)=1.D0
         DFY(2,1)=(-2.D0*Y(1)*Y(2)-1.D0)/RPAR(1)
         DFY(2,2)=(1.D0-Y(1)**2)/RPAR(1)
      ELSE IF (IPAR(1).EQ.2) THEN
C        BANDED (MLJAC = MUJAC = 2, LDFY = 5) OR FULL
         M=N/2
         A=0.02D0*(M+1)**2
         DO J=1,N
            DO I=1,LDFY
               DFY(I,J)=0.D0
            END DO
         END DO
         DO I=1,M
            U=Y(2*I-1)
            V=Y(2*I)
            CALL PUT(DFY,LDFY,N,2*I-1,2*I-1,2.D0*U*V-4.D0-2.D0*A)
            CALL PUT(DFY,LDFY,N,2*I-1,2*I,U*U)
            CALL PUT(DFY,LDFY,N,2*I,2*I-1,3.D0-2.D0*U*V)
            CALL PUT(DFY,LDFY,N,2*I,2*I,-U*U-2.D0*A)
            IF (I.GT.1) CALL PUT(DFY,LDFY,N,2*I-1,2*I-3,A)
            IF (I.GT.1) CALL PUT(DFY,LDFY,N,2*I,2*I-2,A)
            IF (I.LT.M) CALL PUT(DFY,LDFY,N,2*I-1,2*I+1,A)
            IF (I.LT.M) CALL PUT(DFY,LDFY,N,2*I,2*I+2,A)
         END DO
      ELSE
         DFY(1,1)=-0.04D0
         DFY(1,2)=1.D4*Y(3)
         DFY(1,3)=1.D4*Y(2)
         DFY(2,1)=0.04D0
         DFY(2,2)=-1.D4*Y(3)-6.D7*Y(2)
         DFY(2,3)=-1.D4*Y(2)
         DFY(3,1)=1.D0
         DFY(3,2)=1.D0
         DFY(3,3)=1.D0
      END IF
      END
C
      SUBROUTINE PUT(DFY,LDFY,N,I,J,V)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION DFY(LDFY,N)
      IF (LDFY.EQ.N) THEN
         DFY(I,J)=V
      ELSE
         DFY(I-J+3,J)=V
      END IF
      END
C
      SUBROUTINE MEX(N,AM,LMAS,RPAR,IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION AM(LMAS,N)
      DO J=1,N
         DO I=1,LMAS
            AM(I,J)=0.D0
         END DO
      END DO
      IF (LMAS.EQ.1) THEN
         AM(1,1)=1.D0
         AM(1,2)=1.D0
      ELSE
         AM(1,1)=1.D0
         AM(2,2)=1.D0
      END IF
      END
C
      SUBROUTINE SOUT(NR,XOLD,X,Y,CONT,LRC,N,RPAR,IPAR,IRTRN)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N),CONT(LRC)
      COMMON /SUMS/ NSOL,SUMC
      NSOL=NSOL+1
      IF (NR.GT.1) THEN
         S=0.5D0*(XOLD+X)
         DO I=1,N
            SUMC=SUMC+CONTRA(I,S,CONT,LRC)
         END DO
      END IF
      END
