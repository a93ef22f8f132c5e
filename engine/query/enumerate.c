/* SPDX-License-Identifier: GPL-3.0-or-later */
/* enumerate.c: "阶段二" enumeration under a query. Walks each family's parameter space, counts
 * every parameter set that passes the hard constraints, lets through those that pass the
 * query, keeps the first `limit` (at most TF_ENUMERATE_MAX_RESULTS) in the query's order, then
 * computes their metrics.
 *
 * Filters that need no metrics run while walking, so a result they reject is never measured.
 * When a condition or the sort reads a metric, every result that passes the walk's filters is
 * measured (nothing else can say whether it passes, or where it goes), and kept or not after;
 * otherwise only the results kept are measured. When the query reads only the layout (cost,
 * cables, racks: one pass over the family's build), every result gets that alone, and the
 * rest of the metrics only the results kept. Either way the limit and the cap apply after
 * sorting, to what is kept: total and matched count every legal result.
 *
 * Every family is walked before any result is measured, so the progress fraction can weigh the
 * measuring still to come: walking reports no progress (it is the short part, and its length
 * is unknown until it ends), only the chance to stop; measuring then moves the fraction from
 * the walk's share of the estimated work to 1. The work of measuring a result is estimated by
 * the links of the build its metrics need, if any.
 */
#include "family-private.h"
#include "query-private.h"

/* What enumerate keeps of a parameter set it must measure before it knows whether it passes. */
typedef struct
{
  TfParams params;
  guint64  order;
  double   work;
} Candidate;

/* Estimated work, in links of a build measured: a parameter set walked and checked costs about
 * as much as four, a result's metrics without a build about sixteen. */
#define WALK_WORK    4.0
#define MEASURE_WORK 16.0

/* The best `capacity` results offered, in the query's order: a heap whose root is the worst of
 * them, so a result that would not be kept costs one comparison. */
typedef struct
{
  const TfQuery *query;
  guint          capacity;
  GArray        *heap;   /* TfResult */
} Keep;

#define HEAP(k, i) (&g_array_index ((k)->heap, TfResult, (i)))

static void
keep_init (Keep          *k,
           const TfQuery *query,
           guint          capacity)
{
  k->query = query;
  k->capacity = capacity;
  k->heap = g_array_new (FALSE, TRUE, sizeof (TfResult));
}

static void
keep_swap (Keep  *k,
           guint  i,
           guint  j)
{
  TfResult t = *HEAP (k, i);

  *HEAP (k, i) = *HEAP (k, j);
  *HEAP (k, j) = t;
}

static void
keep_offer (Keep           *k,
            const TfResult *result)
{
  guint i, n = k->heap->len;

  if (n < k->capacity)
    {
      g_array_append_val (k->heap, *result);
      for (i = n; i > 0 && tf_query_compare (k->query, HEAP (k, (i - 1) / 2), HEAP (k, i)) < 0;
           i = (i - 1) / 2)
        keep_swap (k, i, (i - 1) / 2);
      return;
    }
  if (n == 0 || tf_query_compare (k->query, result, HEAP (k, 0)) >= 0)
    return;
  *HEAP (k, 0) = *result;
  for (i = 0;;)
    {
      guint worst = i, l = 2 * i + 1, r = 2 * i + 2;

      if (l < n && tf_query_compare (k->query, HEAP (k, l), HEAP (k, worst)) > 0)
        worst = l;
      if (r < n && tf_query_compare (k->query, HEAP (k, r), HEAP (k, worst)) > 0)
        worst = r;
      if (worst == i)
        break;
      keep_swap (k, i, worst);
      i = worst;
    }
}

static int
compare_results (gconstpointer a,
                 gconstpointer b,
                 gpointer      query)
{
  return tf_query_compare (query, a, b);
}

