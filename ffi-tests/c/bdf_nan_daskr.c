/* ddaskr_'s MIN/MAX sites met by NaN (bdf_nan_sites.h). Each case names the site whose
 * operand order it isolates. */
#define SITES_DASKR 1
#include "bdf_nan_sites.h"

static const Case CASES[] = {
    /* No NaN: the hash of the residual calls as a reference. */
    {.name = "plain", .prob = P_DECAY, .neq = 2, .tout = 1, .y = {1, 1}, .yp = {-1, -2},
     .rtol = 1e-6, .atol = 1e-6},
    /* HMIN before each step, 4 UROUND MAX(|TN|,|TOUT|), compiled MAXSD(|TN|,|TOUT|):
     * |TOUT| for a NaN T, so H is quartered ten times (-10); a NaN HMIN would stop at
     * the first failure. */
    {.name = "hmin_step_t_nan", .prob = P_DECAY, .neq = 2, .t = NAN, .tout = 1, .y = {1, 1},
     .yp = {-1, -2}, .rtol = 1e-6, .atol = 1e-6, .h0 = 1e-3, .fail_from = 2, .fail_to = 100},
    /* DMATD's DEL = MAX(SQRT(UROUND) MAX(|Y|,|H Y'|), 1/EWT), both MAXSD with the
     * second operand returned on NaN. A NaN ATOL (DINVWT lets it through; the norms skip
     * it while the other component is 0) makes 1/EWT NaN: DEL is NaN. Full and banded. */
    {.name = "dmatd_wt_nan", .prob = P_DECAY, .neq = 2, .tout = 1, .yp = {0, 1},
     .rtol = 1e-6, .atol = 1e-6, .atol_i = 2, .atol_k = NAN},
    {.name = "dmatd_band_wt_nan", .prob = P_TRI, .neq = 3, .tout = 1, .yp = {0, 1, 0},
     .rtol = 1e-6, .atol = 1e-6, .atol_i = 2, .atol_k = NAN, .band = 1},
    /* A NaN Y' guess for the initial condition (INFO(11) = 1): |H Y'| is NaN with Y
     * finite, the inner MAX gives NaN and the outer 1/EWT (smaller than SQRT(UROUND)|Y|
     * at RTOL = ATOL = 1e-10). Full and banded. */
    {.name = "dmatd_hyp_nan", .prob = P_DECAY, .neq = 2, .tout = 1, .y = {1, 1},
     .yp = {0, NAN}, .rtol = 1e-10, .atol = 1e-10, .init_yp = 1},
    {.name = "dmatd_band_hyp_nan", .prob = P_TRI, .neq = 3, .tout = 1, .y = {1, 1, 1},
     .yp = {0, NAN, 0}, .rtol = 1e-10, .atol = 1e-10, .init_yp = 1, .band = 1},
};

int main(void) {
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) run_case(&CASES[i]);
    return 0;
}
