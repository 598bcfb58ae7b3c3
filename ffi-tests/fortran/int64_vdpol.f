C     Van der Pol (eps = 1e-6, y(0) = (2, 0), 0 <= x <= 2) through every
C     entry point, for the 64-bit INTEGER library: the same source prints the
C     same lines compiled with default INTEGER against libstiffdae and with
C     -fdefault-integer-8 against libstiffdae64 (and against the originals
C     compiled either way). Each INTEGER the solvers and callbacks exchange
C     is exercised: N, LDFY, NR, LRC, IRTRN, IDID, IWORK, INFO, IRES, NRT,
C     JROOT, I of CONTR5/CONTRA/CONTRO, and DDASKR's Krylov IWP, where JACK
C     keeps a pivot and the largest INTEGER less 5 that PSOLK checks.
C     Standard input: five flags (0/1) selecting RADAU5, RADAU, RODAS,
C     DDASSL and DDASKR.
      PROGRAM VDP64
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=2, LWORK=200, LIWORK=100)
      DIMENSION Y(N), YP(N), WORK(LWORK), IWORK(LIWORK), RPAR(2),
     &          IPAR(2), INFO(20), JROOT(1), IRUN(5)
      EXTERNAL FVPOL, JVPOL, SOLR5, SOLRA, SOLRO, DUMMY
      EXTERNAL RESS, JACS, RESK, RTK, JACK, PSOLK
      RPAR(1) = 1.0D-6
      IPAR(1) = N
      READ (5,*) IRUN
C     RADAU5, dense output by CONTR5 every 0.25 (analytic Jacobian).
      IF (IRUN(1) .NE. 0) THEN
        CALL CLEAR(WORK, LWORK, IWORK, LIWORK)
        CALL INIT(X, Y, H)
        RTOL = 1.0D-6
        ATOL = 1.0D-6
        MLJAC = N
        MUJAC = N
        CALL RADAU5(N, FVPOL, X, Y, 2.0D0, H, RTOL, ATOL, 0, JVPOL, 1,
     &       MLJAC, MUJAC, DUMMY, 0, 0, 0, SOLR5, 1, WORK, LWORK,
     &       IWORK, LIWORK, RPAR, IPAR, IDID)
        CALL REPORT('RADAU5', X, Y, H, IDID, IWORK(14), 7)
      END IF
C     RADAU, dense output by CONTRA (finite-difference Jacobian).
      IF (IRUN(2) .NE. 0) THEN
        CALL CLEAR(WORK, LWORK, IWORK, LIWORK)
        CALL INIT(X, Y, H)
        RTOL = 1.0D-6
        ATOL = 1.0D-6
        MLJAC = N
        MUJAC = N
        CALL RADAU(N, FVPOL, X, Y, 2.0D0, H, RTOL, ATOL, 0, JVPOL, 0,
     &       MLJAC, MUJAC, DUMMY, 0, 0, 0, SOLRA, 1, WORK, LWORK,
     &       IWORK, LIWORK, RPAR, IPAR, IDID)
        CALL REPORT('RADAU', X, Y, H, IDID, IWORK(13), 8)
      END IF
C     RODAS, dense output by CONTRO.
      IF (IRUN(3) .NE. 0) THEN
        CALL CLEAR(WORK, LWORK, IWORK, LIWORK)
        CALL INIT(X, Y, H)
        RTOL = 1.0D-6
        ATOL = 1.0D-6
        MLJAC = N
        MUJAC = N
        CALL RODAS(N, FVPOL, 0, X, Y, 2.0D0, H, RTOL, ATOL, 0, JVPOL,
     &       1, MLJAC, MUJAC, DUMMY, 0, DUMMY, 0, 0, 0, SOLRO, 1,
     &       WORK, LWORK, IWORK, LIWORK, RPAR, IPAR, IDID)
        CALL REPORT('RODAS', X, Y, H, IDID, IWORK(14), 6)
      END IF