/* The kept results in the query's order, which the caller frees; @k is empty after. */
static TfResult *
keep_steal (Keep  *k,
            guint *n)
{
  g_qsort_with_data (k->heap->data, (gint) k->heap->len, sizeof (TfResult), compare_results,
                     (gpointer) k->query);
  *n = k->heap->len;
  if (k->heap->len == 0)
    g_array_set_size (k->heap, 1);  /* results is never NULL */
  return (TfResult *) (gpointer) g_array_free (g_steal_pointer (&k->heap), FALSE);
}

static void
keep_clear (Keep *k)
{
  g_clear_pointer (&k->heap, g_array_unref);
}

typedef struct
{
  const TfFamily  *family;
  const TfContext *ctx;
  const TfQuery   *query;
  gboolean         measure_all;   /* the query reads metrics: measure every candidate */
  TfNeeds          needs;         /* what of them it reads */
  Keep             keep;          /* the kept results, when not measure_all */
  GArray          *candidates;    /* Candidate, when measure_all */
  GHashTable      *chips_per_board;  /* every C_board of a legal result */
  guint64          total;
  guint64          matched;
  guint64          oversize;
  guint64          visited;
  TfProgressFunc   progress;
  gpointer         progress_data;
  gboolean         cancelled;
} Collect;

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
      c->total++;
      g_hash_table_add (c->chips_per_board, GUINT_TO_POINTER (r.chips_per_board));
      r.order = c->visited;
      if (!tf_query_match_checked (c->query, &r))
        break;
      if (c->measure_all)
        {
          Candidate candidate = { r.params, r.order, measure_work (c->ctx, &r) };

          g_array_append_val (c->candidates, candidate);
        }
      else
        {
          c->matched++;
          keep_offer (&c->keep, &r);
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

/* Measuring: the metrics of a run of results, on every core. A result's metrics depend on
 * nothing else, so workers take results in turn while the caller's thread reports progress and
 * stops them when asked or when one fails; what is kept, and in which order, never depends on
 * the threads. */
typedef struct
{
  const TfContext *ctx;
  TfNeeds          needs;     /* TF_NEEDS_LAYOUT: the layout only; else every metric */
  TfResult        *results;
  guint            n;
  gint             next;      /* atomic: the next result to take */
  gint             stop;      /* atomic: cancelled, or a result failed */
  GMutex           lock;
  GCond            cond;
  guint            running;   /* workers still running, under lock */
  double           done;      /* work measured, under lock */
  GError          *error;     /* the first failure, under lock */
} Measure;

static void
measure_one (Measure *m,
             guint    i)
{
  g_autoptr(GError) error = NULL;
  double work = measure_work (m->ctx, &m->results[i]);
  TfResult *r = &m->results[i];
  gboolean ok = m->needs == TF_NEEDS_LAYOUT
                ? tf_family_compute_layout (r->family, m->ctx, r, NULL, &error)
                : tf_family_compute_metrics (r->family, m->ctx, r, NULL, &error);

  g_mutex_lock (&m->lock);
  m->done += work;
  if (!ok)
    {
      if (m->error == NULL)
        m->error = g_steal_pointer (&error);
      g_atomic_int_set (&m->stop, 1);
      g_cond_signal (&m->cond);
    }
  g_mutex_unlock (&m->lock);
}

static gpointer
measure_worker (gpointer data)
{
  Measure *m = data;

  while (!g_atomic_int_get (&m->stop))
    {
      guint i = (guint) g_atomic_int_add (&m->next, 1);

      if (i >= m->n)
        break;
      measure_one (m, i);
    }
  g_mutex_lock (&m->lock);
  m->running--;
  g_cond_signal (&m->cond);
  g_mutex_unlock (&m->lock);
  return NULL;
}

/* Computes what @needs of @results (the layout, or every metric), adding their work to *@done
 * (of @work in all) and their number to *@measured (unless NULL), and reporting progress about
 * every 20 ms; FALSE with @error set when one fails, or with *@cancelled when @progress asked
 * to stop. */
static gboolean
measure_results (const TfContext *ctx,
                 TfNeeds          needs,
                 TfResult        *results,
                 guint            n,
                 TfProgressFunc   progress,
                 gpointer         progress_data,
                 double          *done,
                 double           work,
                 gboolean        *cancelled,
                 guint64         *measured,
                 GError         **error)
{
  Measure m = { ctx, needs, results, n };
  guint n_threads = MIN ((guint) g_get_num_processors (), n);
  g_autofree GThread **threads = NULL;
  double start = *done;

  if (n == 0)
    return TRUE;
  g_mutex_init (&m.lock);
  g_cond_init (&m.cond);
  m.running = n_threads;
  threads = g_new (GThread *, n_threads);
  for (guint t = 0; t < n_threads; t++)
    threads[t] = g_thread_new ("tf-measure", measure_worker, &m);
  g_mutex_lock (&m.lock);
  while (m.running > 0)
    {
      g_cond_wait_until (&m.cond, &m.lock, g_get_monotonic_time () + 20 * G_TIME_SPAN_MILLISECOND);
      if (progress != NULL && !g_atomic_int_get (&m.stop))
        {
          double fraction = MIN ((start + m.done) / work, 1.0);
          gboolean go_on;

          g_mutex_unlock (&m.lock);
          go_on = progress (fraction, progress_data);
          g_mutex_lock (&m.lock);
          if (!go_on)
            {
              *cancelled = TRUE;
              g_atomic_int_set (&m.stop, 1);
            }
        }
    }
  g_mutex_unlock (&m.lock);
  for (guint t = 0; t < n_threads; t++)
    g_thread_join (threads[t]);
  *done = start + m.done;
  if (measured != NULL)
    *measured += MIN ((guint) g_atomic_int_get (&m.next), n);
  g_mutex_clear (&m.lock);
  g_cond_clear (&m.cond);
  if (m.error != NULL)
    {
      g_propagate_error (error, m.error);
      return FALSE;
    }
  return !*cancelled;
}

/* What one family's walk leaves for measuring. */
typedef struct
{
  GArray *candidates;   /* Candidate, when the query reads metrics */
} Walked;

/* Walks @family into @out: its total and, unless the query reads metrics, its kept results in
 * order, checked but not measured; otherwise @walked's candidates. */
static gboolean
walk_family (const TfFamily       *family,
             guint                 capacity,
             Collect              *c,
             TfFamilyEnumeration  *out,
             Walked               *walked)
{
  const TfContext *ctx = c->ctx;

  out->family = family;
  if (ctx->intra_board_topo != TF_INTRA_BOARD_NONE && family->no_intra_board_reason != NULL)
    {
      out->excluded = g_strdup_printf ("intra_board_topo = %s does not apply to %s: %s",
                                       tf_intra_board_topo_to_string (ctx->intra_board_topo),
                                       family->name, family->no_intra_board_reason);
      out->results = g_new0 (TfResult, 1);
      return TRUE;
    }

  c->family = family;
  c->total = c->matched = c->oversize = 0;
  if (c->measure_all)
    c->candidates = walked->candidates = g_array_new (FALSE, FALSE, sizeof (Candidate));
  else
    keep_init (&c->keep, c->query, capacity);
  family->walk (ctx, collect_visit, c);
  out->total = c->total;
  out->oversize = c->oversize;
  out->matched = c->matched;
  if (!c->measure_all)
    out->results = keep_steal (&c->keep, &out->n_results);
  keep_clear (&c->keep);
  return !c->cancelled;
}

/* Candidates are measured a block at a time, so that memory stays small however many there
 * are. */
#define MEASURE_BLOCK 4096

/* Measures @walked's candidates, keeping in @out the first @capacity that pass. */
static gboolean
measure_candidates (const TfContext      *ctx,
                    const TfQuery        *query,
                    TfNeeds               needs,
                    guint                 capacity,
                    Walked               *walked,
                    TfFamilyEnumeration  *out,
                    TfProgressFunc        progress,
                    gpointer              progress_data,
                    double               *done,
                    double                work,
                    gboolean             *cancelled,
                    guint64              *measured,
                    GError              **error)
{
  guint n_candidates = walked->candidates != NULL ? walked->candidates->len : 0;
  g_autofree TfResult *block = g_new (TfResult, MAX (MIN (n_candidates, MEASURE_BLOCK), 1));
  Keep keep;
  gboolean ok = TRUE;

  keep_init (&keep, query, capacity);
  for (guint first = 0; first < n_candidates && ok; first += MEASURE_BLOCK)
    {
      guint n = MIN (MEASURE_BLOCK, n_candidates - first);

      for (guint i = 0; i < n; i++)
        {
          const Candidate *candidate = &g_array_index (walked->candidates, Candidate, first + i);

          memset (&block[i], 0, sizeof block[i]);
          block[i].params = candidate->params;
          if (tf_family_check (out->family, ctx, &block[i], NULL) != TF_CHECK_OK)
            g_assert_not_reached ();
          block[i].order = candidate->order;
        }
      ok = measure_results (ctx, needs, block, n, progress, progress_data, done, work,
                            cancelled, measured, error);
      for (guint i = 0; i < n && ok; i++)
        if (tf_query_match_measured (query, &block[i]))
          {
            out->matched++;
            keep_offer (&keep, &block[i]);
          }
    }
  if (ok)
    {
      g_free (out->results);
      out->results = keep_steal (&keep, &out->n_results);
    }
  keep_clear (&keep);
  /* The kept results' other metrics (their layout stays as measured), past the estimate of the
   * work: progress stays at its end meanwhile, and they are not counted twice. */
  if (ok && needs == TF_NEEDS_LAYOUT)
    ok = measure_results (ctx, TF_NEEDS_METRICS, out->results, out->n_results, progress,
                          progress_data, done, work, cancelled, NULL, error);
  return ok;
}

/* The rows across families: the families' kept results merged in the query's order, as far
 * as they are exactly the first of all that match. Past the last kept result of a family that
 * matched more than it kept, that family's next result could belong; so the rows stop there. */
static void
merge_rows (TfEnumeration *e)
{
  g_autofree guint *next = g_new0 (guint, MAX (e->n_families, 1));
  guint64 wanted = e->limit != 0 ? MIN (e->matched, e->limit) : e->matched;
  guint n = 0, total_kept = 0;

  for (guint f = 0; f < e->n_families; f++)
    total_kept += e->families[f].n_results;
  e->rows = g_new (const TfResult *, MAX (total_kept, 1));
  while (n < wanted)
    {
      const TfFamilyEnumeration *best_family = NULL;
      const TfResult *best = NULL;
      guint best_f = 0;

      for (guint f = 0; f < e->n_families; f++)
        {
          const TfFamilyEnumeration *fe = &e->families[f];

          if (next[f] < fe->n_results
              && (best == NULL
                  || tf_query_compare (&e->query, &fe->results[next[f]], best) < 0))
            {
              best = &fe->results[next[f]];
              best_family = fe;
              best_f = f;
            }
        }
      if (best == NULL)
        break;
      e->rows[n++] = best;
      next[best_f]++;
      if (next[best_f] == best_family->n_results && best_family->n_results < best_family->matched)
        break;
    }
  e->n_rows = n;
  e->rows_capped = wanted - n;
}

static int
compare_uint (gconstpointer a,
              gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

static gboolean
enumerate (const TfContext        *ctx,
           const TfFamily *const  *families,
           guint                   n_families,
           const TfQuery          *query,
           guint                   limit,
           gboolean                measure,
           TfProgressFunc          progress,
           gpointer                progress_data,
           TfEnumeration          *out,
           GError                **error)
{
  Collect c = { NULL, ctx };
  g_autofree Walked *walked = NULL;
  g_autoptr(GHashTable) chips_per_board = g_hash_table_new (NULL, NULL);
  guint capacity = limit != 0 ? MIN (limit, TF_ENUMERATE_MAX_RESULTS) : TF_ENUMERATE_MAX_RESULTS;
  double done, work;
  gboolean ok = TRUE;

  g_return_val_if_fail (ctx != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  if (!tf_context_validate (ctx, error))
    return FALSE;
  if (n_families == 0)
    {
      families = NULL;
      n_families = tf_families_get_count ();
    }

  out->context = *ctx;
  out->limit = limit;
  if (query != NULL)
    tf_query_copy (query, &out->query);
  out->n_families = n_families;
  out->families = g_new0 (TfFamilyEnumeration, n_families);
  walked = g_new0 (Walked, n_families);
  c.query = &out->query;
  c.needs = tf_query_needs_metrics (&out->query);
  c.measure_all = c.needs != TF_NEEDS_CHECK;
  c.chips_per_board = chips_per_board;
  c.progress = progress;
  c.progress_data = progress_data;
  for (guint i = 0; i < n_families && ok; i++)
    ok = walk_family (families ? families[i] : tf_families_get (i), capacity, &c,
                      &out->families[i], &walked[i]);

  done = WALK_WORK * (double) c.visited;
  work = done;
  for (guint i = 0; i < n_families && ok; i++)
    {
      const TfFamilyEnumeration *fe = &out->families[i];

      for (guint k = 0; walked[i].candidates != NULL && k < walked[i].candidates->len; k++)
        work += g_array_index (walked[i].candidates, Candidate, k).work;
      for (guint k = 0; k < fe->n_results; k++)
        work += measure_work (ctx, &fe->results[k]);
    }
  for (guint i = 0; i < n_families && ok && measure; i++)
    {
      TfFamilyEnumeration *fe = &out->families[i];

      if (c.measure_all)
        {
          ok = measure_candidates (ctx, &out->query, c.needs, capacity, &walked[i], fe, progress,
                                   progress_data, &done, work, &c.cancelled, &out->measured,
                                   error);
          continue;
        }
      ok = measure_results (ctx, TF_NEEDS_METRICS, fe->results, fe->n_results, progress,
                            progress_data, &done, work, &c.cancelled, &out->measured, error);
    }
  for (guint i = 0; i < n_families; i++)
    g_clear_pointer (&walked[i].candidates, g_array_unref);
  if (c.cancelled)
    g_set_error (error, TF_ERROR, TF_ERROR_CANCELLED, "enumeration cancelled");
  if (!ok)
    {
      tf_enumeration_clear (out);
      return FALSE;
    }

  for (guint i = 0; i < n_families; i++)
    {
      TfFamilyEnumeration *fe = &out->families[i];
      guint64 wanted = limit != 0 ? MIN (fe->matched, limit) : fe->matched;

      fe->capped = wanted - fe->n_results;
      out->matched += fe->matched;
    }
  merge_rows (out);
  {
    g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (guint));
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, chips_per_board);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      {
        guint v = GPOINTER_TO_UINT (key);

        g_array_append_val (values, v);
      }
    g_array_sort (values, compare_uint);
    out->n_chips_per_board = values->len;
    out->chips_per_board = (guint *) (gpointer) g_array_free (g_steal_pointer (&values), FALSE);
  }
  if (progress != NULL)
    progress (1.0, progress_data);
  return TRUE;
}

gboolean
tf_enumerate_query (const TfContext        *ctx,
                    const TfFamily *const  *families,
                    guint                   n_families,
                    const TfQuery          *query,
                    guint                   limit,
                    TfProgressFunc          progress,
                    gpointer                progress_data,
                    TfEnumeration          *out,
                    GError                **error)
{
  return enumerate (ctx, families, n_families, query, limit, TRUE, progress, progress_data, out,
                    error);
}

gboolean
tf_enumerate_checked (const TfContext       *ctx,
                      const TfFamily *const *families,
                      guint                  n_families,
                      TfEnumeration         *out,
                      GError               **error)
{
  return enumerate (ctx, families, n_families, NULL, 0, FALSE, NULL, NULL, out, error);
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
  return tf_enumerate_query (ctx, families, n_families, NULL, limit, progress, progress_data,
                             out, error);
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
  g_free (enumeration->rows);
  g_free (enumeration->chips_per_board);
  tf_query_clear (&enumeration->query);
  memset (enumeration, 0, sizeof *enumeration);
}
