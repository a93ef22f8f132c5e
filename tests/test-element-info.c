/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-element-info.c: the words for a picked element (app/tf-element-info.c), without a
 * display.
 *
 * The same sweep as test-scene.c: every family x n_chip 8, 64, 512 x both scopes x every
 * intra_board_topo (and chip_radix 2, whose parallel links have a multiplicity). For each
 * graph the degrees are counted again here from the links alone: at a node, the links
 * attached; at a board, rack or pod, the links with exactly one end inside it, a scale-up
 * switch being on its board and so inside its rack and pod, a rack switch inside its rack and
 * pod, a pod switch inside its pod and a datacenter switch inside none. Parallel links count by
 * their multiplicity. The description names the element, where
 * it sits and that degree (LANGUAGE=en in the test environment).
 *
 * Budgets and power (docs/spec-notes.md, "Budgets" and "Rack power"): over the sweep, a chip's
 * and a switch's GB/s are what the engine's rule (tf_network_graph_link_gbps) gives their links,
 * a rack draws its boards and the rack switches standing in it, and the most any rack draws is
 * the metric rack_power_kw. Then a few topologies worked out by hand, line by line: a full-mesh
 * board on one switch (generic and H100 chips, a 10 kW budget), a scale-up board, a 3-D torus
 * with and without parallel links, a fat-tree leaf and its rack, and a hand-written chain whose
 * chip-to-chip links carry different amounts.
 */
#include <string.h>

#include "test-graph-cases.h"
#include "test-util.h"
#include "tf-element-info.h"


static GPtrArray *cases;

/* The context a case's graph was generated in. */
static const TfContext *
case_context (gconstpointer data)
{
  const TfTestGraphCase *c = data;

  tf_test_graph_case_graph (c);
  return &c->topology.context;
}

static guint
count_of (const TfNetworkGraph *g,
          TfSceneKind           kind)
{
  /* Bars (TF_SCENE_GROUP) only in a logical layout above the budget. */
  const guint counts[TF_SCENE_N_KINDS] = { g->n_pod, g->n_rack, g->n_board, g->n_chip,
                                           g->n_switch, 0 };

  return counts[kind];
}

/* Degrees counted from the links, per kind and index, in total and per link type. */
typedef struct
{
  guint64 *total[TF_SCENE_N_KINDS];
  guint64 *by_type[TF_SCENE_N_KINDS];   /* index * TF_N_LINK_TYPES + type */
  gint64  *board_of;                    /* per node; -1 for switches but scale-up ones */
  gint64  *rack_of;                     /* per node; -1 for pod and datacenter switches */
  gint64  *pod_of;                      /* per node; -1 for datacenter switches */
} Degrees;

static void
degrees_clear (Degrees *d)
{
  for (guint k = 0; k < TF_SCENE_N_KINDS; k++)
    {
      g_free (d->total[k]);
      g_free (d->by_type[k]);
    }
  g_free (d->board_of);
  g_free (d->rack_of);
  g_free (d->pod_of);
}

static void
add_degree (Degrees    *d,
            TfSceneKind kind,
            gint64      index,
            TfLinkType  type,
            guint32     multiplicity)
{
  d->total[kind][index] += multiplicity;
  d->by_type[kind][index * TF_N_LINK_TYPES + type] += multiplicity;
}

static void
count_degrees (const TfNetworkGraph *g,
               Degrees              *d)
{
  guint n_nodes = g->n_chip + g->n_switch;
  gint64 *container[TF_SCENE_N_KINDS] = { NULL };

  for (TfSceneKind k = 0; k < TF_SCENE_N_KINDS; k++)
    {
      d->total[k] = g_new0 (guint64, MAX (count_of (g, k), 1));
      d->by_type[k] = g_new0 (guint64, (gsize) MAX (count_of (g, k), 1) * TF_N_LINK_TYPES);
    }

  /* Where each node sits. */
  d->board_of = g_new (gint64, MAX (n_nodes, 1));
  d->rack_of = g_new (gint64, MAX (n_nodes, 1));
  d->pod_of = g_new (gint64, MAX (n_nodes, 1));
  for (guint n = 0; n < n_nodes; n++)
    d->board_of[n] = d->rack_of[n] = d->pod_of[n] = -1;
  for (guint b = 0; b < g->n_board; b++)
    for (guint k = 0; k < g->chips_per_board; k++)
      {
        guint32 chip = g->board_chips[(gsize) b * g->chips_per_board + k];

        d->board_of[chip] = b;
        d->rack_of[chip] = g->board_rack[b];
        d->pod_of[chip] = g->rack_pod[g->board_rack[b]];
      }
  for (guint s = 0; s < g->n_switch; s++)
    {
      const TfSwitch *sw = &g->switches[s];

      if (sw->tier == TF_TIER_BOARD)
        {
          g_assert_cmpuint (sw->container, <, g->n_board);
          d->board_of[g->n_chip + s] = sw->container;
          d->rack_of[g->n_chip + s] = g->board_rack[sw->container];
          d->pod_of[g->n_chip + s] = g->rack_pod[g->board_rack[sw->container]];
        }
      else if (sw->tier == TF_TIER_RACK)
        {
          d->rack_of[g->n_chip + s] = sw->container;
          d->pod_of[g->n_chip + s] = g->rack_pod[sw->container];
        }
      else if (sw->tier == TF_TIER_POD)
        d->pod_of[g->n_chip + s] = sw->container;
    }
  /* Every chip is on exactly one board. */
  for (guint n = 0; n < g->n_chip; n++)
    g_assert_cmpint (d->board_of[n], >=, 0);

  container[TF_SCENE_BOARD] = d->board_of;
  container[TF_SCENE_RACK] = d->rack_of;
  container[TF_SCENE_POD] = d->pod_of;
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      const guint32 ends[2] = { l->a, l->b };

      for (guint e = 0; e < 2; e++)
        {
          guint32 here = ends[e], there = ends[1 - e];

          if (here < g->n_chip)
            add_degree (d, TF_SCENE_CHIP, here, l->type, l->multiplicity);
          else
            add_degree (d, TF_SCENE_SWITCH, here - g->n_chip, l->type, l->multiplicity);
          /* A container counts the link when this end is inside it and the other is not. */
          for (TfSceneKind k = TF_SCENE_POD; k <= TF_SCENE_BOARD; k++)
            if (container[k][here] >= 0 && container[k][here] != container[k][there])
              add_degree (d, k, container[k][here], l->type, l->multiplicity);
        }
    }
}

