/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adaptive-rates.c: the credit behind adaptive operator rates (docs/optimizer.md, "Adaptive
 * rates").
 *
 * Each arm (a generator when the search picks one to mutate a parent, an operator when the
 * graph mutator picks its edit) counts its children and how many of them entered the front.
 * The counts are halved at the end of every generation, so what an arm did a few generations
 * ago fades (a half-life of one generation) and the rates follow the search as it moves. The
 * arm's configured rate is scaled by (successes + 5) / (trials + 10): a prior of one success in
 * two over ten children, so an arm with no children yet keeps its configured rate's share, and
 * an arm whose children stop reaching the front falls toward 0.05 of it but never below: every
 * arm keeps being tried, and can earn its share back.
 */
#include <math.h>

#include "generators-private.h"

#define PRIOR_SUCCESSES 5.0
#define PRIOR_TRIALS    10.0
#define FLOOR           0.05

void
tf_credit_add (TfCredit *credit,
               gboolean  entered)
{
  credit->trials += 1;
  if (entered)
    credit->successes += 1;
}

void
tf_credit_decay (TfCredit *credit)
{
  credit->successes /= 2;
  credit->trials /= 2;
}

double
tf_credit_factor (const TfCredit *credit)
{
  return MAX (FLOOR, (credit->successes + PRIOR_SUCCESSES) / (credit->trials + PRIOR_TRIALS));
}

gboolean
tf_credit_is_valid (const TfCredit *credit)
{
  return isfinite (credit->trials) && credit->successes >= 0
         && credit->successes <= credit->trials;
}
