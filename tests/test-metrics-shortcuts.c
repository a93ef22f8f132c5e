/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metrics-shortcuts.c: the shortcuts enumerate takes at scale against the build-based
 * computations they stand for (docs/metrics.md), over many parameter sets.
 *
 * - the torus prefix cut in closed form against tf_build_rank_cut on the torus's build, for
 *   every legal shape and board shape of many chip counts, every order of the dimensions and
 *   every prefix length;
 * - the families' declared group rotation (Dragonfly, Dragonfly+): it maps every switch-switch
 *   link onto one of the same multiplicity;
 * - the leaf diameter searched from group 0 against the search from every hosting switch, on
 *   the dragonflies and on rings of groups, whose distances depend on where switches host;
 * - the bisection of large dragonflies, switches placed by a search over the groups, against
 *   the max flow it stands for: never below (both are real cuts, the flow the best for each
 *   split), and within 1% of it, equal nearly always;
 * - the Hamming prefix cut in closed form against the links counted on HyperX builds, and
 *   HyperX's bisection from those cuts against the max flow placing switches on its build,
 *   which it replaces: never higher;
 */
#include "family-private.h"
#include "metrics-private.h"
#include "test-util.h"

/* Every size, or every third (TF_SWEEP=sample, the sanitizer build). */
/* @r's link speeds (tf_result_link_speeds), valid until the next call. */
static const TfLinkSpeeds *
speeds_of (const TfContext *ctx,
           const TfResult  *r)
{
  static TfLinkSpeeds speeds;

  tf_result_link_speeds (ctx, r, &speeds);
  return &speeds;
}

static guint size_step = 1;

typedef struct
{
  const TfFamily  *family;
  const TfContext *ctx;
  GArray          *results;
} Collect;

static gboolean
collect (const TfParams *params,
         gpointer        data)
{
  Collect *c = data;
  TfResult r = { 0 };

  r.params = *params;
  if (tf_family_check (c->family, c->ctx, &r, NULL) == TF_CHECK_OK)
    g_array_append_val (c->results, r);
  return TRUE;
}

/* Every legal result of @family in @ctx, checked, without metrics. */
static GArray *
legal_results (const TfFamily  *family,
               const TfContext *ctx)
{
  Collect c = { family, ctx, g_array_new (FALSE, FALSE, sizeof (TfResult)) };

  family->walk (ctx, collect, &c);
  return c.results;
}

/* Torus prefix cuts */

static guint
attr_list_u32 (const TfResult *result,
               const char     *key,
               guint32        *values)
{
  gint64 v[TF_MAX_DIMS];
  guint n = tf_test_attr_list (result, key, v);

  for (guint i = 0; i < n; i++)
    values[i] = (guint32) v[i];
  return n;
}

/* Chip i sits at (i mod S_0, i / S_0 mod S_1, ...); its rank reads the coordinates as digits,
 * @order[0] the most significant. */
static void
rank_by_order (guint          n_dims,
               const guint32 *size,
               const guint   *order,
               guint          n,
               guint32       *rank)
{
  for (guint i = 0; i < n; i++)
    {
      guint coord[TF_MAX_DIMS], rest = i, r = 0;

      for (guint d = 0; d < n_dims; d++)
        {
          coord[d] = rest % size[d];
          rest /= size[d];
        }
      for (guint k = 0; k < n_dims; k++)
        r = r * size[order[k]] + coord[order[k]];
      rank[i] = r;
    }
}

static void
swap (guint *a,
      guint *b)
{
  guint t = *a;

  *a = *b;
  *b = t;
}

/* The next order of the dimensions, or FALSE after the last. */
static gboolean
next_permutation (guint *p,
                  guint  n)
{
  guint i = n - 1, j = n - 1;

  while (i > 0 && p[i - 1] >= p[i])
    i--;
  if (i == 0)
    return FALSE;
  while (p[j] <= p[i - 1])
    j--;
  swap (&p[i - 1], &p[j]);
  for (j = n - 1; i < j; i++, j--)
    swap (&p[i], &p[j]);
  return TRUE;
}

/* How many coordinates of each dimension a board, a rack and a pod span, read off the build:
 * containers start at coordinate 0, so the first coordinate along d whose chip sits in another
 * container than chip 0 is the container's length (the whole dimension when there is none). */
