/* SPDX-License-Identifier: GPL-3.0-or-later */
/* front-indicators.c: how two fronts compare (docs/optimizer.md, "Comparing fronts"): the
 * multiplicative epsilon indicator and the gain in one objective at equal or better others.
 *
 * Both read the objectives as people read them (bisection positive) and compare them by ratio:
 * for an objective minimised, a over b; maximised, b over a; so a ratio above 1 says a is that
 * many times worse than b. A value below a thousandth of the objective's box (ideal to
 * reference, tf_search_config_get_box) counts as that thousandth, so a design with no failure
 * excess at all is compared with one of 0.1 hops as 0.01 is, not as an infinite factor.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "search-private.h"

typedef struct
{
  guint      m;
  TfObjective objectives[TF_N_OBJECTIVES];
  gboolean   maximised[TF_N_OBJECTIVES];
  double     floor[TF_N_OBJECTIVES];
} Scale;

static void
scale_init (Scale                *s,
            const TfSearchConfig *config)
{
  double ideal[TF_N_OBJECTIVES], reference[TF_N_OBJECTIVES];

  tf_search_config_get_box (config, ideal, reference);
  s->m = config->n_objectives;
  for (guint k = 0; k < s->m; k++)
    {
      s->objectives[k] = config->objectives[k];
      /* Minimised as the negative: the value people read is the other way round. */
      s->maximised[k] = tf_objective_value (config->objectives[k], 1) < 0;
      s->floor[k] = MAX (1e-3 * fabs (reference[k] - ideal[k]), DBL_MIN);
    }
}

/* How many times worse objective k of @a is than of @b (rows as the search minimises them). */
static double
ratio (const Scale  *s,
       guint         k,
       const double *a,
       const double *b)
{
  double va = MAX (s->floor[k], tf_objective_value (s->objectives[k], a[k]));
  double vb = MAX (s->floor[k], tf_objective_value (s->objectives[k], b[k]));

  return s->maximised[k] ? vb / va : va / vb;
}

double
tf_front_epsilon (const TfSearchConfig *config,
                  const double         *a,
                  guint                 na,
                  const double         *b,
                  guint                 nb)
{
  Scale s;
  double worst = 0;

  g_return_val_if_fail (config != NULL, NAN);
  if (nb == 0)
    return 1;
  if (na == 0)
    return INFINITY;
  scale_init (&s, config);
  for (guint j = 0; j < nb; j++)
    {
      double best = INFINITY;

      for (guint i = 0; i < na && best > worst; i++)
        {
          double factor = 0;

          for (guint k = 0; k < s.m; k++)
            factor = MAX (factor, ratio (&s, k, a + i * s.m, b + j * s.m));
          best = MIN (best, factor);
        }
      worst = MAX (worst, best);
    }
  return worst;
}

void
tf_front_gains (const TfSearchConfig *config,
                const double         *a,
                guint                 na,
                const double         *b,
                guint                 nb,
                double               *gains)
{
  Scale s;

  g_return_if_fail (config != NULL && gains != NULL);
  scale_init (&s, config);
  for (guint k = 0; k < s.m; k++)
    gains[k] = 1;
  for (guint j = 0; j < nb; j++)
    for (guint i = 0; i < na; i++)
      {
        const double *pa = a + i * s.m, *pb = b + j * s.m;

        for (guint k = 0; k < s.m; k++)
          {
            gboolean others = TRUE;

            for (guint l = 0; l < s.m && others; l++)
              others = l == k || pb[l] <= pa[l];
            if (others)
              gains[k] = MAX (gains[k], ratio (&s, k, pa, pb));
          }
      }
}

double *
tf_front_rows (const GPtrArray *front,
               const GArray    *members,
               guint            m,
               guint           *n)
{
  guint n_front = front != NULL ? front->len : 0, n_members = members != NULL ? members->len : 0;
  double *rows = g_new (double, (gsize) MAX (n_front + n_members, 1) * m);

  for (guint i = 0; i < n_front; i++)
    memcpy (rows + (gsize) i * m, ((const TfCandidate *) g_ptr_array_index (front, i))->objectives,
            sizeof (double) * m);
  for (guint i = 0; i < n_members; i++)
    memcpy (rows + (gsize) (n_front + i) * m,
            g_array_index (members, TfFrontMember, i).objectives, sizeof (double) * m);
  *n = n_front + n_members;
  return rows;
}
