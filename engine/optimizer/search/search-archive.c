/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-archive.c: the archive of a run (the non-dominated feasible candidates it has
 * evaluated, one per objective vector, by first objective) and its normalised hypervolume. */
#include <string.h>

#include "search-private.h"

double *
tf_search_objective_matrix (const Run *run,
                            GPtrArray *cands)
{
  double *obj = g_new (double, MAX (cands->len, 1) * run->m);

  for (guint i = 0; i < cands->len; i++)
    memcpy (obj + i * run->m, ((TfCandidate *) g_ptr_array_index (cands, i))->objectives,
            sizeof (double) * run->m);
  return obj;
}

/* By first objective; ties by network cost (the cheaper first), then by id. */
static gint
compare_first_objective (gconstpointer a,
                         gconstpointer b)
{
  const TfCandidate *x = *(TfCandidate *const *) a, *y = *(TfCandidate *const *) b;

  if (x->objectives[0] != y->objectives[0])
    return x->objectives[0] < y->objectives[0] ? -1 : 1;
  if (x->evaluation.network_cost_usd != y->evaluation.network_cost_usd)
    return x->evaluation.network_cost_usd < y->evaluation.network_cost_usd ? -1 : 1;
  return x->id < y->id ? -1 : x->id > y->id;
}

void
tf_search_sort_front (GPtrArray *front)
{
  g_ptr_array_sort (front, compare_first_objective);
}

TfEvaluatedInfo
tf_evaluated_info (const TfCandidate *c)
{
  return (TfEvaluatedInfo) {
    .id = c->id,
    .origin = (guint8) c->origin.method,
    .intra_board_topo = (guint8) c->topology.context.intra_board_topo,
    .chips_per_board = (guint16) MIN (c->topology.graph.chips_per_board, G_MAXUINT16),
    .mutations = (guint16) MIN (c->origin.n_mutations_total, G_MAXUINT16),
  };
}

void
tf_front_merge (GPtrArray **front,
                guint       m,
                GPtrArray  *batch,
                gboolean   *entered)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  g_autofree double *obj = NULL;
  g_autofree guint *rank = NULL;
  GPtrArray *kept = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  g_autofree guint *from = g_new (guint, MAX (batch->len, 1));  /* all's index - n_front -> batch's */
  guint n_front = (*front)->len;

  g_ptr_array_set_free_func (*front, NULL);
  for (guint i = 0; i < n_front; i++)
    g_ptr_array_add (all, g_ptr_array_index (*front, i));
  for (guint i = 0; i < batch->len; i++)
    {
      TfCandidate *c = g_ptr_array_index (batch, i);

      if (entered != NULL)
        entered[i] = FALSE;
      if (c->rejected != NULL || c->pruned)
        continue;
      from[all->len - n_front] = i;
      g_ptr_array_add (all, c);
    }
  obj = g_new (double, MAX (all->len, 1) * m);
  for (guint i = 0; i < all->len; i++)
    memcpy (obj + i * m, ((TfCandidate *) g_ptr_array_index (all, i))->objectives,
            sizeof (double) * m);
  rank = g_new (guint, MAX (all->len, 1));
  tf_nsga2_sort (obj, all->len, m, rank);
  for (guint i = 0; i < all->len; i++)
    {
      gboolean repeat = FALSE;

      if (rank[i] != 0)
        continue;
      for (guint j = 0; j < i && !repeat; j++)
        repeat = rank[j] == 0 && memcmp (obj + i * m, obj + j * m, sizeof (double) * m) == 0;
      if (!repeat && i < n_front)
        g_ptr_array_add (kept, g_ptr_array_index (all, i));
      else if (!repeat)
        {
          TfCandidate *c = tf_candidate_copy (g_ptr_array_index (all, i));

          g_ptr_array_add (kept, c);
          if (entered != NULL)
            entered[from[i - n_front]] = TRUE;
        }
      else if (i < n_front)
        tf_candidate_free (g_ptr_array_index (all, i));
    }
  for (guint i = 0; i < n_front; i++)
    if (rank[i] != 0)
      tf_candidate_free (g_ptr_array_index (all, i));
  tf_search_sort_front (kept);
  g_ptr_array_unref (*front);
  *front = kept;
}

/* Adds the feasible candidates of @batch to the archive (as copies) and keeps its first front,
 * one candidate per distinct objective vector. @entered (may be NULL) says, per candidate of
 * @batch, whether it entered. */
void
tf_search_archive_add (Run       *run,
                       GPtrArray *batch,
                       gboolean  *entered)
{
  for (guint i = 0; i < batch->len; i++)
    {
      const TfCandidate *c = g_ptr_array_index (batch, i);
      TfEvaluatedInfo info;

      if (c->rejected != NULL)
        continue;
      info = tf_evaluated_info (c);
      g_array_append_vals (run->evaluated, c->objectives, run->m);
      g_array_append_val (run->evaluated_info, info);
    }
  tf_front_merge (&run->archive, run->m, batch, entered);
}

/* The hypervolume of @front as a fraction of the box between the ideal and the reference point,
 * each objective scaled to [0, 1] there (docs/optimizer.md, "Hypervolume"). */
double
tf_search_hypervolume (guint         m,
                       GPtrArray    *front,
                       const double *ideal,
                       const double *reference)
{
  g_autofree double *obj = g_new (double, MAX (front->len, 1) * m);
  double corner[TF_N_OBJECTIVES];

  for (guint i = 0; i < front->len; i++)
    {
      const TfCandidate *c = g_ptr_array_index (front, i);

      for (guint k = 0; k < m; k++)
        obj[i * m + k] = MAX (0.0, (c->objectives[k] - ideal[k]) / (reference[k] - ideal[k]));
    }
  for (guint k = 0; k < m; k++)
    corner[k] = 1;
  return tf_hypervolume (obj, front->len, m, corner);
}