static void
containers_along_dims (const TfBuild *build,
                       guint          n_dims,
                       const guint32 *size,
                       guint32        unit[][3])
{
  guint64 stride = 1;

  for (guint d = 0; d < n_dims; d++)
    {
      for (guint level = 0; level < 3; level++)
        {
          unit[d][level] = size[d];
          for (guint c = 1; c < size[d]; c++)
            {
              guint32 board = build->endpoint_board[c * stride];
              guint32 board0 = build->endpoint_board[0];
              guint64 a = level == 0 ? board : level == 1 ? build->board_rack[board]
                        : build->rack_pod[build->board_rack[board]];
              guint64 b = level == 0 ? board0 : level == 1 ? build->board_rack[board0]
                        : build->rack_pod[build->board_rack[board0]];

              if (a != b)
                {
                  unit[d][level] = c;
                  break;
                }
            }
        }
      stride *= size[d];
    }
}

static void
test_torus_prefix_cut (void)
{
  static const guint extra[] = { 72, 96, 120, 128, 144, 180, 210, 240, 256, 360 };
  const TfFamily *torus = tf_family_lookup ("torus");
  guint checked = 0;

  for (guint i = 0; i < 60 + G_N_ELEMENTS (extra); i += size_step)
    for (guint radix = 1; radix <= 2; radix++)
      {
        guint n = i < 60 ? 4 + i : extra[i - 60];
        TfContext ctx = tf_test_context (n, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
        g_autoptr(GArray) results = NULL;

        ctx.chip_radix = radix;
        /* Small racks and pods, and each reach its own bandwidth, so a misplaced link shows. */
        ctx.boards_per_rack_max = 2 + i % 3;
        ctx.racks_per_pod_max = 2 + i % 2;
        ctx.by_reach[TF_LINK_C2C][TF_REACH_RACK].bandwidth_gbps = 123.0;
        ctx.by_reach[TF_LINK_C2C][TF_REACH_POD].bandwidth_gbps = 45.0;
        ctx.by_reach[TF_LINK_C2C][TF_REACH_DATACENTER].bandwidth_gbps = 7.0;
        results = legal_results (torus, &ctx);
        for (guint k = 0; k < results->len; k++)
          {
            const TfResult *r = &g_array_index (results, TfResult, k);
            g_autofree guint32 *rank = g_new (guint32, n);
            guint32 size[TF_MAX_DIMS], board[TF_MAX_DIMS], unit[TF_MAX_DIMS][3];
            guint order[TF_MAX_DIMS], n_dims;
            g_autoptr(GError) error = NULL;
            TfBuild build;

            n_dims = attr_list_u32 (r, "dimension_sizes", size);
            g_assert_cmpuint (attr_list_u32 (r, "board_shape", board), ==, n_dims);
            tf_build_init (&build);
            g_assert_true (tf_family_build (&ctx, r, &build, &error));
            containers_along_dims (&build, n_dims, size, unit);
            for (guint d = 0; d < n_dims; d++)
              {
                order[d] = d;
                g_assert_cmpuint (unit[d][0], ==, board[d]);
              }
            do
              {
                rank_by_order (n_dims, size, order, n, rank);
                for (guint y = 0; y <= n; y++)
                  {
                    guint64 want_links, got_links;
                    double want_bw, got_bw;

                    tf_build_rank_cut (&ctx, speeds_of (&ctx, r), &build, rank, y, &want_links, &want_bw);
                    tf_torus_prefix_cut (&ctx, speeds_of (&ctx, r), n_dims, size, (const guint32 (*)[3]) unit,
                                         order, y, &got_links, &got_bw);
                    if (want_links != got_links || want_bw != got_bw)
                      {
                        g_autofree char *id = tf_result_dup_id (r);

                        g_error ("%s, order %u %u %u, y = %u, chip_radix %u: closed form "
                                 "%" G_GUINT64_FORMAT " links, %g GB/s; build %"
                                 G_GUINT64_FORMAT " links, %g GB/s", id, order[0], order[1],
                                 n_dims > 2 ? order[2] : 0, y, radix, got_links, got_bw,
                                 want_links, want_bw);
                      }
                    checked++;
                  }
              }
            while (next_permutation (order, n_dims));
            tf_build_clear (&build);
          }
      }
  g_test_message ("%u prefix cuts checked", checked);
  g_assert_cmpuint (checked, >, 100000);
}

/* Group rotation and the leaf diameter */

static guint64
link_key (guint32 a,
          guint32 b)
{
  return (guint64) MIN (a, b) << 32 | MAX (a, b);
}

/* Every switch-switch link, rotated by one group, is a link of the same multiplicity. */
static void
assert_rotation (const TfBuild *build)
{
  g_autoptr(GHashTable) mult = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  const TfBuildLink *l = (const TfBuildLink *) (const void *) build->links->data;
  guint n_ep = build->n_endpoint, w = build->group_switches;
  guint n_switch = build->switches->len;

  g_assert_cmpuint (build->n_group * w, ==, n_switch);
  for (guint i = 0; i < build->links->len; i++)
    if (l[i].a >= n_ep)
      {
        gint64 *key = g_new (gint64, 1);

        *key = (gint64) link_key (l[i].a, l[i].b);
        g_assert_null (g_hash_table_lookup (mult, key));
        g_hash_table_insert (mult, key, GUINT_TO_POINTER (l[i].multiplicity));
      }
  for (guint i = 0; i < build->links->len; i++)
    if (l[i].a >= n_ep)
      {
        guint32 a = n_ep + (l[i].a - n_ep + w) % n_switch;
        guint32 b = n_ep + (l[i].b - n_ep + w) % n_switch;
        gint64 key = (gint64) link_key (a, b);

        g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (mult, &key)), ==,
                          l[i].multiplicity);
      }
}