/* The sweep reaches parallel links, several pods, datacenter and scale-up switches, so the
 * degree tests see the cases where counting by record, or placing a switch, would go wrong. */
static void
test_sweep_coverage (void)
{
  gboolean parallel = FALSE, pods = FALSE, datacenter = FALSE, pod_switch = FALSE;
  gboolean scale_up = FALSE;

  g_assert_cmpuint (cases->len, >=, 100);
  for (guint i = 0; i < cases->len; i++)
    {
      const TfNetworkGraph *g = tf_test_graph_case_graph (g_ptr_array_index (cases, i));

      pods |= g->n_pod > 1;
      for (guint s = 0; s < g->n_switch; s++)
        {
          datacenter |= g->switches[s].tier == TF_TIER_DATACENTER;
          pod_switch |= g->switches[s].tier == TF_TIER_POD;
          scale_up |= g->switches[s].tier == TF_TIER_BOARD;
        }
      for (guint l = 0; l < g->n_links; l++)
        parallel |= g->links[l].multiplicity > 1;
    }
  g_assert_true (parallel);
  g_assert_true (pods);
  g_assert_true (datacenter);
  g_assert_true (pod_switch);
  g_assert_true (scale_up);
}

static void
test_degree (gconstpointer data)
{
  const TfNetworkGraph *g = tf_test_graph_case_graph (data);
  g_autoptr(TfElementInfo) info = tf_element_info_new (g, case_context (data));
  Degrees d = { { NULL } };
  guint64 links = 0, at_nodes = 0;

  count_degrees (g, &d);
  for (TfSceneKind k = 0; k < TF_SCENE_N_KINDS; k++)
    for (guint i = 0; i < count_of (g, k); i++)
      {
        guint64 degree = tf_element_info_get_degree (info, k, i);

        if (degree != d.total[k][i])
          g_error ("%s %u: degree %" G_GUINT64_FORMAT ", counted %" G_GUINT64_FORMAT,
                   k == TF_SCENE_POD ? "pod" : k == TF_SCENE_RACK ? "rack"
                   : k == TF_SCENE_BOARD ? "board" : k == TF_SCENE_CHIP ? "chip" : "switch",
                   i, degree, d.total[k][i]);
      }

  /* Each physical link has two ends at nodes. */
  for (guint i = 0; i < g->n_links; i++)
    links += g->links[i].multiplicity;
  for (guint i = 0; i < g->n_chip; i++)
    at_nodes += tf_element_info_get_degree (info, TF_SCENE_CHIP, i);
  for (guint i = 0; i < g->n_switch; i++)
    at_nodes += tf_element_info_get_degree (info, TF_SCENE_SWITCH, i);
  g_assert_cmpuint (at_nodes, ==, 2 * links);

  /* Links between pods leave two pods; a graph of one pod leaves it only towards datacenter
   * switches, and one without any has a pod degree of 0. */
  if (g->n_pod == 1)
    {
      gboolean datacenter = FALSE;

      for (guint s = 0; s < g->n_switch; s++)
        datacenter |= g->switches[s].tier == TF_TIER_DATACENTER;
      if (!datacenter)
        g_assert_cmpuint (tf_element_info_get_degree (info, TF_SCENE_POD, 0), ==, 0);
    }
  degrees_clear (&d);
}