C     DDASSL, G(t, y, y') = 0 with its JAC, to TOUT = 0.5, 1, 1.5, 2; after
C     IDID = -1 (500 steps) it continues with INFO(1) = 1.
      IF (IRUN(4) .NE. 0) THEN
        CALL CLEAR(WORK, LWORK, IWORK, LIWORK)
        DO 10 I = 1, 15
          INFO(I) = 0
   10   CONTINUE
        INFO(5) = 1
        CALL INIT(T, Y, H)
        CALL YPINIT(Y, YP, RPAR)
        RTOL = 1.0D-6
        ATOL = 1.0D-6
        TOUT = 0.5D0
        DO 20 K = 1, 12
          CALL DDASSL(RESS, N, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     &         WORK, LWORK, IWORK, LIWORK, RPAR, IPAR, JACS)
          CALL REPORT('DDASSL', T, Y, WORK(7), IDID, IWORK(7), 9)
          WRITE (6, '(A, 15I3)') '  INFO', (INFO(I), I = 1, 15)
          IF (IDID .EQ. -1) INFO(1) = 1
          IF (IDID .LT. -1) GO TO 25
          IF (IDID .EQ. 3) TOUT = TOUT + 0.5D0
          IF (TOUT .GT. 2.0D0) GO TO 25
   20   CONTINUE
   25   CONTINUE
      END IF
C     DDASKR, finite-difference Jacobian, stopping where y1 = 0 (JROOT),
C     then the Krylov option with JACK and PSOLK; on after IDID = -1. Then
C     what JACK keeps in IWP, part of IWORK.
      IF (IRUN(5) .NE. 0) THEN
        DO 60 KRYLOV = 0, 1
          CALL CLEAR(WORK, LWORK, IWORK, LIWORK)
          DO 30 I = 1, 20
            INFO(I) = 0
   30     CONTINUE
          NRT = 1 - KRYLOV
          IF (KRYLOV .EQ. 1) THEN
            INFO(12) = 1
            INFO(15) = 1
            IWORK(27) = 4
            IWORK(28) = 2
          END IF
          CALL INIT(T, Y, H)
          CALL YPINIT(Y, YP, RPAR)
          RTOL = 1.0D-6
          ATOL = 1.0D-6
          TOUT = 0.5D0
          DO 50 K = 1, 16
            CALL DDASKR(RESK, N, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     &           WORK, LWORK, IWORK, LIWORK, RPAR, IPAR, JACK, PSOLK,
     &           RTK, NRT, JROOT)
            CALL REPORT('DDASKR', T, Y, WORK(7), IDID, IWORK(7), 15)
            WRITE (6, '(A, 20I3)') '  INFO', (INFO(I), I = 1, 20)
            IF (IDID .EQ. 5) WRITE (6, '(A, I3)') 'JROOT', JROOT(1)
            IF (IDID .EQ. -1) INFO(1) = 1
            IF (IDID .LT. -1) GO TO 60
            IF (IDID .EQ. 3) TOUT = TOUT + 0.5D0
            IF (TOUT .GT. 2.0D0) GO TO 60
   50     CONTINUE
   60   CONTINUE
C       What JACK left in IWP, the caller's IWORK from IWORK(30) on.
        LIWP = IWORK(30)
        WRITE (6, '(A, I3, L2)') 'IWP', IWORK(LIWP),
     &       IWORK(LIWP + 1) .EQ. HUGE(LIWP) - 5
      END IF
      END

      SUBROUTINE CLEAR(WORK, LWORK, IWORK, LIWORK)
      DOUBLE PRECISION WORK(LWORK)
      DIMENSION IWORK(LIWORK)
      DO 10 I = 1, LWORK
        WORK(I) = 0.0D0
   10 CONTINUE
      DO 20 I = 1, LIWORK
        IWORK(I) = 0
   20 CONTINUE
      END

      SUBROUTINE INIT(X, Y, H)
      DOUBLE PRECISION X, Y(2), H, XOUT
      COMMON /DENSE/ XOUT
      X = 0.0D0
      Y(1) = 2.0D0
      Y(2) = 0.0D0
      H = 1.0D-6
      XOUT = 0.0D0
      END

C     The consistent y' of the residual form at the initial point.
      SUBROUTINE YPINIT(Y, YP, RPAR)
      DOUBLE PRECISION Y(2), YP(2), RPAR(*)
      YP(1) = Y(2)
      YP(2) = ((1 - Y(1)**2)*Y(2) - Y(1))/RPAR(1)
      END

C     One line of results: the name, IDID, x, y, h and NSTAT INTEGERs from
C     the statistics.
      SUBROUTINE REPORT(NAME, X, Y, H, IDID, ISTAT, NSTAT)
      CHARACTER*(*) NAME
      DOUBLE PRECISION X, Y(2), H
      DIMENSION ISTAT(NSTAT)
      WRITE (6, '(A, I3, 4E24.16)') NAME, IDID, X, Y(1), Y(2), H
      WRITE (6, '(A, 15I7)') '  STATS', (ISTAT(I), I = 1, NSTAT)
      END

      SUBROUTINE FVPOL(N, X, Y, F, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), F(N), RPAR(*), IPAR(*)
      IF (N .NE. IPAR(1)) STOP 'FVPOL: N'
      F(1) = Y(2)
      F(2) = ((1 - Y(1)**2)*Y(2) - Y(1))/RPAR(1)
      END

      SUBROUTINE JVPOL(N, X, Y, DFY, LDFY, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), DFY(LDFY, N), RPAR(*), IPAR(*)
      IF (N .NE. IPAR(1) .OR. LDFY .NE. N) STOP 'JVPOL: N, LDFY'
      DFY(1,1) = 0.0D0
      DFY(1,2) = 1.0D0
      DFY(2,1) = (-2.0D0*Y(1)*Y(2) - 1.0D0)/RPAR(1)
      DFY(2,2) = (1.0D0 - Y(1)**2)/RPAR(1)
      END

      SUBROUTINE SOLR5(NR, XOLD, X, Y, CONT, LRC, N, RPAR, IPAR, IRTRN)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), CONT(LRC), RPAR(*), IPAR(*)
      COMMON /DENSE/ XOUT
      IF (N .NE. IPAR(1) .OR. LRC .NE. 4*N) STOP 'SOLR5: N, LRC'
      IF (NR .EQ. 1) XOUT = 0.25D0
   10 IF (NR .GT. 1 .AND. X .GE. XOUT) THEN
        WRITE (6, '(A, I5, F6.2, 2E24.16)') 'R5', NR, XOUT,
     &       CONTR5(1, XOUT, CONT, LRC), CONTR5(2, XOUT, CONT, LRC)
        XOUT = XOUT + 0.25D0
        GO TO 10
      END IF
      IRTRN = 1
      END

      SUBROUTINE SOLRA(NR, XOLD, X, Y, CONT, LRC, N, RPAR, IPAR, IRTRN)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), CONT(LRC), RPAR(*), IPAR(*)
      COMMON /DENSE/ XOUT
      IF (N .NE. IPAR(1)) STOP 'SOLRA: N'
      IF (NR .EQ. 1) XOUT = 0.25D0
   10 IF (NR .GT. 1 .AND. X .GE. XOUT) THEN
        WRITE (6, '(A, I5, F6.2, 2E24.16)') 'RA', NR, XOUT,
     &       CONTRA(1, XOUT, CONT, LRC), CONTRA(2, XOUT, CONT, LRC)
        XOUT = XOUT + 0.25D0
        GO TO 10
      END IF
      IRTRN = 1
      END

      SUBROUTINE SOLRO(NR, XOLD, X, Y, CONT, LRC, N, RPAR, IPAR, IRTRN)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(N), CONT(LRC), RPAR(*), IPAR(*)
      COMMON /DENSE/ XOUT
      IF (N .NE. IPAR(1)) STOP 'SOLRO: N'
      IF (NR .EQ. 1) XOUT = 0.25D0
   10 IF (NR .GT. 1 .AND. X .GE. XOUT) THEN
        WRITE (6, '(A, I5, F6.2, 2E24.16)') 'RO', NR, XOUT,
     &       CONTRO(1, XOUT, CONT, LRC), CONTRO(2, XOUT, CONT, LRC)
        XOUT = XOUT + 0.25D0
        GO TO 10
      END IF
      IRTRN = 1
      END

