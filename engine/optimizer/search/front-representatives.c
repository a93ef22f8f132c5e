/* SPDX-License-Identifier: GPL-3.0-or-later */
/* front-representatives.c: a front a person can read (search.front_max; docs/optimizer.md,
 * "A front a person can read").
 *
 * A run's front holds every non-dominated design it found, and many are near-duplicates: the
 * same design with one link moved, a hair apart in every objective. Beyond front_max of them the
 * front is written as front_max representatives, chosen by the farthest-first traversal
 * (Gonzalez's 2-approximation of the k-center problem) in the objectives scaled to the
 * hypervolume's box: first the best design in each objective, then again and again the design
 * farthest from every one chosen, so the representatives spread over the whole front and no
 * design is farther from its representative than the closest two representatives are from
 * each other. Every other design of the front is kept as a member of the nearest
 * representative (its objectives and its row in evaluated.csv), which stands for it.
 */
#include <math.h>
#include <string.h>

#include "search-private.h"

static double
distance2 (const double *a,
           const double *b,
           guint         m)
{
  double d = 0;

  for (guint k = 0; k < m; k++)
    d += (a[k] - b[k]) * (a[k] - b[k]);
  return d;
}

void
tf_search_front_represent (const TfSearchConfig *config,
                           TfSearchResult       *result)
{
  guint m = config->n_objectives, n = result->front != NULL ? result->front->len : 0;
  guint k = config->front_max;
  double ideal[TF_N_OBJECTIVES], reference[TF_N_OBJECTIVES];
  g_autofree double *point = NULL;
  g_autofree double *nearest = NULL;  /* squared distance to the nearest chosen */
  g_autofree guint *owner = NULL;     /* the chosen one nearest, by its index in the front */
  g_autofree gboolean *chosen = NULL;
  GPtrArray *kept;
  g_autofree guint *position = NULL;  /* a chosen one's index among the representatives */

  if (result->front_members == NULL)
    result->front_members = g_array_new (FALSE, FALSE, sizeof (TfFrontMember));
  if (k == 0 || n <= k)
    return;
  tf_search_config_get_box (config, ideal, reference);
  point = g_new (double, (gsize) n * m);
  nearest = g_new (double, n);
  owner = g_new (guint, n);
  chosen = g_new0 (gboolean, n);
  for (guint i = 0; i < n; i++)
    {
      const TfCandidate *c = g_ptr_array_index (result->front, i);

      for (guint o = 0; o < m; o++)
        point[i * m + o] = reference[o] != ideal[o]
                           ? (c->objectives[o] - ideal[o]) / (reference[o] - ideal[o])
                           : 0;
      nearest[i] = INFINITY;
    }
  for (guint taken = 0; taken < k; taken++)
    {
      guint pick = G_MAXUINT;

      /* The best design in each objective first (the first in front order on a tie), then the
       * farthest from those chosen. */
      if (taken < m)
        {
          for (guint i = 0; i < n; i++)
            if (!chosen[i] && (pick == G_MAXUINT
                               || point[i * m + taken] < point[pick * m + taken]))
              pick = i;
        }
      else
        for (guint i = 0; i < n; i++)
          if (!chosen[i] && (pick == G_MAXUINT || nearest[i] > nearest[pick]))
            pick = i;
      if (pick == G_MAXUINT)
        break;
      chosen[pick] = TRUE;
      for (guint i = 0; i < n; i++)
        {
          double d = distance2 (point + i * m, point + pick * m, m);

          if (d < nearest[i])
            {
              nearest[i] = d;
              owner[i] = pick;
            }
        }
    }
  /* The representatives in front order; the others, members of the nearest. */
  kept = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  position = g_new (guint, n);
  for (guint i = 0; i < n; i++)
    if (chosen[i])
      {
        position[i] = kept->len;
        g_ptr_array_add (kept, result->front->pdata[i]);
        result->front->pdata[i] = NULL;
      }
  /* Members by representative, each's in front order: as summary.yaml lists them. */
  for (guint r = 0; r < n; r++)
    for (guint i = 0; chosen[r] && i < n; i++)
      if (!chosen[i] && owner[i] == r)
        {
          TfCandidate *c = result->front->pdata[i];
          TfFrontMember member = { tf_evaluated_info (c), position[r], { 0 } };

          memcpy (member.objectives, c->objectives, sizeof member.objectives);
          g_array_append_val (result->front_members, member);
        }
  g_ptr_array_unref (result->front);
  result->front = kept;
}