static void
test_switch_ports (gconstpointer data)
{
  const TfNetworkGraph *g = tf_test_graph_case_graph (data);
  g_autoptr(TfElementInfo) info = tf_element_info_new (g, case_context (data));

  for (guint s = 0; s < g->n_switch; s++)
    g_assert_cmpuint (tf_element_info_get_degree (info, TF_SCENE_SWITCH, s), ==,
                      g->switches[s].port_count);
}

/* @needle occurs in @text as a whole word: not inside a longer name or number. */
static gboolean
has_token (const char *text,
           const char *needle)
{
  gsize n = strlen (needle);

  for (const char *p = strstr (text, needle); p != NULL; p = strstr (p + 1, needle))
    {
      gboolean starts = p == text || !g_ascii_isalnum (p[-1]);
      gboolean ends = !g_ascii_isalnum (p[n]);

      if (starts && ends)
        return TRUE;
    }
  return FALSE;
}

static gboolean
has_token_printf (const char *text,
                  const char *format,
                  ...) G_GNUC_PRINTF (2, 3);

static gboolean
has_token_printf (const char *text,
                  const char *format,
                  ...)
{
  g_autofree char *needle = NULL;
  g_autofree char *lower = g_ascii_strdown (text, -1);
  g_autofree char *lower_needle = NULL;
  va_list args;

  va_start (args, format);
  needle = g_strdup_vprintf (format, args);
  va_end (args);
  lower_needle = g_ascii_strdown (needle, -1);
  return has_token (lower, lower_needle);
}

static void
assert_mentions (const char *text,
                 const char *what)
{
  if (!has_token (text, what))
    g_error ("\"%s\" does not mention %s", text, what);
}

/* Whatever the text says of a link type ("B2B 12"), the count is right, and together the
 * types it names add up to the degree. */
static void
assert_types (const char    *text,
              const guint64 *by_type,
              guint64        degree)
{
  guint64 named = 0;
  gboolean any = FALSE;

  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      const char *name = tf_link_type_to_string (t);

      for (const char *p = strstr (text, name); p != NULL; p = strstr (p + 1, name))
        {
          const char *q = p + strlen (name);
          char *end;
          guint64 n;

          while (*q == ' ' || *q == ':' || *q == '=')
            q++;
          if (!g_ascii_isdigit (*q))
            continue;
          n = g_ascii_strtoull (q, &end, 10);
          if (n != by_type[t])
            g_error ("\"%s\" says %s %" G_GUINT64_FORMAT "; counted %" G_GUINT64_FORMAT,
                     text, name, n, by_type[t]);
          named += n;
          any = TRUE;
          break;
        }
    }
  if (any)
    g_assert_cmpuint (named, ==, degree);
}

static void
test_describe (gconstpointer data)
{
  const TfNetworkGraph *g = tf_test_graph_case_graph (data);
  g_autoptr(TfElementInfo) info = tf_element_info_new (g, case_context (data));
  Degrees d = { { NULL } };

  count_degrees (g, &d);
  for (TfSceneKind k = 0; k < TF_SCENE_N_KINDS; k++)
    for (guint i = 0; i < count_of (g, k); i++)
      {
        g_autofree char *text = tf_element_info_describe (info, k, i);
        g_autofree char *degree = g_strdup_printf ("%" G_GUINT64_FORMAT, d.total[k][i]);
        g_autoptr(GString) id = g_string_new (NULL);

        g_assert_nonnull (text);
        g_assert_true (g_utf8_validate (text, -1, NULL));
        g_assert_cmpuint (strlen (text), >, 0);

        /* Its name as the graph writes it, or the container and its number. */
        switch (k)
          {
          case TF_SCENE_CHIP:
            tf_network_graph_append_node_name (g, i, id);
            break;
          case TF_SCENE_SWITCH:
            tf_network_graph_append_node_name (g, g->n_chip + i, id);
            g_assert_cmpstr (id->str, ==, g->switches[i].id);
            break;
          case TF_SCENE_BOARD:
            g_string_printf (id, "Board %u", i);
            break;
          case TF_SCENE_RACK:
            g_string_printf (id, "Rack %u", i);
            break;
          case TF_SCENE_POD:
          case TF_SCENE_N_KINDS:
          default:
            g_string_printf (id, "Pod %u", i);
            break;
          }
        assert_mentions (text, id->str);
        assert_mentions (text, degree);
        assert_types (text, &d.by_type[k][(gsize) i * TF_N_LINK_TYPES], d.total[k][i]);

        /* Where it sits: the containers above it. */
        if (k == TF_SCENE_CHIP)
          g_assert_true (has_token_printf (text, "board %" G_GINT64_FORMAT, d.board_of[i]));
        if (k == TF_SCENE_BOARD)
          {
            guint scale_up = 0;

            g_assert_true (has_token_printf (text, "rack %u", g->board_rack[i]));
            /* The scale-up switches joining its chips. */
            for (guint s = 0; s < g->n_switch; s++)
              scale_up += g->switches[s].tier == TF_TIER_BOARD && g->switches[s].container == i;
            g_assert_true (scale_up == 0 || has_token_printf (text, "%u scale-up", scale_up));
            g_assert_true (scale_up > 0 || !has_token (text, "scale-up"));
          }
        if (k == TF_SCENE_CHIP)
          g_assert_true (has_token_printf (text, "rack %" G_GINT64_FORMAT, d.rack_of[i]));
        if (k == TF_SCENE_SWITCH && d.board_of[g->n_chip + i] >= 0)
          {
            g_assert_true (has_token_printf (text, "board %" G_GINT64_FORMAT,
                                             d.board_of[g->n_chip + i]));
            g_assert_true (has_token (text, "scale-up"));
          }
        if (k == TF_SCENE_SWITCH && d.rack_of[g->n_chip + i] >= 0)
          g_assert_true (has_token_printf (text, "rack %" G_GINT64_FORMAT,
                                           d.rack_of[g->n_chip + i]));
        if (k == TF_SCENE_CHIP || k == TF_SCENE_SWITCH)
          {
            gint64 pod = d.pod_of[k == TF_SCENE_CHIP ? i : g->n_chip + i];

            if (pod >= 0)
              g_assert_true (has_token_printf (text, "pod %" G_GINT64_FORMAT, pod));
          }
        if (k == TF_SCENE_BOARD)
          g_assert_true (has_token_printf (text, "pod %u", g->rack_pod[g->board_rack[i]]));
        if (k == TF_SCENE_RACK)
          g_assert_true (has_token_printf (text, "pod %u", g->rack_pod[i]));
      }
  degrees_clear (&d);
}

