/* SPDX-License-Identifier: GPL-3.0-or-later */
/* stage-2.c: Stage 2 of the evaluator, the spec's simulation of the front (evaluator.stage_2:
 * simgrid), on SimGrid's flow-level model.
 *
 * Layer 3 routes every group of a kind on its own. Here every group of a kind runs at once, as
 * in training, so they contend for links:
 * - a ring AllReduce (tp, dp) is 2 (n - 1) steps in which every rank of every group sends its
 *   chunk (bytes / n) to the next rank; a step ends when its last flow arrives (a barrier), so
 *   every step is the same set of flows on an idle network and one simulated step, times
 *   2 (n - 1), is the whole collective exactly;
 * - the pipeline's point-to-point sends (pp) are one phase: every stage boundary at once;
 * - an AllToAll (ep) is n - 1 phases, phase k sending rank i's chunk to rank i + k.
 * Each ordered pair of chips that communicates gets one shortest path, chosen hop by hop among
 * the equal-cost next hops by a hash of (source, destination, node), as ECMP switches hash a
 * flow; the evaluator's alpha-beta model splits every flow over all of them instead. Links keep
 * the bandwidth Layer 3 gives them (a pair's parallel cables summed) and every link the latency
 * of one hop of the alpha-beta model, so on an uncongested case the two agree exactly.
 *
 * SimGrid runs one engine per process: each candidate is simulated by topoforge-simgrid
 * (simgrid/), started here with a platform file and a flows file in a temporary folder, and
 * killed if the search is cancelled. docs/optimizer.md ("Stage 2") gives the model.
 */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "search-private.h"
#include "export-private.h"

#define SIMULATOR "topoforge-simgrid"
#define SIMULATOR_ENV "TOPOFORGE_SIMGRID"
#define KEEP_ENV "TOPOFORGE_STAGE_2_KEEP"

typedef struct
{
  guint32 src, dst;
  guint64 bytes;
  guint   phase;   /* within its kind */
} Flow;

/* The phases of one workload's kinds, as a flows file lists them. */
typedef struct
{
  GArray  *flows[TF_N_COMMS];   /* Flow */
  guint    n_phases[TF_N_COMMS];
  double   steps[TF_N_COMMS];   /* times the phases repeat in one call */
  const double *bytes;
} Plan;

char *
tf_stage_2_find_simulator (GError **error)
{
  const char *env = g_getenv (SIMULATOR_ENV);

  if (env != NULL && *env != '\0')
    {
      if (g_file_test (env, G_FILE_TEST_IS_EXECUTABLE))
        return g_strdup (env);
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                   "evaluator.stage_2: simgrid: %s=%s is not an executable program",
                   SIMULATOR_ENV, env);
      return NULL;
    }
#ifdef TF_SIMGRID_HELPER_INSTALLED
  /* Run from the build tree, the program built beside it; else the installed one. */
  if (g_file_test (TF_SIMGRID_HELPER_BUILT, G_FILE_TEST_IS_EXECUTABLE))
    return g_strdup (TF_SIMGRID_HELPER_BUILT);
  if (g_file_test (TF_SIMGRID_HELPER_INSTALLED, G_FILE_TEST_IS_EXECUTABLE))
    return g_strdup (TF_SIMGRID_HELPER_INSTALLED);
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
               "evaluator.stage_2: simgrid: the simulator %s is not installed (looked for %s; "
               "%s names another)", SIMULATOR, TF_SIMGRID_HELPER_INSTALLED, SIMULATOR_ENV);
#else
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
               "evaluator.stage_2: simgrid: this Topoforge was built without SimGrid; install "
               "libsimgrid-dev (scripts/setup does) and build again, or name a %s in %s",
               SIMULATOR, SIMULATOR_ENV);
#endif
  return NULL;
}

gboolean
tf_stage_2_simulator_for (const TfSearchConfig  *config,
                          char                 **simulator,
                          GError               **error)
{
  g_return_val_if_fail (config != NULL && simulator != NULL, FALSE);

  switch (config->stage_2)
    {
    case TF_STAGE_2_SIMGRID:
      *simulator = tf_stage_2_find_simulator (error);
      return *simulator != NULL;
    case TF_STAGE_2_G5_SIMULATION:
      /* The spec's name for a flow-level Stage 2: SimGrid's where its helper is found, else
       * none (the configuration's notice, and the CLI's last line, say so). */
      *simulator = tf_stage_2_find_simulator (NULL);
      return TRUE;
    case TF_STAGE_2_NONE:
    case TF_N_STAGE_2:
    default:
      *simulator = NULL;
      return TRUE;
    }
}