C     The residual form: G = (y1' - y2, eps y2' - (1 - y1**2) y2 + y1).
      SUBROUTINE RESS(T, Y, YP, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(2), YP(2), DELTA(2), RPAR(*), IPAR(*)
      IF (IRES .NE. 0) STOP 'RESS: IRES'
      DELTA(1) = YP(1) - Y(2)
      DELTA(2) = RPAR(1)*YP(2) - ((1 - Y(1)**2)*Y(2) - Y(1))
      END

      SUBROUTINE JACS(T, Y, YP, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(2), YP(2), PD(2,2), RPAR(*), IPAR(*)
      PD(1,1) = CJ
      PD(1,2) = -1.0D0
      PD(2,1) = 2.0D0*Y(1)*Y(2) + 1.0D0
      PD(2,2) = RPAR(1)*CJ - (1 - Y(1)**2)
      END

      SUBROUTINE RESK(T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(2), YP(2), DELTA(2), RPAR(*), IPAR(*)
      CALL RESS(T, Y, YP, DELTA, IRES, RPAR, IPAR)
      END

      SUBROUTINE RTK(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(NEQ), YP(NEQ), RVAL(NRT), RPAR(*), IPAR(*)
      IF (NEQ .NE. IPAR(1) .OR. NRT .NE. 1) STOP 'RTK: NEQ, NRT'
      RVAL(1) = Y(1)
      END

C     The Krylov preconditioner: the iteration matrix dG/dy + CJ dG/dy',
C     factored with partial pivoting in WP (4 values), the pivot row in
C     IWP(1) and the largest INTEGER less 5 in IWP(2).
      SUBROUTINE JACK(RES, IRES, NEQ, T, Y, YP, REWT, SAVR, WK, H, CJ,
     &                WP, IWP, IER, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RES
      DIMENSION Y(NEQ), YP(NEQ), WP(4), IWP(2), RPAR(*), IPAR(*)
      IF (NEQ .NE. IPAR(1)) STOP 'JACK: NEQ'
      IER = 0
      CALL JACS(T, Y, YP, WP, CJ, RPAR, IPAR)
      IWP(1) = 1
      IF (ABS(WP(2)) .GT. ABS(WP(1))) THEN
        IWP(1) = 2
        S = WP(1)
        WP(1) = WP(2)
        WP(2) = S
        S = WP(3)
        WP(3) = WP(4)
        WP(4) = S
      END IF
      IF (WP(1) .EQ. 0.0D0) THEN
        IER = 1
        RETURN
      END IF
      WP(2) = WP(2)/WP(1)
      WP(4) = WP(4) - WP(2)*WP(3)
      IF (WP(4) .EQ. 0.0D0) IER = 1
      IWP(2) = HUGE(IWP(2)) - 5
      END

      SUBROUTINE PSOLK(NEQ, T, Y, YP, SAVR, WK, CJ, WGHT, WP, IWP, B,
     &                 EPLIN, IER, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION B(NEQ), WP(4), IWP(2), RPAR(*), IPAR(*)
      IF (IWP(2) .NE. HUGE(IWP(2)) - 5) STOP 'PSOLK: IWP(2) lost'
      IER = 0
      IF (IWP(1) .EQ. 2) THEN
        S = B(1)
        B(1) = B(2)
        B(2) = S
      END IF
      B(2) = (B(2) - WP(2)*B(1))/WP(4)
      B(1) = (B(1) - WP(3)*B(2))/WP(1)
      END

      SUBROUTINE DUMMY
      END