/* Which case of the argument a build exercises: two groups; three or more with the last group
 * hosting as many boards as the others; or fewer. */
enum { TWO_GROUPS, LAST_FULL, LAST_PARTIAL, N_CASES };

static guint
rotation_case (const TfBuild *build)
{
  const TfBuildLink *l = (const TfBuildLink *) (const void *) build->links->data;
  guint n_ep = build->n_endpoint, w = build->group_switches, first = 0, last = 0;

  if (build->n_group == 2)
    return TWO_GROUPS;
  for (guint i = 0; i < build->links->len; i++)
    if (l[i].a < n_ep && l[i].b >= n_ep)
      {
        guint group = (l[i].b - n_ep) / w;

        first += group == 0;
        last += group == build->n_group - 1;
      }
  return last == first ? LAST_FULL : LAST_PARTIAL;
}

static void
check_rotation_and_leaf_diameter (const char *family_name,
                                  guint       n_chip,
                                  guint       limit,
                                  guint      *cases)
{
  TfContext ctx = tf_test_context (n_chip, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfEnumeration) e = { 0 };

  tf_test_enumerate (&ctx, family_name, limit, &e);
  for (guint k = 0; k < e.families[0].n_results; k++)
    {
      const TfResult *r = &e.families[0].results[k];
      g_autoptr(GError) error = NULL;
      guint n_hosting, diameter, all_hosting, all_diameter;
      TfAdjacency switches;
      TfBuild build;

      tf_build_init (&build);
      g_assert_true (tf_family_build (&ctx, r, &build, &error));
      g_assert_cmpuint (build.n_group, >=, 2);
      assert_rotation (&build);
      cases[rotation_case (&build)]++;
      tf_build_switch_adjacency (&build, &switches);
      tf_build_leaf_diameter (&build, &switches, &n_hosting, &diameter);
      /* Without the rotation: a search from every hosting switch. */
      build.n_group = 0;
      tf_build_leaf_diameter (&build, &switches, &all_hosting, &all_diameter);
      tf_adjacency_clear (&switches);
      if (n_hosting != all_hosting || diameter != all_diameter)
        {
          g_autofree char *id = tf_result_dup_id (r);

          g_error ("%s at %u chips: %u hosting switches, leaf diameter %u from one group; "
                   "%u and %u from all", id, n_chip, n_hosting, diameter, all_hosting,
                   all_diameter);
        }
      tf_build_clear (&build);
    }
}