static void
add_flow (Plan    *plan,
          TfComm   comm,
          guint    phase,
          guint32  src,
          guint32  dst,
          double   bytes)
{
  Flow f = { src, dst, (guint64) MAX (llround (bytes), 1), phase };

  g_array_append_val (plan->flows[comm], f);
}

static void
plan_group (TfComm         comm,
            const guint32 *group,
            guint          n,
            gpointer       data)
{
  Plan *plan = data;
  double bytes = plan->bytes[comm];

  if (bytes <= 0)
    return;
  switch (comm)
    {
    case TF_COMM_TP:
    case TF_COMM_DP:
      /* One step of the ring AllReduce, 2 (n - 1) of them. */
      for (guint i = 0; i < n; i++)
        add_flow (plan, comm, 0, group[i], group[(i + 1) % n], bytes / n);
      plan->n_phases[comm] = 1;
      plan->steps[comm] = 2.0 * (n - 1);
      break;
    case TF_COMM_PP:
      add_flow (plan, comm, 0, group[0], group[1], bytes);
      plan->n_phases[comm] = 1;
      plan->steps[comm] = 1;
      break;
    case TF_COMM_EP:
      for (guint k = 1; k < n; k++)
        for (guint i = 0; i < n; i++)
          add_flow (plan, comm, k - 1, group[i], group[(i + k) % n], bytes / n);
      plan->n_phases[comm] = n - 1;
      plan->steps[comm] = 1;
      break;
    case TF_N_COMMS:
    default:
      g_return_if_reached ();
    }
}

/* Routes: one per ordered pair of chips in a flow. */
typedef struct
{
  GHashTable *index;     /* (src << 32 | dst) -> route number + 1 */
  GArray     *src, *dst; /* guint32 */
  GArray     *offset;    /* guint */
  GArray     *links;     /* guint32 */
} Routes;

static guint64
mix (guint64 x)
{
  /* splitmix64's finaliser */
  x ^= x >> 30;
  x *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x ^= x >> 27;
  x *= G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

static void
want_route (Routes  *routes,
            guint32  src,
            guint32  dst)
{
  guint64 key = ((guint64) src << 32) | dst;

  if (g_hash_table_contains (routes->index, &key))
    return;
  g_hash_table_insert (routes->index, g_memdup2 (&key, sizeof key),
                       GUINT_TO_POINTER (routes->src->len + 1));
  g_array_append_val (routes->src, src);
  g_array_append_val (routes->dst, dst);
}

static gint
compare_by_dst (gconstpointer a,
                gconstpointer b,
                gpointer      data)
{
  const guint32 *dst = data;
  guint32 x = dst[*(const guint *) a], y = dst[*(const guint *) b];

  return x < y ? -1 : x > y;
}

/* Every wanted route's links: a breadth-first search from each destination, then from each
 * source a walk down the distances, taking at each node the equal-cost next hop the hash of
 * (source, destination, node) picks. */
static gboolean
find_routes (const TfNetworkGraph  *g,
             Routes                *routes,
             GError               **error)
{
  guint n_nodes = tf_network_graph_get_n_nodes (g), n = routes->src->len;
  const guint32 *src = (const guint32 *) routes->src->data;
  const guint32 *dst = (const guint32 *) routes->dst->data;
  g_autofree guint *by_dst = g_new (guint, MAX (n, 1));
  g_autofree guint32 *dist = g_new (guint32, MAX (n_nodes, 1));
  g_autofree guint32 *queue = g_new (guint32, MAX (n_nodes, 1));
  g_autofree guint32 **path = g_new0 (guint32 *, MAX (n, 1));
  g_autofree guint *path_len = g_new0 (guint, MAX (n, 1));
  TfAdjacency adj;
  gboolean ok = TRUE;

  for (guint i = 0; i < n; i++)
    by_dst[i] = i;
  g_qsort_with_data (by_dst, n, sizeof (guint), compare_by_dst, (gpointer) dst);
  tf_adjacency_init (&adj, n_nodes, g->n_links, g->links, sizeof (TfLink));
  for (guint i = 0; i < n && ok; i++)
    {
      guint r = by_dst[i];
      guint32 d = dst[r], u;

      if (i == 0 || dst[by_dst[i - 1]] != d)
        tf_adjacency_bfs (&adj, d, dist, queue, NULL, NULL);
      if (dist[src[r]] == TF_UNREACHED)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       "Stage 2: chip %u cannot reach chip %u", src[r], d);
          ok = FALSE;
          break;
        }
      path[r] = g_new (guint32, MAX (dist[src[r]], 1));
      for (u = src[r]; u != d; path_len[r]++)
        {
          guint n_next = 0, pick;
          guint64 h = mix (((guint64) src[r] << 32 | d) ^ mix (u));

          for (guint e = adj.offset[u]; e < adj.offset[u + 1]; e++)
            n_next += dist[adj.target[e]] + 1 == dist[u];
          pick = (guint) (h % n_next);
          for (guint e = adj.offset[u]; e < adj.offset[u + 1]; e++)
            if (dist[adj.target[e]] + 1 == dist[u] && pick-- == 0)
              {
                path[r][path_len[r]] = adj.link[e];
                u = adj.target[e];
                break;
              }
        }
    }
  tf_adjacency_clear (&adj);

  for (guint r = 0; r < n; r++)
    {
      guint offset = routes->links->len;

      g_array_append_val (routes->offset, offset);
      if (path[r] != NULL)
        g_array_append_vals (routes->links, path[r], path_len[r]);
      g_free (path[r]);
    }
  g_array_append_val (routes->offset, routes->links->len);
  return ok;
}

