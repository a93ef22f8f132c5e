/* SPDX-License-Identifier: GPL-3.0-or-later */
/* export-astra-sim.c: a topology as ASTRA-sim's analytical network (its network YAML: one
 * building block per dimension).
 *
 * ASTRA-sim describes a network as dimensions, each a Ring, a FullyConnected group or a Switch
 * of npus_count NPUs, NPU k sitting at the digits of k with the first dimension fastest. A
 * topology is written when it is exactly that:
 * - a graph of chips alone on its family's lattice (topoforge.h, TfChipLattice: a torus, a
 *   hypercube, a ring or a full mesh of boards whose chips are linked), every link joining two
 *   chips that differ in one coordinate, and along each dimension of more than one place every
 *   chip linked to its two neighbours (a Ring) or to every other chip of its line (a
 *   FullyConnected group; also a dimension of 2, one link); chip k is then NPU k;
 * - or one switch holding every chip by one link, and no other link: a Switch;
 * - or boards of scale-up switches (intra_board_topo = switch): a Switch of each board's chips
 *   (chip k on board k / C_board, as NPU k sits at k mod C_board along it), its bandwidth a
 *   chip's links to all of its board's scale-up switches together, as ASTRA-sim gives an NPU one
 *   link to a Switch; with more than one board, under a Switch of the boards: one switch holding
 *   every chip by one link, every chip of a line of that dimension on it, as a DGX cluster is
 *   written.
 * Anything else (a fat-tree, a dragonfly, an edited graph) is refused with a message naming the
 * exports that take any graph. ASTRA-sim gives a dimension one bandwidth and one latency: a
 * dimension whose links differ is written with its slowest bandwidth and its largest latency,
 * and a comment says so. Its GB is 2^30 bytes, so bandwidths are converted from Topoforge's
 * 10^9-byte GB/s. A Switch link's latency carries half the switch's, as in the SimGrid export.
 */
#include <string.h>

#include "names-private.h"
#include "graph-private.h"

#define GIB_PER_GB (1e9 / 1073741824.0)

typedef enum
{
  KIND_NONE,
  KIND_RING,
  KIND_FULLY_CONNECTED,
  KIND_SWITCH,
} Kind;

TF_STATIC_NAMES (kind_names,
  [KIND_RING] = "Ring", [KIND_FULLY_CONNECTED] = "FullyConnected", [KIND_SWITCH] = "Switch",
);

typedef struct
{
  Kind    kind;
  guint32 size;
  double  gbps_min, gbps_max, ns_min, ns_max;
} Dimension;

static void
dimension_add (Dimension *dim,
               double     gbps,
               double     ns)
{
  dim->gbps_min = MIN (dim->gbps_min, gbps);
  dim->gbps_max = MAX (dim->gbps_max, gbps);
  dim->ns_min = MIN (dim->ns_min, ns);
  dim->ns_max = MAX (dim->ns_max, ns);
}

/* What each link carries (tf_network_graph_link_gbps). */
static double *
dup_link_gbps (const TfTopology *topology)
{
  double *gbps = g_new (double, MAX (topology->graph.n_links, 1));

  tf_network_graph_link_gbps (&topology->graph, &topology->context, gbps);
  return gbps;
}

/* The dimensions of a graph of chips alone on @lattice, or FALSE with the reason in @why. */
static gboolean
lattice_dimensions (const TfTopology *topology,
                    Dimension        *dims,
                    GString          *why)
{
  g_autofree double *link_gbps = dup_link_gbps (topology);
  const TfNetworkGraph *g = &topology->graph;
  const TfChipLattice *lat = &topology->lattice;
  guint32 stride[TF_LATTICE_MAX_DIMS];
  guint64 places = 1, expected = 0;

  if (lat->n_dims == 0 || lat->n_dims > TF_LATTICE_MAX_DIMS)
    {
      g_string_append (why, "it is no family's lattice of chips");
      return FALSE;
    }
  for (guint d = 0; d < lat->n_dims; d++)
    {
      stride[d] = (guint32) places;
      places *= lat->dims[d];
      dims[d] = (Dimension) { KIND_NONE, lat->dims[d], G_MAXDOUBLE, 0, G_MAXDOUBLE, 0 };
    }
  if (places != g->n_chip)
    {
      g_string_append (why, "its lattice does not hold its chips");
      return FALSE;
    }

  /* Each link joins two chips that differ in one coordinate; the gap there says the kind. */
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      TfLinkDefaults ld = tf_context_link_defaults (&topology->context, l->type, l->reach);
      guint differ = 0, d_link = 0;
      guint32 gap = 0;

      for (guint d = 0; d < lat->n_dims; d++)
        {
          guint32 x = l->a / stride[d] % lat->dims[d], y = l->b / stride[d] % lat->dims[d];

          if (x != y)
            {
              differ++;
              d_link = d;
              gap = MIN ((x + lat->dims[d] - y) % lat->dims[d],
                         (y + lat->dims[d] - x) % lat->dims[d]);
            }
        }
      if (differ != 1)
        {
          g_string_append_printf (why, "chip%u and chip%u are linked across two dimensions",
                                  l->a, l->b);
          return FALSE;
        }
      if (gap > 1 || lat->dims[d_link] <= 3)
        dims[d_link].kind = KIND_FULLY_CONNECTED;
      else if (dims[d_link].kind == KIND_NONE)
        dims[d_link].kind = KIND_RING;
      dimension_add (&dims[d_link], link_gbps[i], ld.latency_ns);
    }

  /* A ring's n links per line, a full group's n (n - 1) / 2: all of them, as link records are
   * one per pair. */
  for (guint d = 0; d < lat->n_dims; d++)
    {
      guint64 s = lat->dims[d], lines = g->n_chip / s;

      if (s == 1)
        continue;
      if (dims[d].kind == KIND_NONE)
        {
          g_string_append_printf (why, "the chips along its dimension %u are not linked", d);
          return FALSE;
        }
      expected += lines * (dims[d].kind == KIND_RING ? s : s * (s - 1) / 2);
    }
  if (expected != g->n_links)
    {
      g_string_append_printf (why, "it has %u links where rings and full groups along its "
                              "dimensions would have %" G_GUINT64_FORMAT, g->n_links, expected);
      return FALSE;
    }
  return TRUE;
}