/* The sum of the links at switches of tier @a whose other end is a switch of tier @b. */
static guint64
links_between_tiers (const TfNetworkGraph *g,
                     TfTier                a,
                     TfTier                b)
{
  guint64 n = 0;

  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];

      if (l->a < g->n_chip || l->b < g->n_chip)
        continue;
      if ((g->switches[l->a - g->n_chip].tier == a && g->switches[l->b - g->n_chip].tier == b)
          || (g->switches[l->a - g->n_chip].tier == b && g->switches[l->b - g->n_chip].tier == a))
        n += l->multiplicity;
    }
  return n;
}

/* A 3-layer fat-tree without links on the boards, its groups in pods of their own, where what
 * leaves each level can be told from the tiers alone: chips' links leave their boards (to the
 * rack switch), rack switches' uplinks leave the racks, pod switches' uplinks leave the pods. */
static void
test_fat_tree_levels (void)
{
  const TfNetworkGraph *g = NULL;
  const TfTestGraphCase *found = NULL;
  g_autoptr(TfElementInfo) info = NULL;
  guint64 sum[TF_SCENE_N_KINDS] = { 0 };

  for (guint i = 0; i < cases->len && g == NULL; i++)
    {
      const TfTestGraphCase *c = g_ptr_array_index (cases, i);

      if (c->spread_pods && g_str_has_prefix (c->name, "n512/inter-rack/none/r2/fat-tree:layers=3"))
        {
          found = c;
          g = tf_test_graph_case_graph (c);
        }
    }
  g_assert_nonnull (g);
  info = tf_element_info_new (g, &found->topology.context);
  g_assert_cmpuint (g->n_pod, >, 1);
  for (TfSceneKind k = 0; k < TF_SCENE_N_KINDS; k++)
    for (guint i = 0; i < count_of (g, k); i++)
      sum[k] += tf_element_info_get_degree (info, k, i);
  g_assert_cmpuint (sum[TF_SCENE_BOARD], >, 0);
  g_assert_cmpuint (sum[TF_SCENE_BOARD], ==, sum[TF_SCENE_CHIP]);
  g_assert_cmpuint (sum[TF_SCENE_RACK], >, 0);
  g_assert_cmpuint (sum[TF_SCENE_RACK], ==, links_between_tiers (g, TF_TIER_RACK, TF_TIER_POD));
  g_assert_cmpuint (sum[TF_SCENE_POD], >, 0);
  g_assert_cmpuint (sum[TF_SCENE_POD], ==,
                    links_between_tiers (g, TF_TIER_POD, TF_TIER_DATACENTER));
}