/* Runs the simulator on the two files; its stdout in @out. Kills it when @cancel is set. */
static gboolean
run_simulator (const char     *simulator,
               const char     *platform,
               const char     *flows,
               volatile gint  *cancel,
               GString        *out,
               GError        **error)
{
  const char *argv[] = { simulator, platform, flows, NULL };
  g_autoptr(GString) err = g_string_new (NULL);
  GPid pid;
  int fds[2], status;
  gboolean open[2] = { TRUE, TRUE }, killed = FALSE;
  g_autoptr(GError) local = NULL;

  if (!g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL,
                                 NULL, &pid, NULL, &fds[0], &fds[1], error))
    return FALSE;
  while (open[0] || open[1])
    {
      struct pollfd p[2] = { { fds[0], POLLIN, 0 }, { fds[1], POLLIN, 0 } };
      int ready;

      for (guint k = 0; k < 2; k++)
        if (!open[k])
          p[k].fd = -1;
      ready = poll (p, 2, 100);
      if (!killed && cancel != NULL && g_atomic_int_get (cancel))
        {
          kill (pid, SIGKILL);
          killed = TRUE;
        }
      if (ready < 0 && errno != EINTR)
        break;
      for (guint k = 0; k < 2 && ready > 0; k++)
        if (open[k] && (p[k].revents & (POLLIN | POLLHUP | POLLERR)))
          {
            char buf[4096];
            ssize_t got = read (fds[k], buf, sizeof buf);

            if (got > 0)
              g_string_append_len (k == 0 ? out : err, buf, got);
            else if (got == 0 || errno != EINTR)
              open[k] = FALSE;
          }
    }
  close (fds[0]);
  close (fds[1]);
  while (waitpid (pid, &status, 0) < 0 && errno == EINTR)
    ;
  g_spawn_close_pid (pid);
  if (killed)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_CANCELLED, "Stage 2 was cancelled");
      return FALSE;
    }
  if (!g_spawn_check_wait_status (status, &local))
    {
      g_strchomp (err->str);
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT, "Stage 2: %s failed (%s)%s%s",
                   simulator, local->message, err->len > 0 ? ": " : "", err->str);
      return FALSE;
    }
  return TRUE;
}

/* The flows file (topoforge-simgrid's format): every phase of every workload and kind. */
static void
append_flows (Plan   *plans,
              guint   n_workloads,
              guint   n_phases,
              GString *out)
{
  g_string_append_printf (out, "phases %u\n", n_phases);
  for (guint w = 0; w < n_workloads; w++)
    for (guint k = 0; k < TF_N_COMMS; k++)
      for (guint p = 0; p < plans[w].n_phases[k]; p++)
        {
          const GArray *flows = plans[w].flows[k];
          guint n = 0;

          for (guint i = 0; i < flows->len; i++)
            n += g_array_index (flows, Flow, i).phase == p;
          g_string_append_printf (out, "phase %u\n", n);
          for (guint i = 0; i < flows->len; i++)
            {
              const Flow *f = &g_array_index (flows, Flow, i);

              if (f->phase == p)
                g_string_append_printf (out, "%u %u %" G_GUINT64_FORMAT "\n", f->src, f->dst,
                                        f->bytes);
            }
        }
}

