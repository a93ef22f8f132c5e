/* SPDX-License-Identifier: GPL-3.0-or-later */
/* enumerate.c: "阶段二" enumeration. Walks each family's parameter space, keeps every parameter
 * set that passes the hard constraints, orders recommended first, and keeps the first `limit`,
 * whose metrics it then computes. */
#include "family-private.h"

/* What enumerate keeps of each legal parameter set until it knows which ones it returns. */
typedef struct
{
  TfParams params;
  guint64  order;
  guint    n_warnings;
} Candidate;

typedef struct
{
  const TfFamily  *family;
  const TfContext *ctx;
  GArray          *results;   /* Candidate */
  guint64          oversize;
  guint64          visited;
  TfProgressFunc   progress;
  gpointer         progress_data;
  double           fraction;
  gboolean         cancelled;
} Collect;

static gboolean
collect_visit (const TfParams *params,
               gpointer        data)
{
  Collect *c = data;
  TfResult r;

  memset (&r, 0, sizeof r);
  r.params = *params;
  switch (tf_family_check (c->family, c->ctx, &r, NULL))
    {
    case TF_CHECK_OK:
      {
        Candidate candidate = { r.params, c->visited, r.n_warnings };

        g_array_append_val (c->results, candidate);
      }
      break;
    case TF_CHECK_OVERSIZE:
      c->oversize++;
      break;
    case TF_CHECK_ILLEGAL:
    case TF_CHECK_INTRA_BOARD:
    default:
      break;
    }
  if (++c->visited % 4096 == 0 && c->progress != NULL
      && !c->progress (c->fraction, c->progress_data))
    {
      c->cancelled = TRUE;
      return FALSE;
    }
  return TRUE;
}

/* Orders @candidates recommended first, then by fewer warnings, keeping the family's own order
 * within each (a counting sort: candidates arrive in that order), and checks the first @limit
 * (all when 0) again into full results. */
static TfResult *
sort_and_cut (const TfFamily  *family,
              const TfContext *ctx,
              GArray          *candidates,
              guint            limit,
              guint           *n_out)
{
  guint n = candidates->len, keep = limit != 0 ? MIN (limit, n) : n;
  guint start[TF_MAX_WARNINGS + 2] = { 0 };
  g_autofree guint *order = g_new (guint, MAX (n, 1));
  TfResult *out = g_new0 (TfResult, MAX (keep, 1));

  for (guint i = 0; i < n; i++)
    start[g_array_index (candidates, Candidate, i).n_warnings + 1]++;
  for (guint w = 0; w <= TF_MAX_WARNINGS; w++)
    start[w + 1] += start[w];
  for (guint i = 0; i < n; i++)
    order[start[g_array_index (candidates, Candidate, i).n_warnings]++] = i;

  for (guint i = 0; i < keep; i++)
    {
      const Candidate *c = &g_array_index (candidates, Candidate, order[i]);

      out[i].params = c->params;
      if (tf_family_check (family, ctx, &out[i], NULL) != TF_CHECK_OK)
        g_assert_not_reached ();
      out[i].order = c->order;
    }
  *n_out = keep;
  return out;
}

static gboolean
enumerate_family (const TfFamily       *family,
                  const TfContext      *ctx,
                  guint                 limit,
                  Collect              *c,
                  TfFamilyEnumeration  *out,
                  GError              **error)
{
  out->family = family;
  if (ctx->intra_board_topo != TF_INTRA_BOARD_NONE && family->no_intra_board_reason != NULL)
    {
      out->excluded = g_strdup_printf ("intra_board_topo = %s does not apply to %s: %s",
                                       tf_intra_board_topo_to_string (ctx->intra_board_topo),
                                       family->name, family->no_intra_board_reason);
      return TRUE;
    }

  c->family = family;
  c->results = g_array_new (FALSE, FALSE, sizeof (Candidate));
  c->oversize = 0;
  c->visited = 0;
  family->walk (ctx, collect_visit, c);
  if (c->cancelled)
    {
      g_array_unref (c->results);
      g_set_error (error, TF_ERROR, TF_ERROR_CANCELLED, "enumeration cancelled");
      return FALSE;
    }

  out->total = c->results->len;
  out->oversize = c->oversize;
  out->results = sort_and_cut (family, ctx, c->results, limit, &out->n_results);
  g_clear_pointer (&c->results, g_array_unref);

  for (guint i = 0; i < out->n_results; i++)
    {
      if (!tf_family_compute_metrics (family, ctx, &out->results[i], NULL, error))
        return FALSE;
      if (c->progress != NULL && i % 8 == 7 && !c->progress (c->fraction, c->progress_data))
        {
          g_set_error (error, TF_ERROR, TF_ERROR_CANCELLED, "enumeration cancelled");
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
tf_enumerate (const TfContext        *ctx,
              const TfFamily *const  *families,
              guint                   n_families,
              guint                   limit,
              TfProgressFunc          progress,
              gpointer                progress_data,
              TfEnumeration          *out,
              GError                **error)
{
  Collect c = { NULL, ctx, NULL, 0, 0, progress, progress_data, 0, FALSE };

  g_return_val_if_fail (ctx != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  if (!tf_context_validate (ctx, error))
    return FALSE;
  if (n_families == 0)
    n_families = tf_families_get_count ();

  out->context = *ctx;
  out->limit = limit;
  out->n_families = n_families;
  out->families = g_new0 (TfFamilyEnumeration, n_families);
  for (guint i = 0; i < n_families; i++)
    {
      const TfFamily *family = families ? families[i] : tf_families_get (i);

      c.fraction = (double) i / n_families;
      if (!enumerate_family (family, ctx, limit, &c, &out->families[i], error))
        {
          tf_enumeration_clear (out);
          return FALSE;
        }
    }
  if (progress != NULL)
    progress (1.0, progress_data);
  return TRUE;
}

void
tf_enumeration_clear (TfEnumeration *enumeration)
{
  g_return_if_fail (enumeration != NULL);

  for (guint i = 0; i < enumeration->n_families; i++)
    {
      g_free (enumeration->families[i].excluded);
      g_free (enumeration->families[i].results);
    }
  g_free (enumeration->families);
  memset (enumeration, 0, sizeof *enumeration);
}
