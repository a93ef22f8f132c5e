/* SPDX-License-Identifier: GPL-3.0-or-later */
/* enumerate.c: "阶段二" enumeration. Walks each family's parameter space, counts every parameter
 * set that passes the hard constraints, keeps the first `limit` (at most
 * TF_ENUMERATE_MAX_RESULTS) recommended first, then computes their metrics.
 *
 * Every family is walked before any result is measured, so the progress fraction can weigh the
 * measuring still to come: walking reports no progress (it is the short part, and its length
 * is unknown until it ends), only the chance to stop; measuring then moves the fraction from
 * the walk's share of the estimated work to 1. The work of measuring a result is estimated by
 * the links of the build its metrics need, if any.
 */
#include "family-private.h"

/* What enumerate keeps of a legal parameter set until it knows which ones it returns. */
typedef struct
{
  TfParams params;
  guint64  order;
} Candidate;

/* Estimated work, in links of a build measured: a parameter set walked and checked costs about
 * as much as four, a result's metrics without a build about sixteen. */
#define WALK_WORK    4.0
#define MEASURE_WORK 16.0

typedef struct
{
  const TfFamily  *family;
  const TfContext *ctx;
  guint            keep;     /* candidates wanted per warning count */
  GArray          *by_warnings[TF_MAX_WARNINGS + 1];  /* Candidate, in traversal order */
  guint64          total;
  guint64          oversize;
  guint64          visited;
  TfProgressFunc   progress;
  gpointer         progress_data;
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
        GArray *bucket = c->by_warnings[r.n_warnings];

        /* Results come recommended first, then by fewer warnings, in the family's order within
         * each: no more than `keep` of one warning count can be returned. */
        c->total++;
        if (bucket->len < c->keep)
          {
            Candidate candidate = { r.params, c->visited };

            g_array_append_val (bucket, candidate);
          }
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
  if (++c->visited % 4096 == 0 && c->progress != NULL && !c->progress (0, c->progress_data))
    {
      c->cancelled = TRUE;
      return FALSE;
    }
  return TRUE;
}

/* Walks @family into @out: its total, and its first results (checked again into full results,
 * without metrics). */
static gboolean
walk_family (const TfFamily       *family,
             const TfContext      *ctx,
             guint                 limit,
             Collect              *c,
             TfFamilyEnumeration  *out)
{
  guint64 wanted;
  guint n = 0;

  out->family = family;
  if (ctx->intra_board_topo != TF_INTRA_BOARD_NONE && family->no_intra_board_reason != NULL)
    {
      out->excluded = g_strdup_printf ("intra_board_topo = %s does not apply to %s: %s",
                                       tf_intra_board_topo_to_string (ctx->intra_board_topo),
                                       family->name, family->no_intra_board_reason);
      return TRUE;
    }

  c->family = family;
  c->keep = limit != 0 ? MIN (limit, TF_ENUMERATE_MAX_RESULTS) : TF_ENUMERATE_MAX_RESULTS;
  c->total = c->oversize = 0;
  for (guint w = 0; w <= TF_MAX_WARNINGS; w++)
    g_array_set_size (c->by_warnings[w], 0);
  family->walk (ctx, collect_visit, c);
  if (c->cancelled)
    return FALSE;

  out->total = c->total;
  out->oversize = c->oversize;
  out->n_results = (guint) MIN (c->total, c->keep);
  wanted = limit != 0 ? MIN (c->total, limit) : c->total;
  out->capped = wanted - out->n_results;
  out->results = g_new0 (TfResult, MAX (out->n_results, 1));
  for (guint w = 0; w <= TF_MAX_WARNINGS && n < out->n_results; w++)
    for (guint i = 0; i < c->by_warnings[w]->len && n < out->n_results; i++, n++)
      {
        const Candidate *candidate = &g_array_index (c->by_warnings[w], Candidate, i);

        out->results[n].params = candidate->params;
        if (tf_family_check (family, ctx, &out->results[n], NULL) != TF_CHECK_OK)
          g_assert_not_reached ();
        out->results[n].order = candidate->order;
      }
  return TRUE;
}

static double
measure_work (const TfContext *ctx,
              const TfResult  *result)
{
  /* A build's links carry a port's lanes each (family-private.h). */
  return MEASURE_WORK + (result->family->metrics_need_build
                         ? (double) result->metrics.link_count
                           / (double) tf_result_lanes (ctx, result)
                         : 0);
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
  Collect c = { NULL, ctx };
  double done, work;
  gboolean ok = TRUE;

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
  c.progress = progress;
  c.progress_data = progress_data;
  for (guint w = 0; w <= TF_MAX_WARNINGS; w++)
    c.by_warnings[w] = g_array_new (FALSE, FALSE, sizeof (Candidate));
  for (guint i = 0; i < n_families && ok; i++)
    ok = walk_family (families ? families[i] : tf_families_get (i), ctx, limit, &c,
                      &out->families[i]);
  for (guint w = 0; w <= TF_MAX_WARNINGS; w++)
    g_array_unref (c.by_warnings[w]);

  done = WALK_WORK * (double) c.visited;
  work = done;
  for (guint i = 0; i < n_families && ok; i++)
    for (guint k = 0; k < out->families[i].n_results; k++)
      work += measure_work (ctx, &out->families[i].results[k]);
  for (guint i = 0; i < n_families && ok; i++)
    {
      TfFamilyEnumeration *fe = &out->families[i];

      for (guint k = 0; k < fe->n_results && ok; k++)
        {
          ok = tf_family_compute_metrics (fe->family, ctx, &fe->results[k], NULL, error);
          done += measure_work (ctx, &fe->results[k]);
          if (ok && progress != NULL && !progress (MIN (done / work, 1.0), progress_data))
            {
              c.cancelled = TRUE;
              ok = FALSE;
            }
        }
    }
  if (c.cancelled)
    g_set_error (error, TF_ERROR, TF_ERROR_CANCELLED, "enumeration cancelled");
  if (!ok)
    {
      tf_enumeration_clear (out);
      return FALSE;
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