/* Budgets and power over the sweep. */
static void
test_budgets (gconstpointer data)
{
  const TfTestGraphCase *c = data;
  const TfNetworkGraph *g = tf_test_graph_case_graph (c);
  const TfContext *ctx = case_context (data);
  g_autoptr(TfElementInfo) info = tf_element_info_new (g, ctx);
  g_autofree double *gbps = g_new0 (double, MAX (g->n_links, 1));
  g_autofree double *at_node = g_new0 (double, MAX (g->n_chip + g->n_switch, 1));
  g_autofree double *rack_w = g_new0 (double, MAX (g->n_rack, 1));
  double most = 0, chip_w = ctx->chip.power_w + ctx->chip.host_w;

  /* What the links at each node carry, by the engine's rule. */
  tf_network_graph_link_gbps (g, ctx, gbps);
  for (guint i = 0; i < g->n_links; i++)
    {
      at_node[g->links[i].a] += gbps[i];
      at_node[g->links[i].b] += gbps[i];
    }
  for (guint n = 0; n < g->n_chip; n++)
    g_assert_cmpfloat_with_epsilon (tf_element_info_get_gbps (info, TF_SCENE_CHIP, n),
                                    at_node[n], 1e-9 * MAX (at_node[n], 1));
  for (guint s = 0; s < g->n_switch; s++)
    g_assert_cmpfloat_with_epsilon (tf_element_info_get_gbps (info, TF_SCENE_SWITCH, s),
                                    at_node[g->n_chip + s],
                                    1e-9 * MAX (at_node[g->n_chip + s], 1));

  /* A switch draws its ports; a board its chips and its scale-up switches; a rack its boards
   * and its rack switches. */
  for (guint b = 0; b < g->n_board; b++)
    {
      double board_w = g->chips_per_board * chip_w;

      for (guint s = 0; s < g->n_switch; s++)
        if (g->switches[s].tier == TF_TIER_BOARD && g->switches[s].container == b)
          board_w += g->switches[s].port_count * ctx->switch_defaults.power_w_per_port;
      g_assert_cmpfloat_with_epsilon (tf_element_info_get_power_w (info, TF_SCENE_BOARD, b),
                                      board_w, 1e-9 * board_w);
      rack_w[g->board_rack[b]] += board_w;
    }
  for (guint s = 0; s < g->n_switch; s++)
    {
      double w = g->switches[s].port_count * ctx->switch_defaults.power_w_per_port;

      g_assert_cmpfloat (tf_element_info_get_power_w (info, TF_SCENE_SWITCH, s), ==, w);
      if (g->switches[s].tier == TF_TIER_RACK)
        rack_w[g->switches[s].container] += w;
    }
  for (guint r = 0; r < g->n_rack; r++)
    {
      double w = tf_element_info_get_power_w (info, TF_SCENE_RACK, r);
      g_autofree char *text = tf_element_info_describe (info, TF_SCENE_RACK, r);

      g_assert_cmpfloat_with_epsilon (w, rack_w[r], 1e-9 * rack_w[r]);
      most = MAX (most, w);
      /* Each rack is said against the budget. */
      if (w / 1000 > ctx->rack.power_kw)
        g_assert_nonnull (strstr (text, "over its"));
      else
        g_assert_nonnull (strstr (text, " of 40\u00a0kW"));
    }
  g_assert_cmpfloat (ctx->rack.power_kw, ==, 40);
  /* The fullest rack is the metric. */
  g_assert_cmpfloat_with_epsilon (most / 1000, c->topology.result.metrics.rack_power_kw,
                                  1e-9 * most);
  for (TfSceneKind k = TF_SCENE_POD; k <= TF_SCENE_RACK; k++)
    for (guint i = 0; i < count_of (g, k); i++)
      g_assert_cmpfloat (tf_element_info_get_gbps (info, k, i), ==, 0);
  for (guint i = 0; i < g->n_pod; i++)
    g_assert_cmpfloat (tf_element_info_get_power_w (info, TF_SCENE_POD, i), ==, 0);
}

/* A topology of @id generated in @ctx. */
static TfTopology *
generate (const TfContext *ctx,
          const char      *id)
{
  TfTopology *t = g_new0 (TfTopology, 1);
  g_autoptr(GError) error = NULL;

  if (!tf_generate (ctx, id, NULL, NULL, t, &error))
    g_error ("%s: %s", id, error->message);
  return t;
}

static void
topology_free (TfTopology *t)
{
  tf_topology_clear (t);
  g_free (t);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TfTopology, topology_free)

/* The description of element @index of @kind, its no-break spaces (between a number and its
 * unit) made plain spaces and its word joiners (in "GB/s") dropped, so the expected lines read
 * as written. */
static char *
describe (const TfTopology *t,
          TfSceneKind       kind,
          guint             index)
{
  g_autoptr(TfElementInfo) info = tf_element_info_new (&t->graph, &t->context);
  g_autofree char *text = tf_element_info_describe (info, kind, index);
  g_auto(GStrv) parts = g_strsplit (text, "\u00a0", -1);
  g_autofree char *spaced = g_strjoinv (" ", parts);
  g_auto(GStrv) joined = g_strsplit (spaced, "\u2060", -1);

  return g_strjoinv ("", joined);
}

/* @text has @line as one of its lines, whole. */
static void
assert_line (const char *text,
             const char *line)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  if (!g_strv_contains ((const char *const *) lines, line))
    g_error ("\"%s\" has no line \"%s\"", text, line);
}

static void
assert_no_line_starting (const char *text,
                         const char *start)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], start))
      g_error ("\"%s\" has a line \"%s\"", text, lines[i]);
}

static TfContext
context (guint            n_chip,
         TfScope          scope,
         TfIntraBoardTopo topo)
{
  TfContext ctx;

  tf_context_init (&ctx);
  ctx.n_chip = n_chip;
  ctx.scope = scope;
  ctx.intra_board_topo = topo;
  return ctx;
}