static guint
count_scale_up_switches (const TfNetworkGraph *g)
{
  guint n = 0;

  for (guint s = 0; s < g->n_switch; s++)
    n += g->switches[s].tier == TF_TIER_BOARD;
  return n;
}

/* One Switch dimension of the chips on one switch each, the links at scale-up switches left
 * out (@scale_up FALSE) or alone (TRUE): a chip's links there add up. */
static gboolean
switch_dimension (const TfTopology *topology,
                  gboolean          scale_up,
                  guint32           size,
                  Dimension        *dim,
                  GString          *why)
{
  g_autofree double *link_gbps = dup_link_gbps (topology);
  const TfNetworkGraph *g = &topology->graph;
  double half = 0.5 * topology->context.switch_defaults.latency_ns;
  g_autofree double *gbps = g_new0 (double, MAX (g->n_chip, 1));
  g_autofree double *ns = g_new0 (double, MAX (g->n_chip, 1));
  g_autofree guint32 *chip_switch = g_new (guint32, MAX (g->n_chip, 1));
  guint32 the_switch = G_MAXUINT32;

  *dim = (Dimension) { KIND_SWITCH, size, G_MAXDOUBLE, 0, G_MAXDOUBLE, 0 };
  for (guint32 c = 0; c < g->n_chip; c++)
    chip_switch[c] = G_MAXUINT32;
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      TfLinkDefaults ld = tf_context_link_defaults (&topology->context, l->type, l->reach);
      gboolean at_scale_up = l->b >= g->n_chip
                             && g->switches[l->b - g->n_chip].tier == TF_TIER_BOARD;

      if (at_scale_up != scale_up)
        continue;
      if (l->b < g->n_chip)
        {
          g_string_append_printf (why, "chip%u and chip%u are linked directly as well", l->a,
                                  l->b);
          return FALSE;
        }
      /* Off the boards, one switch; on them, chip k's own board's (the invariants). */
      if (!scale_up && the_switch != G_MAXUINT32 && l->b != the_switch)
        {
          g_string_append_printf (why, "beyond its boards' scale-up switches it is a fabric of "
                                  "%u switches, where a Switch dimension is one",
                                  g->n_switch - count_scale_up_switches (g));
          return FALSE;
        }
      if (!scale_up && chip_switch[l->a] != G_MAXUINT32)
        {
          g_string_append_printf (why, "chip%u is on its switch by more than one link record",
                                  l->a);
          return FALSE;
        }
      the_switch = l->b;
      chip_switch[l->a] = l->b;
      gbps[l->a] += link_gbps[i];
      ns[l->a] = MAX (ns[l->a], ld.latency_ns + half);
    }
  for (guint32 c = 0; c < g->n_chip; c++)
    {
      if (chip_switch[c] == G_MAXUINT32)
        {
          g_string_append_printf (why, "chip%u is on no %s", c,
                                  scale_up ? "scale-up switch" : "switch beyond its board");
          return FALSE;
        }
      dimension_add (dim, gbps[c], ns[c]);
    }
  return TRUE;
}

/* Boards of scale-up switches: a Switch of each board's chips, under a Switch of the boards
 * when there are more. */
static guint
scale_up_dimensions (const TfTopology *topology,
                     Dimension        *dims,
                     GString          *why)
{
  const TfNetworkGraph *g = &topology->graph;
  guint c = g->chips_per_board;

  for (guint64 i = 0; i < (guint64) g->n_board * c; i++)
    if (g->board_chips[i] / c != i / c)
      {
        g_string_append_printf (why, "chip%u is on board %u, where a Switch dimension of %u NPUs "
                                "has NPU %u on board %u", g->board_chips[i], (guint) (i / c), c,
                                g->board_chips[i], g->board_chips[i] / c);
        return 0;
      }
  if (!switch_dimension (topology, TRUE, c, &dims[0], why))
    return 0;
  if (g->n_board == 1)
    {
      for (guint i = 0; i < g->n_links; i++)
        if (g->links[i].b < g->n_chip
            || g->switches[g->links[i].b - g->n_chip].tier != TF_TIER_BOARD)
          {
            g_string_append (why, "its one board's chips are linked beyond its scale-up "
                             "switches as well");
            return 0;
          }
      return 1;
    }
  return switch_dimension (topology, FALSE, g->n_board, &dims[1], why) ? 2 : 0;
}