static void
test_leaf_diameter_rotation (void)
{
  guint cases[N_CASES] = { 0 };

  static const guint sizes[] = { 16, 40, 72, 96, 120, 168, 192, 240, 256 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      check_rotation_and_leaf_diameter ("dragonfly", sizes[i], 0, cases);
      check_rotation_and_leaf_diameter ("dragonfly-plus", sizes[i], 0, cases);
    }
  check_rotation_and_leaf_diameter ("dragonfly", 1024, 100, cases);
  check_rotation_and_leaf_diameter ("dragonfly-plus", 1024, 100, cases);
  check_rotation_and_leaf_diameter ("dragonfly", 6144, 30, cases);
  check_rotation_and_leaf_diameter ("dragonfly-plus", 6144, 30, cases);
  g_test_message ("two groups %u, last group full %u, last group partial %u",
                  cases[TWO_GROUPS], cases[LAST_FULL], cases[LAST_PARTIAL]);
  for (guint c = 0; c < N_CASES; c++)
    g_assert_cmpuint (cases[c], >, 100);
}

/* A ring of @g groups of @w switches: a path through each group, and switch k of each group
 * linked to switch k of the next for the k in @ring_mask. The first @h0 switches of a group
 * host a board each, and @last of the last group's. Distances then depend on where the
 * hosting switches sit, which the dragonflies' near-complete graphs hide. */
static void
ring_of_groups (TfBuild *build,
                guint    g,
                guint    w,
                guint    ring_mask,
                guint    h0,
                guint    last)
{
  guint n_ep = (g - 1) * h0 + last, e = 0;

  tf_build_set_shape (build, n_ep, 1, n_ep, g, 1);
  build->n_group = g;
  build->group_switches = w;
  for (guint i = 0; i < g; i++)
    for (guint k = 0; k < w; k++)
      tf_build_add_switch (build, TF_TIER_RACK, i, "group%u-switch%u", i, k);
  for (guint i = 0; i < g; i++)
    for (guint k = 0; k < (i < g - 1 ? h0 : last); k++)
      {
        build->board_rack[e] = i;
        tf_build_add_link (build, e++, tf_build_switch_node (build, i * w + k), 1);
      }
  for (guint i = 0; i < g; i++)
    for (guint k = 0; k < w; k++)
      {
        if (k + 1 < w)
          tf_build_add_link (build, tf_build_switch_node (build, i * w + k),
                             tf_build_switch_node (build, i * w + k + 1), 1);
        /* Two groups are one pair: link them once. */
        if ((ring_mask >> k & 1) && (g > 2 || i == 0))
          tf_build_add_link (build, tf_build_switch_node (build, i * w + k),
                             tf_build_switch_node (build, (i + 1) % g * w + k), 1);
      }
}

static void
test_leaf_diameter_rotation_rings (void)
{
  guint checked = 0, differ = 0;

  for (guint g = 2; g <= 7; g++)
    for (guint w = 1; w <= 5; w++)
      for (guint ring_mask = 1; ring_mask < 1u << w; ring_mask++)
        for (guint h0 = 1; h0 <= w; h0++)
          for (guint last = 1; last <= h0; last++)
            {
              guint n_hosting, diameter, all_hosting, all_diameter;
              TfAdjacency switches;
              TfBuild build;

              tf_build_init (&build);
              ring_of_groups (&build, g, w, ring_mask, h0, last);
              assert_rotation (&build);
              tf_build_switch_adjacency (&build, &switches);
              tf_build_leaf_diameter (&build, &switches, &n_hosting, &diameter);
              build.n_group = 0;
              tf_build_leaf_diameter (&build, &switches, &all_hosting, &all_diameter);
              tf_adjacency_clear (&switches);
              g_assert_cmpuint (n_hosting, ==, all_hosting);
              if (diameter != all_diameter)
                g_error ("ring of %u groups of %u, ring links at %x, hosting %u and %u: leaf "
                         "diameter %u from one group, %u from all", g, w, ring_mask, h0, last,
                         diameter, all_diameter);
              /* A partly filled last group breaks the symmetry of the hosting switches: the
               * case the argument has to get right. */
              differ += last < h0;
              checked++;
              tf_build_clear (&build);
            }
  g_test_message ("%u rings checked, %u with a partly filled last group", checked, differ);
  g_assert_cmpuint (differ, >, 1000);
}

/* The search over the groups */