/* One board of 8 generic chips in a full mesh, each chip also on the one switch. */
static void
test_full_mesh_board (void)
{
  TfContext ctx = context (8, TF_SCOPE_INTRA_RACK, TF_INTRA_BOARD_FULL_MESH);
  g_autoptr(TfTopology) t = generate (&ctx, "single-switch:n_endpoint=1");
  g_autofree char *chip = NULL, *sw = NULL, *board = NULL, *rack = NULL;

  g_assert_cmpuint (t->graph.n_board, ==, 1);
  g_assert_cmpuint (t->graph.n_switch, ==, 1);
  chip = describe (t, TF_SCENE_CHIP, 0);
  /* A chip drives 7 board links: 900 / 7 = 128.57 GB/s each, 7 x 900 / 7 = 900 in all. */
  assert_line (chip, "Chip-to-chip 7 links, 128.6 GB/s each, 900 of 900 GB/s");
  /* One NIC link to the switch, the slower of NIC port (50) and switch port (50). */
  assert_line (chip, "NIC 1 link, 50 GB/s");
  sw = describe (t, TF_SCENE_SWITCH, 0);
  /* 8 chips' links of 50 GB/s: 400 GB/s; 8 ports x 12 W = 96 W. */
  assert_line (sw, "Degree 8 of 8 ports (B2B 8)");
  assert_line (sw, "Bandwidth 400 GB/s in all");
  assert_line (sw, "Power 96 W (8 ports × 12 W)");
  /* The board: 8 x (1,000 + 600) W = 12,800 W. */
  board = describe (t, TF_SCENE_BOARD, 0);
  assert_line (board, "Power 12.8 kW");
  /* The rack: 12,800 + the switch's 96 W = 12,896 W, 12.9 kW of the 40 kW air budget. */
  rack = describe (t, TF_SCENE_RACK, 0);
  assert_line (rack, "Power 12.9 of 40 kW");
  assert_line (rack, "Boards 12.8 kW, switches 96 W");
  g_assert_cmpfloat_with_epsilon (t->result.metrics.rack_power_kw, 12.896, 1e-9);
}

/* The same board under a 10 kW budget: the rack's 12.9 kW is over it. */
static void
test_over_budget (void)
{
  TfContext ctx = context (8, TF_SCOPE_INTRA_RACK, TF_INTRA_BOARD_FULL_MESH);
  g_autoptr(TfTopology) t = NULL;
  g_autofree char *rack = NULL;

  ctx.rack.power_kw = 10;
  t = generate (&ctx, "single-switch:n_endpoint=1");
  rack = describe (t, TF_SCENE_RACK, 0);
  assert_line (rack, "Power 12.9 kW, over its 10 kW budget");
  /* Without a budget, only the figure. */
  t->context.rack.power_kw = TF_RACK_POWER_KW_MAX;
  g_free (rack);
  rack = describe (t, TF_SCENE_RACK, 0);
  assert_line (rack, "Power 12.9 kW");
}

/* H100s (450 GB/s in 18 NVLinks, 700 + 575 W) on the same board: a chip's 7 links take
 * floor(18 / 7) = 2 NVLinks each, 2 x 450 / 18 = 50 GB/s, 7 x 50 = 350 of 450 GB/s (4 idle). */
static void
test_h100_board (void)
{
  TfContext ctx = context (8, TF_SCOPE_INTRA_RACK, TF_INTRA_BOARD_FULL_MESH);
  g_autoptr(TfTopology) t = NULL;
  g_autofree char *chip = NULL, *rack = NULL;

  tf_context_set_chip_preset (&ctx, tf_chip_preset_lookup ("h100"));
  t = generate (&ctx, "single-switch:n_endpoint=1");
  chip = describe (t, TF_SCENE_CHIP, 3);
  assert_line (chip, "Chip-to-chip 7 links, 50 GB/s each, 350 of 450 GB/s");
  assert_line (chip, "NIC 1 link, 50 GB/s");
  /* 8 x (700 + 575) = 10,200 W (a DGX H100), + 8 ports x 12 W = 10,296 W. */
  rack = describe (t, TF_SCENE_RACK, 0);
  assert_line (rack, "Power 10.3 of 40 kW");
  assert_line (rack, "Boards 10.2 kW, switches 96 W");
}

/* A board of 8 chips joined by scale-up switches: each chip's 18 links spread over the fewest
 * 72-port switches that hold 8 x 18 = 144 links, two of 72 ports. */
