/* ddassl_'s MIN/MAX sites met by NaN, infinity and -0 (bdf_nan_sites.h). Each case names
 * the site whose operand order it isolates. */
#define SITES_DASKR 0
#include "bdf_nan_sites.h"

static const Case CASES[] = {
    /* No NaN: the hash of the residual calls as a reference. */
    {.name = "plain", .prob = P_DECAY, .neq = 2, .tout = 1, .y = {1, 1}, .yp = {-1, -2},
     .rtol = 1e-6, .atol = 1e-6},
    /* First-call HMIN = 4 UROUND MAX(|T|,|TOUT|) is NaN for a NaN TOUT: DDAINI gives up
     * (-12) at its first failed residual instead of quartering H down to HMIN = 0. */
    {.name = "hmin_first_tout_nan", .prob = P_DECAY, .neq = 2, .tout = NAN, .y = {1, 1},
     .rtol = 1e-6, .atol = 1e-6, .init_yp = 1, .h0 = 1e-3, .fail_from = 1, .fail_to = 2},
    /* HMIN before each step, MAX(|TN|,|TOUT|): NaN for a NaN T (one failure, -10), 0 for
     * a NaN TOUT from T = 0 (ten failures, -10). */
    {.name = "hmin_step_t_nan", .prob = P_DECAY, .neq = 2, .t = NAN, .tout = 1, .y = {1, 1},
     .yp = {-1, -2}, .rtol = 1e-6, .atol = 1e-6, .h0 = 1e-3, .fail_from = 2, .fail_to = 100},
    {.name = "hmin_step_tout_nan", .prob = P_DECAY, .neq = 2, .tout = NAN, .y = {1, 1},
     .yp = {-1, -2}, .rtol = 1e-6, .atol = 1e-6, .h0 = 1e-3, .fail_from = 2, .fail_to = 100},
    /* DDAINI's R = MAX(0.1,MIN(0.5,R)) with R = 0.9/(2 ERR + 0.0001) NaN: an infinite
     * component that its residual ignores makes ERR = |inf - inf| NaN at every try, and
     * H is halved (not divided by ten) down to -12. */
    {.name = "ini_r_nan", .prob = P_CONST, .neq = 2, .tout = 1, .y = {1, INFINITY},
     .rtol = 1e-6, .atol = 1e-6, .init_yp = 1, .analytic_jac = 1},
    /* DDAJAC's DEL = SQRT(UROUND) MAX(|Y|,|H Y'|,|WT|), compiled as MAXSD(MAXSD(|WT|,|Y|),
     * |H Y'|). A NaN ATOL (accepted: not .LT. 0) gives a NaN WT in DDAINI: the inner MAX
     * returns |Y|. Full and banded. */
    {.name = "ajac_wt_nan", .prob = P_DECAY, .neq = 2, .tout = 1, .y = {1, 1}, .rtol = 1e-6,
     .atol = 1e-6, .atol_i = 2, .atol_k = NAN, .init_yp = 1},
    {.name = "ajac_band_wt_nan", .prob = P_TRI, .neq = 3, .tout = 1, .y = {1, 1, 1},
     .rtol = 1e-6, .atol = 1e-6, .atol_i = 2, .atol_k = NAN, .init_yp = 1, .band = 1},
    /* The outer MAX returns |H Y'| when it is NaN: a denormal H0 makes GAMMA(2) = 1/H
     * infinite, so the predicted Y' of the constant component is inf * 0 (NaN) while its
     * Y and WT are finite. Full and banded. */
    {.name = "ajac_hyp_nan", .prob = P_CONST, .neq = 2, .tout = 1, .y = {1, 1}, .yp = {-1, 0},
     .rtol = 1e-6, .atol = 1e-6, .h0 = 0x1p-1074},
    {.name = "ajac_band_hyp_nan", .prob = P_CONST, .neq = 3, .tout = 1, .y = {1, 1, 1},
     .yp = {-1, -2, 0}, .rtol = 1e-6, .atol = 1e-6, .h0 = 0x1p-1074, .band = 1},
    /* DDAINI's DELTA = MIN(Y,0) with INFO(10) = 1 is +0 for Y = -0, and Y - DELTA keeps
     * -0 (a -0 DELTA would turn it into +0). */
    {.name = "ini_nonneg_negzero", .prob = P_CONST, .neq = 2, .tout = 1, .y = {1, -0.0},
     .yp = {0, -0.0}, .rtol = 1e-6, .atol = 1e-6, .nonneg = 1, .init_yp = 1},
};

int main(void) {
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) run_case(&CASES[i]);
    return 0;
}
