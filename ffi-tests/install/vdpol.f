C     Van der Pol (eps = 1e-6) through RADAU5, as a legacy program compiled outside the
C     repository against the installed library. Prints IDID, IWORK(14..20) and Y.
      PROGRAM VDPOL
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=2, LWORK=4*N*N+12*N+20, LIWORK=3*N+20)
      DIMENSION Y(N),WORK(LWORK),IWORK(LIWORK),RPAR(1),IPAR(1)
      EXTERNAL FVPOL,JVPOL,DUMMY
      RPAR(1)=1.0D-6
      DO 10 I=1,20
         IWORK(I)=0
         WORK(I)=0.0D0
   10 CONTINUE
      X=0.0D0
      Y(1)=2.0D0
      Y(2)=0.0D0
      XEND=2.0D0
      H=1.0D-6
      RTOL=1.0D-6
      ATOL=1.0D-6
      MLJAC=N
      MUJAC=N
      CALL RADAU5(N,FVPOL,X,Y,XEND,H,RTOL,ATOL,0,JVPOL,1,MLJAC,MUJAC,
     &            DUMMY,0,0,0,DUMMY,0,WORK,LWORK,IWORK,LIWORK,RPAR,IPAR,
     &            IDID)
      WRITE (6,'(A,I3)') 'IDID', IDID
      WRITE (6,'(A,7I7)') 'STATS', (IWORK(I),I=14,20)
      WRITE (6,'(A,2E24.16)') 'Y', Y(1), Y(2)
      END

      SUBROUTINE FVPOL(N,X,Y,F,RPAR,IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N),F(N),RPAR(1)
      F(1)=Y(2)
      F(2)=((1-Y(1)**2)*Y(2)-Y(1))/RPAR(1)
      END

      SUBROUTINE JVPOL(N,X,Y,DFY,LDFY,RPAR,IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N),DFY(LDFY,N),RPAR(1)
      DFY(1,1)=0.0D0
      DFY(1,2)=1.0D0
      DFY(2,1)=(-2.0D0*Y(1)*Y(2)-1.0D0)/RPAR(1)
      DFY(2,2)=(1.0D0-Y(1)**2)/RPAR(1)
      END

      SUBROUTINE DUMMY
      END
