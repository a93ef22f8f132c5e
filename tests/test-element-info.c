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
 */
#include <string.h>

#include "test-graph-cases.h"
#include "test-util.h"
#include "tf-element-info.h"


static GPtrArray *cases;

static guint
count_of (const TfNetworkGraph *g,
          TfSceneKind           kind)
{
  const guint counts[] = { g->n_pod, g->n_rack, g->n_board, g->n_chip, g->n_switch };

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
  g_autoptr(TfElementInfo) info = tf_element_info_new (g);
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
  g_autoptr(TfElementInfo) info = tf_element_info_new (g);

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
  g_autoptr(TfElementInfo) info = tf_element_info_new (g);
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
  g_autoptr(TfElementInfo) info = NULL;
  guint64 sum[TF_SCENE_N_KINDS] = { 0 };

  for (guint i = 0; i < cases->len && g == NULL; i++)
    {
      const TfTestGraphCase *c = g_ptr_array_index (cases, i);

      if (c->spread_pods && g_str_has_prefix (c->name, "n512/inter-rack/none/r2/fat-tree:layers=3"))
        g = tf_test_graph_case_graph (c);
    }
  g_assert_nonnull (g);
  info = tf_element_info_new (g);
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

  status = g_test_run ();
  g_ptr_array_unref (cases);
  return status;
}