/* The simulator's phase durations (seconds), one a line. */
static gboolean
read_durations (const char  *text,
                guint        n_phases,
                double      *seconds,
                GError     **error)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *end;
      double v;

      if (*g_strstrip (lines[i]) == '\0')
        continue;
      v = g_ascii_strtod (lines[i], &end);
      if (*end != '\0' || !isfinite (v) || v < 0 || n >= n_phases)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       "Stage 2: the simulator's line %u ('%s') is not a phase duration", i + 1,
                       lines[i]);
          return FALSE;
        }
      seconds[n++] = v;
    }
  if (n != n_phases)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                   "Stage 2: the simulator gave %u phase durations for %u phases", n, n_phases);
      return FALSE;
    }
  return TRUE;
}

static gboolean
simulate (const char        *simulator,
          const TfCandidate *candidate,
          const Routes      *routes,
          double             latency_us,
          Plan              *plans,
          guint              n_workloads,
          guint              n_phases,
          volatile gint     *cancel,
          double            *seconds,
          GError           **error)
{
  TfSimgridRoutes platform = {
    latency_us * 1e3, routes->src->len, (const guint32 *) routes->src->data,
    (const guint32 *) routes->dst->data, (const guint *) routes->offset->data,
    (const guint32 *) routes->links->data,
  };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) out = g_string_new (NULL);
  const char *keep = g_getenv (KEEP_ENV);
  g_autofree char *dir = NULL, *platform_path = NULL, *flows_path = NULL;
  gboolean ok;

  /* $TOPOFORGE_STAGE_2_KEEP names a folder that keeps each candidate's two files, to run the
   * simulator on by hand; else they live in a temporary folder for the simulation only. */
  if (keep != NULL && *keep != '\0')
    {
      g_autofree char *prefix = g_strdup_printf ("cand_%06u", candidate->id);
      g_autofree char *platform_name = g_strconcat (prefix, ".platform.xml", NULL);
      g_autofree char *flows_name = g_strconcat (prefix, ".flows.txt", NULL);

      if (g_mkdir_with_parents (keep, 0777) != 0)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_IO, "%s=%s: %s", KEEP_ENV, keep,
                       g_strerror (errno));
          return FALSE;
        }
      platform_path = g_build_filename (keep, platform_name, NULL);
      flows_path = g_build_filename (keep, flows_name, NULL);
    }
  else
    {
      dir = g_dir_make_tmp ("topoforge-stage-2-XXXXXX", error);
      if (dir == NULL)
        return FALSE;
      platform_path = g_build_filename (dir, "platform.xml", NULL);
      flows_path = g_build_filename (dir, "flows.txt", NULL);
    }
  tf_topology_append_simgrid_platform (&candidate->topology, &platform, text);
  ok = g_file_set_contents (platform_path, text->str, text->len, error);
  g_string_truncate (text, 0);
  append_flows (plans, n_workloads, n_phases, text);
  ok = ok && g_file_set_contents (flows_path, text->str, text->len, error);
  ok = ok && run_simulator (simulator, platform_path, flows_path, cancel, out, error);
  ok = ok && read_durations (out->str, n_phases, seconds, error);
  if (dir != NULL)
    {
      g_unlink (platform_path);
      g_unlink (flows_path);
      g_rmdir (dir);
    }
  return ok;
}