static void
test_scale_up_board (void)
{
  TfContext ctx = context (8, TF_SCOPE_INTRA_RACK, TF_INTRA_BOARD_SWITCH);
  g_autoptr(TfTopology) t = generate (&ctx, "single-switch:n_endpoint=1");
  g_autofree char *chip = NULL, *board = NULL, *rack = NULL;
  guint scale_up = G_MAXUINT, leaf = G_MAXUINT;

  for (guint s = 0; s < t->graph.n_switch; s++)
    if (t->graph.switches[s].tier == TF_TIER_BOARD)
      scale_up = s;
    else
      leaf = s;
  g_assert_cmpuint (t->graph.n_switch, ==, 3);
  g_assert_cmpuint (scale_up, <, 3);
  g_assert_cmpuint (leaf, <, 3);
  chip = describe (t, TF_SCENE_CHIP, 0);
  /* 900 / 18 = 50 GB/s a link, 18 x 50 = 900. */
  assert_line (chip, "Chip-to-chip 18 links, 50 GB/s each, 900 of 900 GB/s");
  assert_line (chip, "NIC 1 link, 50 GB/s");
  {
    g_autofree char *sw = describe (t, TF_SCENE_SWITCH, scale_up);

    /* 72 ports of 50 GB/s: 3,600 GB/s; 72 x 12 = 864 W. */
    assert_line (sw, "Bandwidth 3,600 GB/s in all");
    assert_line (sw, "Power 864 W (72 ports × 12 W)");
  }
  /* The board: 8 x 1,600 + 2 x 864 = 14,528 W; the rack adds the 8-port switch's 96 W:
   * 14,624 W. */
  board = describe (t, TF_SCENE_BOARD, 0);
  assert_line (board, "Power 14.5 kW");
  rack = describe (t, TF_SCENE_RACK, 0);
  assert_line (rack, "Power 14.6 of 40 kW");
  assert_line (rack, "Boards 14.5 kW, switches 96 W");
  g_assert_cmpfloat_with_epsilon (t->result.metrics.rack_power_kw, 14.624, 1e-9);
}

/* A 4x4x4 torus of single-chip boards: six neighbours, 900 / 6 = 150 GB/s each; no switch, so
 * no NIC line. 64 boards of 1,600 W: a rack holds min(16, floor(40,000 / 1,600) = 25) = 16 of
 * them, 25.6 kW, in 4 racks. With two parallel links a neighbour, 12 links of 75 GB/s. */
