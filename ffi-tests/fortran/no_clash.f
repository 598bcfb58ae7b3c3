C     A program that links DDASSL and DDASKR from libstiffdae together
C     with its own routines named like the helpers of the original
C     DDASSL, DDASKR, LINPACK and SLATEC (DDATRP, DDAWTS, XERMSG,
C     D1MACH, DGEFA ...): with the originals these names clash; here
C     the link must succeed and the program's own routines must be the
C     ones it calls. Solves y' = -y, y(0) = 1 to t = 1 with both codes.
      PROGRAM NOCLSH
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RES1, RES2, RT2, PSDUM
      DIMENSION Y(1), YP(1), RWORK(200), IWORK(100), INFO(20),
     *  RPAR(1), IPAR(1), JROOT(1)
      COMMON /OWN/ NCALLS
      NCALLS = 0
      CALL DDATRP
      CALL DDAWTS
      CALL DDANRM
      CALL DDASTP
      CALL DDAINI
      CALL DDAJAC
      CALL DDASLV
      CALL DDSTP
      CALL DDASIC
      CALL DRCHEK
      CALL DROOTS
      CALL DINVWT
      CALL DDWNRM
      CALL XERMSG
      CALL XERRWD
      CALL DGEFA
      CALL DGESL
      CALL DGBFA
      CALL DGBSL
      X = D1MACH(4)
      DO 10 I = 1, 20
        INFO(I) = 0
   10 CONTINUE
      DO 20 ICODE = 1, 2
        T = 0D0
        Y(1) = 1D0
        YP(1) = -1D0
        INFO(1) = 0
        RTOL = 1D-8
        ATOL = 1D-8
        IF (ICODE .EQ. 1) THEN
          CALL DDASSL (RES1, 1, T, Y, YP, 1D0, INFO, RTOL, ATOL,
     *      IDID, RWORK, 200, IWORK, 100, RPAR, IPAR, PSDUM)
        ELSE
          CALL DDASKR (RES2, 1, T, Y, YP, 1D0, INFO, RTOL, ATOL,
     *      IDID, RWORK, 200, IWORK, 100, RPAR, IPAR, PSDUM, PSDUM,
     *      RT2, 0, JROOT)
        ENDIF
        WRITE (6,'(A,I2,I3,ES24.16)') 'CODE', ICODE, IDID, Y(1)
   20 CONTINUE
      WRITE (6,'(A,I4,ES10.2)') 'OWN', NCALLS, X
      END
      SUBROUTINE RES1 (T, Y, YP, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(1), YP(1), DELTA(1)
      DELTA(1) = YP(1) + Y(1)
      END
      SUBROUTINE RES2 (T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(1), YP(1), DELTA(1)
      DELTA(1) = YP(1) + Y(1)
      END
      SUBROUTINE RT2 (NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      END
      SUBROUTINE PSDUM
      END
      SUBROUTINE OWN1
      COMMON /OWN/ NCALLS
      NCALLS = NCALLS + 1
      END
      SUBROUTINE DDATRP
      CALL OWN1
      END
      SUBROUTINE DDAWTS
      CALL OWN1
      END
      SUBROUTINE DDANRM
      CALL OWN1
      END
      SUBROUTINE DDASTP
      CALL OWN1
      END
      SUBROUTINE DDAINI
      CALL OWN1
      END
      SUBROUTINE DDAJAC
      CALL OWN1
      END
      SUBROUTINE DDASLV
      CALL OWN1
      END
      SUBROUTINE DDSTP
      CALL OWN1
      END
      SUBROUTINE DDASIC
      CALL OWN1
      END
      SUBROUTINE DRCHEK
      CALL OWN1
      END
      SUBROUTINE DROOTS
      CALL OWN1
      END
      SUBROUTINE DINVWT
      CALL OWN1
      END
      SUBROUTINE DDWNRM
      CALL OWN1
      END
      SUBROUTINE XERMSG
      CALL OWN1
      END
      SUBROUTINE XERRWD
      CALL OWN1
      END
      SUBROUTINE DGEFA
      CALL OWN1
      END
      SUBROUTINE DGESL
      CALL OWN1
      END
      SUBROUTINE DGBFA
      CALL OWN1
      END
      SUBROUTINE DGBSL
      CALL OWN1
      END
      DOUBLE PRECISION FUNCTION D1MACH (I)
      CALL OWN1
      D1MACH = 42D0
      END