gboolean
tf_evaluate_stage_2 (const TfSearchConfig  *config,
                     const char            *simulator,
                     TfCandidate           *candidate,
                     volatile gint         *cancel,
                     GError               **error)
{
  const TfNetworkGraph *graph;
  TfEvaluation *ev;
  guint n_workloads, n_phases = 0;
  Plan plans[TF_SEARCH_MAX_WORKLOADS] = { { { NULL } } };
  double bytes[TF_SEARCH_MAX_WORKLOADS][TF_N_COMMS];
  g_autofree guint32 *order = NULL;
  g_autofree double *seconds = NULL;
  Routes routes;
  gboolean ok;

  g_return_val_if_fail (config != NULL && simulator != NULL && candidate != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* The alpha-beta figures Stage 2 stands beside. */
  if (!tf_evaluate (config, candidate, TF_LAYER_ITERATION | TF_LAYER_WORKFLOW, NULL, error))
    return FALSE;

  graph = &candidate->topology.graph;
  ev = &candidate->evaluation;
  n_workloads = MIN (config->n_workloads, TF_SEARCH_MAX_WORKLOADS);
  order = tf_rank_order (graph);
  routes.index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  routes.src = g_array_new (FALSE, FALSE, sizeof (guint32));
  routes.dst = g_array_new (FALSE, FALSE, sizeof (guint32));
  routes.offset = g_array_new (FALSE, FALSE, sizeof (guint));
  routes.links = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint w = 0; w < n_workloads; w++)
    {
      TfParallelism par;

      tf_parallelism_init (&par, &config->workloads[w], w, graph->n_chip, NULL);
      tf_parallelism_message_bytes (&par, &config->workloads[w], bytes[w]);
      plans[w].bytes = bytes[w];
      for (guint k = 0; k < TF_N_COMMS; k++)
        plans[w].flows[k] = g_array_new (FALSE, FALSE, sizeof (Flow));
      tf_parallelism_for_each_group (&par, order, plan_group, &plans[w]);
      for (guint k = 0; k < TF_N_COMMS; k++)
        {
          n_phases += plans[w].n_phases[k];
          for (guint i = 0; i < plans[w].flows[k]->len; i++)
            {
              const Flow *f = &g_array_index (plans[w].flows[k], Flow, i);

              want_route (&routes, f->src, f->dst);
            }
        }
    }

  seconds = g_new0 (double, MAX (n_phases, 1));
  ok = find_routes (graph, &routes, error)
       && (n_phases == 0
           || simulate (simulator, candidate, &routes, config->hardware.link_latency_us, plans,
                        n_workloads, n_phases, cancel, seconds, error));

  for (guint w = 0, next = 0; w < n_workloads && ok; w++)
    {
      const TfWorkload *wl = &config->workloads[w];
      TfParallelism par;
      double compute, total[TF_N_COMMS], t;

      tf_parallelism_init (&par, wl, w, graph->n_chip, NULL);
      for (guint k = 0; k < TF_N_COMMS; k++)
        {
          double sum = 0;

          for (guint p = 0; p < plans[w].n_phases[k]; p++)
            sum += seconds[next++];
          ev->comm_sim_us[w][k] = plans[w].steps[k] * sum * 1e6;
        }
      t = tf_parallelism_iteration (&par, wl, ev->comm_sim_us[w], &compute,
                                    ev->iter_comm_sim_us[w], total);
      ev->iter_time_sim_us[w] = t;
    }
  if (ok)
    {
      ev->workflow_time_sim_us = tf_workflow_time (config, ev->iter_time_sim_us);
      ev->simulated = TRUE;
    }

  for (guint w = 0; w < n_workloads; w++)
    for (guint k = 0; k < TF_N_COMMS; k++)
      g_clear_pointer (&plans[w].flows[k], g_array_unref);
  g_hash_table_unref (routes.index);
  g_array_unref (routes.src);
  g_array_unref (routes.dst);
  g_array_unref (routes.offset);
  g_array_unref (routes.links);
  return ok;
}