static void
test_torus (void)
{
  TfContext ctx = context (64, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_autoptr(TfTopology) t = generate (&ctx, "torus:dimension_sizes=4x4x4,board_shape=1x1x1");
  g_autoptr(TfTopology) doubled = NULL;
  g_autofree char *chip = describe (t, TF_SCENE_CHIP, 21);
  g_autofree char *rack = NULL, *chip2 = NULL;

  assert_line (chip, "Chip-to-chip 6 links, 150 GB/s each, 900 of 900 GB/s");
  assert_no_line_starting (chip, "NIC");
  g_assert_cmpuint (t->graph.n_rack, ==, 4);
  for (guint r = 0; r < 4; r++)
    {
      g_free (rack);
      rack = describe (t, TF_SCENE_RACK, r);
      assert_line (rack, "Power 25.6 of 40 kW");
      /* No rack switches, no split. */
      assert_no_line_starting (rack, "Boards");
    }
  g_assert_cmpfloat_with_epsilon (t->result.metrics.rack_power_kw, 25.6, 1e-9);

  ctx.chip_radix = 2;
  doubled = generate (&ctx, "torus:dimension_sizes=4x4x4,board_shape=1x1x1");
  chip2 = describe (doubled, TF_SCENE_CHIP, 0);
  assert_line (chip2, "Chip-to-chip 12 links, 75 GB/s each, 900 of 900 GB/s");
}

/* A 2-layer fat-tree of k = 16 over 128 boards of 2 chips: a leaf has 8 boards (16 chip links)
 * down and 16 uplinks, all at 50 GB/s: 32 x 50 = 1,600 GB/s, 32 x 12 = 384 W. Its rack holds
 * its 8 boards, 8 x 2 x 1,600 = 25,600 W, and it: 25,984 W; the spines stand elsewhere. */
static void
test_fat_tree_leaf (void)
{
  TfContext ctx = context (256, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_autoptr(TfTopology) t = generate (&ctx, "fat-tree:layers=2,k=16,osr=1,n_endpoint=128");
  g_autofree char *chip = describe (t, TF_SCENE_CHIP, 0);
  g_autofree char *rack = describe (t, TF_SCENE_RACK, 0);
  guint leaf = G_MAXUINT;

  for (guint s = 0; s < t->graph.n_switch && leaf == G_MAXUINT; s++)
    if (t->graph.switches[s].tier == TF_TIER_RACK && t->graph.switches[s].container == 0)
      leaf = s;
  g_assert_cmpuint (leaf, <, t->graph.n_switch);
  {
    g_autofree char *sw = describe (t, TF_SCENE_SWITCH, leaf);

    assert_line (sw, "Bandwidth 1,600 GB/s in all");
    assert_line (sw, "Power 384 W (32 ports × 12 W)");
  }
  /* No board links: a chip has its NIC link only. */
  assert_line (chip, "NIC 1 link, 50 GB/s");
  assert_no_line_starting (chip, "Chip-to-chip");
  assert_line (rack, "Power 26 of 40 kW");
  assert_line (rack, "Boards 25.6 kW, switches 384 W");
  g_assert_cmpfloat_with_epsilon (t->result.metrics.rack_power_kw, 25.984, 1e-9);
}

/* A hand-written chain, chip0 - chip1 - chip2 and chip2 to chip3 and chip4: chip0, chip3 and
 * chip4 have one link (a share of 900), chip1 two (450), chip2 three (300). A link runs at the
 * smaller share: 0-1 at 450, 1-2, 2-3 and 2-4 at 300. So chip1's two links carry 450 + 300 =
 * 750 of 900 in all, chip2's three 300 each, chip0's one 450. */
static void
test_uneven_links (void)
{
  static const char yaml[] =
    "metadata:\n"
    "  context: {n_chip: 5, scope: intra-rack}\n"
    "boardGrouping:\n"
    "  pods:\n"
    "  - id: 0\n"
    "    racks:\n"
    "    - id: 0\n"
    "      boards:\n"
    "      - {id: 0, chips: [0]}\n"
    "      - {id: 1, chips: [1]}\n"
    "      - {id: 2, chips: [2]}\n"
    "      - {id: 3, chips: [3]}\n"
    "      - {id: 4, chips: [4]}\n"
    "network:\n"
    "  switches: []\n"
    "  links:\n"
    "  - {a: chip0, b: chip1, type: C2C, reach: rack, multiplicity: 1}\n"
    "  - {a: chip1, b: chip2, type: C2C, reach: rack, multiplicity: 1}\n"
    "  - {a: chip2, b: chip3, type: C2C, reach: rack, multiplicity: 1}\n"
    "  - {a: chip2, b: chip4, type: C2C, reach: rack, multiplicity: 1}\n";
  g_autoptr(TfTopology) t = g_new0 (TfTopology, 1);
  g_autoptr(GError) error = NULL;
  g_autofree char *chip0 = NULL, *chip1 = NULL, *chip2 = NULL, *rack = NULL;

  g_assert_true (tf_topology_load_data ("chain.yaml", yaml, strlen (yaml), NULL, t, &error));
  g_assert_no_error (error);
  chip0 = describe (t, TF_SCENE_CHIP, 0);
  chip1 = describe (t, TF_SCENE_CHIP, 1);
  chip2 = describe (t, TF_SCENE_CHIP, 2);
  assert_line (chip0, "Chip-to-chip 1 link, 450 of 900 GB/s");
  assert_line (chip1, "Chip-to-chip 2 links, 750 of 900 GB/s in all");
  assert_line (chip2, "Chip-to-chip 3 links, 300 GB/s each, 900 of 900 GB/s");
  /* Five boards of one chip: 5 x 1,600 = 8,000 W; a file without defaults.rack sets no
   * budget, so there is none to compare with. */
  g_assert_cmpfloat (t->context.rack.power_kw, >=, TF_RACK_POWER_KW_MAX);
  rack = describe (t, TF_SCENE_RACK, 0);
  assert_line (rack, "Power 8 kW");

  /* A per-link figure of 400 GB/s set for C2C: chip2's three links carry 1,200, more than
   * its 900. */
  t->context.defaults[TF_LINK_C2C].bandwidth_gbps = 400;
  g_free (chip2);
  chip2 = describe (t, TF_SCENE_CHIP, 2);
  assert_line (chip2, "Chip-to-chip 3 links, 400 GB/s each, 1,200 of 900 GB/s");
  assert_line (chip2, "Over the chip's 900 GB/s: bandwidth set per link");
  g_free (chip0);
  chip0 = describe (t, TF_SCENE_CHIP, 0);
  assert_no_line_starting (chip0, "Over");
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  cases = tf_test_graph_cases_new ();

  g_test_add_func ("/app/element-info/sweep-coverage", test_sweep_coverage);
  g_test_add_func ("/app/element-info/fat-tree-levels", test_fat_tree_levels);
  tf_test_graph_cases_add (cases, "/app/element-info/degree", test_degree);
  tf_test_graph_cases_add (cases, "/app/element-info/switch-ports", test_switch_ports);
  tf_test_graph_cases_add (cases, "/app/element-info/describe", test_describe);
  tf_test_graph_cases_add (cases, "/app/element-info/budgets", test_budgets);
  g_test_add_func ("/app/element-info/full-mesh-board", test_full_mesh_board);
  g_test_add_func ("/app/element-info/over-budget", test_over_budget);
  g_test_add_func ("/app/element-info/h100-board", test_h100_board);
  g_test_add_func ("/app/element-info/scale-up-board", test_scale_up_board);
  g_test_add_func ("/app/element-info/torus", test_torus);
  g_test_add_func ("/app/element-info/fat-tree-leaf", test_fat_tree_leaf);
  g_test_add_func ("/app/element-info/uneven-links", test_uneven_links);

  status = g_test_run ();
  g_ptr_array_unref (cases);
  return status;
}