gboolean
tf_topology_write_astra_sim (const TfTopology  *topology,
                             GString           *out,
                             GError           **error)
{
  g_autofree double *link_gbps = dup_link_gbps (topology);
  const TfNetworkGraph *g;
  Dimension dims[TF_LATTICE_MAX_DIMS];
  guint n_dims = 0;
  g_autoptr(GString) why = g_string_new (NULL);
  g_autoptr(GString) kinds = g_string_new (NULL), sizes = g_string_new (NULL);
  g_autoptr(GString) bandwidths = g_string_new (NULL), latencies = g_string_new (NULL);
  g_autoptr(GString) notes = g_string_new (NULL);

  g_return_val_if_fail (topology != NULL && out != NULL, FALSE);

  g = &topology->graph;
  if (count_scale_up_switches (g) > 0)
    n_dims = scale_up_dimensions (topology, dims, why);
  else if (g->n_switch == 1)
    {
      double half = 0.5 * topology->context.switch_defaults.latency_ns;

      dims[0] = (Dimension) { KIND_SWITCH, g->n_chip, G_MAXDOUBLE, 0, G_MAXDOUBLE, 0 };
      n_dims = 1;
      for (guint i = 0; i < g->n_links && n_dims == 1; i++)
        {
          const TfLink *l = &g->links[i];
          TfLinkDefaults ld = tf_context_link_defaults (&topology->context, l->type, l->reach);

          if (l->a >= g->n_chip || l->b < g->n_chip)
            {
              g_string_append (why, "its chips are linked to each other as well as to its "
                               "switch");
              n_dims = 0;
            }
          else
            dimension_add (&dims[0], link_gbps[i], ld.latency_ns + half);
        }
      if (n_dims == 1 && g->n_links != g->n_chip)
        {
          g_string_append (why, "a chip is on its switch by more than one link record");
          n_dims = 0;
        }
    }
  else if (g->n_switch == 0 && lattice_dimensions (topology, dims, why))
    n_dims = topology->lattice.n_dims;
  else if (g->n_switch > 1)
    g_string_append_printf (why, "it is a fabric of %u switches, where a Switch dimension "
                            "is one", g->n_switch);

  if (n_dims == 0)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                   "ASTRA-sim's analytical network is dimensions of rings, fully connected "
                   "groups and single switches, and this topology is none: %s. The SimGrid, "
                   "SST and BookSim exports take any topology", why->str);
      return FALSE;
    }

  for (guint d = 0, k = 0; d < n_dims; d++)
    {
      char number[G_ASCII_DTOSTR_BUF_SIZE];

      if (dims[d].size == 1)
        continue;
      g_string_append_printf (kinds, "%s%s", k == 0 ? "" : ", ", kind_names.names[dims[d].kind]);
      g_string_append_printf (sizes, "%s%u", k == 0 ? "" : ", ", dims[d].size);
      g_ascii_formatd (number, sizeof number, "%.6g", dims[d].gbps_min * GIB_PER_GB);
      g_string_append_printf (bandwidths, "%s%s", k == 0 ? "" : ", ", number);
      g_ascii_formatd (number, sizeof number, "%.6g", dims[d].ns_max);
      g_string_append_printf (latencies, "%s%s", k == 0 ? "" : ", ", number);
      if (dims[d].gbps_min != dims[d].gbps_max || dims[d].ns_min != dims[d].ns_max)
        g_string_append_printf (notes, "# Dimension %u's links differ (%g to %g GB/s, %g to %g "
                                "ns): its slowest bandwidth and largest latency are written.\n",
                                k, dims[d].gbps_min, dims[d].gbps_max, dims[d].ns_min,
                                dims[d].ns_max);
      k++;
    }
  g_string_append (out, "# ASTRA-sim analytical network, written by Topoforge "
                   "(docs/yaml-format.md). NPU k is chip k.\n");
  if (topology->result.family != NULL)
    {
      g_autofree char *id = tf_result_dup_id (&topology->result);

      g_string_append_printf (out, "# %s\n", id);
    }
  if (count_scale_up_switches (g) > 0)
    g_string_append (out, "# Dimension 0 is each board's chips on its scale-up switches: an NPU's "
                     "bandwidth there is its links to all of them.\n");
  g_string_append (out, notes->str);
  g_string_append_printf (out, "topology: [ %s ]\n", kinds->str);
  g_string_append_printf (out, "npus_count: [ %s ]\n", sizes->str);
  g_string_append_printf (out, "bandwidth: [ %s ]  # GB/s, ASTRA-sim's GB being 2^30 bytes\n",
                          bandwidths->str);
  g_string_append_printf (out, "latency: [ %s ]  # ns\n", latencies->str);
  return TRUE;
}