static int
compare_guint (const void *a,
               const void *b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

typedef struct
{
  const TfSearchConfig *config;
  const char           *simulator;
  GPtrArray            *chosen;
  volatile gint        *cancel;
  GError              **errors;
  guint                 offset;   /* of the step at hand in chosen */
} FrontWork;

static void
simulate_one (gpointer          data,
              guint             i,
              TfEvaluatorStats *stats)
{
  FrontWork *work = data;

  (void) stats;
  i += work->offset;
  tf_evaluate_stage_2 (work->config, work->simulator, g_ptr_array_index (work->chosen, i),
                       work->cancel, &work->errors[i]);
}

/* Which simulated candidates another simulated one dominates once iter_time is simulated. */
static void
mark_dominated (const TfSearchConfig *config,
                GPtrArray            *chosen)
{
  guint m = config->n_objectives, n = chosen->len;
  g_autofree double *obj = g_new (double, (gsize) MAX (n, 1) * m);

  for (guint i = 0; i < n; i++)
    {
      const TfCandidate *c = g_ptr_array_index (chosen, i);

      for (guint k = 0; k < m; k++)
        obj[(gsize) i * m + k] = config->objectives[k] == TF_OBJECTIVE_ITER_TIME
                                 && c->evaluation.simulated
                                 ? c->evaluation.workflow_time_sim_us : c->objectives[k];
    }
  for (guint i = 0; i < n; i++)
    {
      TfCandidate *c = g_ptr_array_index (chosen, i);

      c->evaluation.dominated_after_simulation = FALSE;
      for (guint j = 0; j < n && c->evaluation.simulated; j++)
        if (j != i && ((TfCandidate *) g_ptr_array_index (chosen, j))->evaluation.simulated
            && tf_dominates (obj + (gsize) j * m, obj + (gsize) i * m, m))
          {
            c->evaluation.dominated_after_simulation = TRUE;
            break;
          }
    }
}

guint
tf_stage_2_count (const TfSearchConfig *config,
                  guint                 front_size,
                  guint                 evaluations)
{
  return (guint) MIN ((double) front_size, ceil (config->pareto_threshold * evaluations));
}

void
tf_stage_2_run (const TfSearchConfig *config,
                const char           *simulator,
                guint                 threads,
                volatile gint        *cancel,
                TfStage2Progress      progress,
                gpointer              progress_data,
                TfSearchResult       *out)
{
  GPtrArray *front = out->front;
  guint n, m = config->n_objectives;
  gint64 start = g_get_monotonic_time ();
  g_autoptr(GPtrArray) chosen = g_ptr_array_new ();
  FrontWork work = { config, simulator, chosen, cancel, NULL, 0 };
  guint chunk;
  gboolean stopped = FALSE;

  g_return_if_fail (front != NULL);

  /* The spec's "best pareto_threshold of Stage 1": the front, when it is no more than that
   * share of the evaluations; else that many of it, chosen as NSGA-II truncates a front (the
   * extremes first, then the least crowded). */
  n = tf_stage_2_count (config, front->len, out->evaluations);
  if (n == front->len)
    for (guint i = 0; i < n; i++)
      g_ptr_array_add (chosen, g_ptr_array_index (front, i));
  else if (n > 0)
    {
      g_autofree double *obj = g_new (double, (gsize) front->len * m);
      g_autofree guint *keep = g_new (guint, n);

      for (guint i = 0; i < front->len; i++)
        memcpy (obj + (gsize) i * m, ((TfCandidate *) g_ptr_array_index (front, i))->objectives,
                sizeof (double) * m);
      tf_nsga2_select (obj, front->len, m, n, keep);
      qsort (keep, n, sizeof (guint), compare_guint);
      for (guint i = 0; i < n; i++)
        g_ptr_array_add (chosen, g_ptr_array_index (front, keep[i]));
    }

  /* In about ten steps, each as many candidates as there are threads or more, so that the
   * progress says how far it is (from this thread, as the search's does). */
  work.errors = g_new0 (GError *, MAX (n, 1));
  chunk = MAX (MAX (threads, 1u), (n + 9) / 10);
  for (work.offset = 0; work.offset < n; work.offset += chunk)
    {
      tf_run_parallel (threads, MIN (chunk, n - work.offset), cancel, simulate_one, &work, NULL);
      if (progress != NULL && !progress (MIN (work.offset + chunk, n), n, progress_data))
        {
          stopped = TRUE;
          break;
        }
    }
  out->stage_2_candidates = n;
  for (guint i = 0; i < n; i++)
    {
      TfCandidate *c = g_ptr_array_index (chosen, i);

      out->simulated += c->evaluation.simulated;
      if (work.errors[i] != NULL && !g_error_matches (work.errors[i], TF_ERROR,
                                                      TF_ERROR_CANCELLED))
        {
          out->simulation_failures++;
          if (out->simulation_error == NULL)
            out->simulation_error = g_strdup_printf ("candidate cand_%06u: %s", c->id,
                                                     work.errors[i]->message);
        }
      g_clear_error (&work.errors[i]);
    }
  if (out->simulated < n && (stopped || (cancel != NULL && g_atomic_int_get (cancel))))
    out->cancelled = TRUE;
  mark_dominated (config, chosen);
  g_free (work.errors);
  out->stage_2_seconds = (g_get_monotonic_time () - start) / 1e6;
}

gboolean
tf_candidate_simulate (const TfSearchConfig *config,
                       const char           *simulator,
                       TfCandidate          *candidate,
                       GError              **error)
{
  g_return_val_if_fail (config != NULL && simulator != NULL && candidate != NULL, FALSE);

  return tf_evaluate_stage_2 (config, simulator, candidate, NULL, error);
}