static guint
switch_links (const TfBuild *build)
{
  const TfBuildLink *l = (const TfBuildLink *) (const void *) build->links->data;
  guint n = 0;

  for (guint i = 0; i < build->links->len; i++)
    n += l[i].a >= build->n_endpoint;
  return n;
}

static void
check_group_search (const char       *family_name,
                    guint             n_chip,
                    TfIntraBoardTopo  topo,
                    guint             radix,
                    guint             limit,
                    guint            *checked,
                    guint            *equal)
{
  TfContext ctx = tf_test_context (n_chip, TF_SCOPE_INTER_RACK, topo);
  g_auto(TfEnumeration) e = { 0 };

  ctx.chip_radix = radix;
  tf_test_enumerate (&ctx, family_name, limit, &e);
  for (guint k = 0; k < e.families[0].n_results; k++)
    {
      const TfResult *r = &e.families[0].results[k];
      g_autoptr(GError) error = NULL;
      TfMetrics search = r->metrics, flow = r->metrics;
      TfBoardTopo bt;
      TfBuild build;

      tf_build_init (&build);
      g_assert_true (tf_family_build (&ctx, r, &build, &error));
      if (switch_links (&build) <= TF_BISECTION_FLOW_MAX_SWITCH_LINKS)
        {
          tf_build_clear (&build);
          continue;
        }
      g_assert_true (tf_board_topo_init (&bt, &ctx, topo, r->chips_per_board, NULL));
      tf_bisection_switch_family (&ctx, speeds_of (&ctx, r), &build, NULL, &bt, &search);
      /* Without groups the switches are placed by the max flow. */
      build.n_group = 0;
      tf_bisection_switch_family (&ctx, speeds_of (&ctx, r), &build, NULL, &bt, &flow);
      tf_build_clear (&build);
      if (search.bisection_links < flow.bisection_links
          || search.bisection_bandwidth < flow.bisection_bandwidth - 1e-6
          || search.bisection_links > flow.bisection_links * 1.01
          || search.bisection_bandwidth > flow.bisection_bandwidth * 1.01)
        {
          g_autofree char *id = tf_result_dup_id (r);

          g_error ("%s at %u chips: search %" G_GUINT64_FORMAT " links, %g GB/s; max flow %"
                   G_GUINT64_FORMAT ", %g", id, n_chip, search.bisection_links,
                   search.bisection_bandwidth, flow.bisection_links, flow.bisection_bandwidth);
        }
      *equal += search.bisection_links == flow.bisection_links
                && search.bisection_bandwidth <= flow.bisection_bandwidth + 1e-6;
      (*checked)++;
    }
}

static void
test_group_search (void)
{
  guint checked = 0, equal = 0;

  /* Dragonfly+ groups are leaf-spine, searched by a max flow per group; Dragonfly groups are
   * complete, searched by sorting. */
  check_group_search ("dragonfly-plus", 14400, TF_INTRA_BOARD_NONE, 1, 0, &checked, &equal);
  check_group_search ("dragonfly-plus", 28800, TF_INTRA_BOARD_RING, 3, 0, &checked, &equal);
  check_group_search ("dragonfly", 8192, TF_INTRA_BOARD_NONE, 1, 600, &checked, &equal);
  check_group_search ("dragonfly", 24576, TF_INTRA_BOARD_FULL_MESH, 2, 40, &checked, &equal);
  g_test_message ("%u searched, %u equal to the max flow", checked, equal);
  g_assert_cmpuint (checked, >, 50);
  g_assert_cmpuint (equal, >=, checked * 95 / 100);
}

/* The sweep's builds with groups, up to 256 chips, all place switches by the max flow. Their
 * switch links carry C_board lanes each, so the physical links between switches over C_board
 * bound the build's (parallel links may merge into one), with no build needed. */
