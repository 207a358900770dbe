/*
** sim_stats.c: the few statistical tests of `pul sim`'s summary, in closed
** form so the lab needs no statistics library: Student's t quantile (small
** samples), the Wilson interval of a proportion, the chi-square tail.
*/
#include <math.h>

#include "sim.h"

/* Two-sided 95% quantiles of Student's t for 1 to 30 degrees of freedom. */
static const double T975[30] = {
    12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004,
    2.262157,  2.228139, 2.200985, 2.178813, 2.160369, 2.144787, 2.131450, 2.119905,
    2.109816,  2.100922, 2.093024, 2.085963, 2.079614, 2.073873, 2.068658, 2.063899,
    2.059539,  2.055529, 2.051831, 2.048407, 2.045230, 2.042272};

/* The normal quantile for SIM_ALPHA = 0.05, two-sided. */
static const double Z975 = 1.959963984540054;
/* Gamma(3/2) = sqrt(pi) / 2 (M_PI is not C11). */
static const double GAMMA_3_2 = 0.886226925452758014;

_Static_assert(PUL_MAX_SEATS <= 7, "sim_chi2_sf's closed forms are written for small df");

double sim_t_quantile(long df) {
    if (df < 1) return INFINITY;
    if (df <= 30) return T975[df - 1];
    /* Cornish-Fisher expansion in 1/df: within 1e-6 of the table's values from df 30 on. */
    double z = Z975, z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z, d = (double)df;
    return z + (z3 + z) / (4 * d) + (5 * z5 + 16 * z3 + 3 * z) / (96 * d * d) +
           (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * d * d * d);
}

void sim_wilson(double p, double n, double *lo, double *hi) {
    if (n <= 0) {
        *lo = *hi = 0;
        return;
    }
    double z2 = Z975 * Z975;
    double denom = 1 + z2 / n;
    double centre = (p + z2 / (2 * n)) / denom;
    double half = Z975 * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom;
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

/* Q(df/2, x/2), the regularised upper incomplete gamma function, in its
** closed forms for whole df: a finite sum, plus erfc for odd df. */
double sim_chi2_sf(double x, int df) {
    if (df < 1) return NAN;
    if (x <= 0) return 1;
    double h = x / 2, q, term;
    if (df % 2 == 0) {
        q = 0;
        term = exp(-h);
        for (int i = 0; i < df / 2; i++) {
            q += term;
            term *= h / (i + 1);
        }
    } else {
        q = erfc(sqrt(h));
        term = exp(-h) * sqrt(h) / GAMMA_3_2; /* (x/2)^(1/2) e^(-x/2) / Gamma(3/2) */
        for (int i = 1; i <= df / 2; i++) {
            q += term;
            term *= h / (i + 0.5);
        }
    }
    return q < 0 ? 0 : q > 1 ? 1 : q;
}