static void
test_sweep_builds_flow (void)
{
  static const char *const names[] = { "dragonfly", "dragonfly-plus" };
  guint64 most = 0;

  for (guint n = 2; n <= 256; n++)
    for (guint f = 0; f < G_N_ELEMENTS (names); f++)
      {
        const TfFamily *family = tf_family_lookup (names[f]);
        TfContext ctx = tf_test_context (n, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
        g_autoptr(GArray) results = legal_results (family, &ctx);

        for (guint k = 0; k < results->len; k++)
          {
            const TfResult *r = &g_array_index (results, TfResult, k);
            const TfMetrics *m = &r->metrics;
            guint64 between = m->link_count - m->link_count_by_type[TF_LINK_C2C] - n;

            most = MAX (most, between / r->chips_per_board);
          }
      }
  g_test_message ("at most %" G_GUINT64_FORMAT " links between switches", most);
  g_assert_cmpuint (most, >, 1000);
  g_assert_cmpuint (most, <=, TF_BISECTION_FLOW_MAX_SWITCH_LINKS);
}

/* HyperX */

/* As containers_along_dims, for HyperX switches: the rack of a switch is its container, and
 * rack_pod gives its pod. */
static void
switch_containers_along_dims (const TfBuild *build,
                              guint          n_dims,
                              const guint32 *size,
                              guint32        unit[][2])
{
  const TfSwitch *sw = (const TfSwitch *) (const void *) build->switches->data;
  guint64 stride = 1;

  for (guint d = 0; d < n_dims; d++)
    {
      for (guint level = 0; level < 2; level++)
        {
          unit[d][level] = size[d];
          for (guint c = 1; c < size[d]; c++)
            {
              guint64 a = sw[c * stride].container, b = sw[0].container;

              if (level == 1)
                {
                  a = build->rack_pod[a];
                  b = build->rack_pod[b];
                }
              if (a != b)
                {
                  unit[d][level] = c;
                  break;
                }
            }
        }
      stride *= size[d];
    }
}

static void
test_hamming_prefix_cut (void)
{
  const TfFamily *hyperx = tf_family_lookup ("hyperx");
  guint checked = 0;

  for (guint n = 2; n <= 400; n += (n < 100 ? 1 : 7) * size_step)
    {
      TfContext ctx = tf_test_context (n, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
      g_autoptr(GArray) results = NULL;

      /* Small racks and pods, so the switch links reach racks, pods and beyond. */
      ctx.boards_per_rack_max = 2 + n % 5;
      ctx.racks_per_pod_max = 2 + n % 3;
      results = legal_results (hyperx, &ctx);
      for (guint k = 0; k < results->len; k++)
        {
          const TfResult *r = &g_array_index (results, TfResult, k);
          const TfBuildLink *l;
          g_autoptr(GError) error = NULL;
          g_autofree guint32 *rank = NULL;
          guint32 size[TF_MAX_DIMS], unit[TF_MAX_DIMS][2];
          guint order[TF_MAX_DIMS], n_dims, p = 1, n_ep;
          TfBuild build;

          n_dims = attr_list_u32 (r, "S", size);
          for (guint d = 0; d < n_dims; d++)
            {
              order[d] = d;
              p *= size[d];
            }
          tf_build_init (&build);
          g_assert_true (tf_family_build (&ctx, r, &build, &error));
          g_assert_cmpuint (build.switches->len, ==, p);
          l = (const TfBuildLink *) (const void *) build.links->data;
          n_ep = build.n_endpoint;
          switch_containers_along_dims (&build, n_dims, size, unit);
          rank = g_new (guint32, p);
          do
            {
              rank_by_order (n_dims, size, order, p, rank);
              for (guint y = 0; y <= p; y++)
                {
                  guint64 count = 0, want[TF_N_REACHES] = { 0 }, got[TF_N_REACHES] = { 0 };
                  guint64 closed;

                  for (guint i = 0; i < build.links->len; i++)
                    if (l[i].a >= n_ep && (rank[l[i].a - n_ep] < y) != (rank[l[i].b - n_ep] < y))
                      {
                        TfLinkType type;
                        TfReach reach;

                        tf_build_link_kind (&build, l[i].a, l[i].b, &type, &reach);
                        count += l[i].multiplicity;
                        want[reach] += l[i].multiplicity;
                      }
                  closed = tf_hamming_prefix_cut (n_dims, size, (const guint32 (*)[2]) unit,
                                                  order, y, got);
                  if (count != closed || memcmp (want, got, sizeof want) != 0)
                    {
                      g_autofree char *id = tf_result_dup_id (r);

                      g_error ("%s, y = %u: closed form %" G_GUINT64_FORMAT " (rack %"
                               G_GUINT64_FORMAT ", pod %" G_GUINT64_FORMAT ", beyond %"
                               G_GUINT64_FORMAT "), build %" G_GUINT64_FORMAT " (%"
                               G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT
                               ")", id, y, closed, got[1], got[2], got[3], count, want[1],
                               want[2], want[3]);
                    }
                  checked++;
                }
            }
          while (next_permutation (order, n_dims));
          tf_build_clear (&build);
        }
    }
  g_test_message ("%u prefix cuts checked", checked);
  g_assert_cmpuint (checked, >, 10000);
}

/* HyperX's cuts against the max flow placing switches for its board-order splits on the build,
 * the bound they replace: never higher, every board topology, chip_radix 1 and 3. Rails are
 * another matter: their cuts are of switch order and rank order, real cuts (the sweep checks
 * them against exhaustive search) that replace no flow. */
static void
test_hyperx_bisection (void)
{
  const TfFamily *hyperx = tf_family_lookup ("hyperx");
  guint checked = 0, lower = 0;

  for (guint n = 2; n <= 256; n += size_step)
    for (TfIntraBoardTopo topo = TF_INTRA_BOARD_NONE; topo < TF_N_INTRA_BOARD_TOPOS; topo++)
      for (guint radix = 1; radix <= 3; radix += 2)
        {
          TfContext ctx = tf_test_context (n, TF_SCOPE_INTER_RACK, topo);
          g_autoptr(GArray) results = NULL;

          ctx.chip_radix = radix;
          results = legal_results (hyperx, &ctx);
          for (guint k = 0; k < results->len; k++)
            {
              TfResult *r = &g_array_index (results, TfResult, k);
              g_autoptr(GError) error = NULL;
              TfMetrics flow = r->metrics;
              TfBoardTopo bt;
              TfBuild build;

              if (tf_test_attr (r, "rails") > 0)
                continue;
              g_assert_true (tf_family_compute_metrics (hyperx, &ctx, r, NULL, &error));
              g_assert_true (tf_board_topo_init (&bt, &ctx, topo, r->chips_per_board, NULL));
              tf_build_init (&build);
              g_assert_true (tf_family_build (&ctx, r, &build, &error));
              tf_bisection_switch_family (&ctx, speeds_of (&ctx, r), &build, NULL, &bt, &flow);
              tf_build_clear (&build);
              if (r->metrics.bisection_links > flow.bisection_links
                  || r->metrics.bisection_bandwidth > flow.bisection_bandwidth + 1e-6)
                {
                  g_autofree char *id = tf_result_dup_id (r);

                  g_error ("%s at %u chips: %" G_GUINT64_FORMAT " links, %g GB/s; the max flow "
                           "%" G_GUINT64_FORMAT ", %g", id, n, r->metrics.bisection_links,
                           r->metrics.bisection_bandwidth, flow.bisection_links,
                           flow.bisection_bandwidth);
                }
              lower += r->metrics.bisection_links < flow.bisection_links;
              checked++;
            }
        }
  g_test_message ("%u results checked, %u lower than the max flow", checked, lower);
  g_assert_cmpuint (checked, >, 10000 / size_step);
  g_assert_cmpuint (lower, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* Sanitizer builds (TF_SWEEP=sample) check every third size. */
  if (g_strcmp0 (g_getenv ("TF_SWEEP"), "sample") == 0)
    size_step = 3;
  g_test_add_func ("/engine/metrics-shortcuts/torus-prefix-cut", test_torus_prefix_cut);
  g_test_add_func ("/engine/metrics-shortcuts/leaf-diameter-rotation",
                   test_leaf_diameter_rotation);
  g_test_add_func ("/engine/metrics-shortcuts/leaf-diameter-rotation-rings",
                   test_leaf_diameter_rotation_rings);
  g_test_add_func ("/engine/metrics-shortcuts/group-search", test_group_search);
  g_test_add_func ("/engine/metrics-shortcuts/sweep-builds-flow", test_sweep_builds_flow);
  g_test_add_func ("/engine/metrics-shortcuts/hamming-prefix-cut", test_hamming_prefix_cut);
  g_test_add_func ("/engine/metrics-shortcuts/hyperx-bisection", test_hyperx_bisection);
  return g_test_run ();
}
