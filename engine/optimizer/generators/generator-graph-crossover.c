/* SPDX-License-Identifier: GPL-3.0-or-later */
/* generator-graph-crossover.c: the GraphCrossover (the spec's Phase 3), a recombination of two
 * switched NetworkGraphs of the same chips, boards, racks and pods (docs/optimizer.md, "Graph
 * crossover").
 *
 * The child is parent A's graph in which, for a random set of pods (of racks when there is one
 * pod), the switches that serve only those pods or racks (rack switches, and pod switches when
 * pods are exchanged) and the chips' links to them are replaced by parent B's switches serving
 * the same pods or racks, with B's links among them and to their chips. The links that left the
 * exchanged part upwards cannot be kept as they were, since A's upper tier is not B's: repair
 * gives every imported switch the count of such links it had in B again, dealt round-robin over
 * A's switches above it that may serve it (a pod switch of its pod, or a datacenter switch),
 * filling the ports A's own lower switches freed first and then up to the largest radix
 * option. When A has no switch above it, B's upper switches it linked to are copied in; a flat
 * network (a dragonfly's routers) gets its links re-made to A's switches of its own tier.
 *
 * Only the exchange is random (which pods or racks); the child then goes through the graph
 * mutator's final check (tf_edit_finish: ports, the largest radix, every invariant and
 * connectivity) and the chips' ports, or is refused with TF_ERROR_INVALID_MUTATION.
 * Template points cross by their parameters (the generic template comes first in the
 * registry); this generator crosses whatever else has switches.
 */
#include "graph-mutator-private.h"

#define NONE G_MAXUINT32

typedef struct
{
  guint n_chip;   /* the search's */
} State;

static gboolean
enabled (const TfSearchConfig *config)
{
  return config->crossover_enabled;
}

static gpointer
state_new (const TfSearchConfig *config,
           GError              **error)
{
  State *s = g_new0 (State, 1);

  (void) error;
  s->n_chip = config->n_chip;
  return s;
}

static void
state_free (gpointer state)
{
  g_free (state);
}

static double
crossover_rate (const TfSearchConfig *config)
{
  return config->crossover_rate;
}

static gboolean
can_mutate (gpointer           state,
            const TfCandidate *parent)
{
  const State *s = state;

  return parent->topology.graph.n_switch > 0 && parent->topology.graph.n_chip == s->n_chip;
}

static gboolean
same_grouping (const TfNetworkGraph *a,
               const TfNetworkGraph *b)
{
  return a->n_chip == b->n_chip && a->chips_per_board == b->chips_per_board
         && a->n_board == b->n_board && a->n_rack == b->n_rack && a->n_pod == b->n_pod
         && memcmp (a->board_chips, b->board_chips, a->n_chip * sizeof (guint32)) == 0
         && memcmp (a->board_rack, b->board_rack, a->n_board * sizeof (guint32)) == 0
         && memcmp (a->rack_pod, b->rack_pod, a->n_rack * sizeof (guint32)) == 0;
}

/* The pod or rack (by @by_pod) a switch serves alone, or NONE for a switch serving more. */
static guint
unit_of (const TfNetworkGraph *g,
         const TfSwitch       *sw,
         gboolean              by_pod)
{
  if (sw->tier == TF_TIER_RACK && sw->container < g->n_rack)
    return by_pod ? g->rack_pod[sw->container] : sw->container;
  if (sw->tier == TF_TIER_POD && by_pod)
    return sw->container;
  return NONE;
}

/* The pod a switch stands in, NONE for a datacenter switch. */
static guint
pod_of (const TfNetworkGraph *g,
        const TfSwitch       *sw)
{
  if (sw->tier == TF_TIER_RACK && sw->container < g->n_rack)
    return g->rack_pod[sw->container];
  if (sw->tier == TF_TIER_POD)
    return sw->container;
  return NONE;
}

/* Whether A's switch @t may take the links an imported switch of @tier in @pod had upwards
 * (@upper), or, for a network of one tier, sideways; containment decides the pod switches. */
static gboolean
may_serve (const TfSwitch *t,
           TfTier          tier,
           guint           pod,
           gboolean        upper)
{
  if (!upper)
    return t->tier == tier;
  return t->tier > tier && (t->tier == TF_TIER_DATACENTER || t->container == pod);
}

/* A's kept switches that may serve an imported switch of @tier in @pod (child nodes). */
static GArray *
targets_for (const Edit     *e,
             const gboolean *dropped,
             guint           n_a,
             TfTier          tier,
             guint           pod,
             gboolean        upper)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint i = 0; i < n_a; i++)
    if (!dropped[i] && may_serve (SW (e, i), tier, pod, upper))
      {
        guint32 node = n_chip (e) + i;

        g_array_append_val (out, node);
      }
  return out;
}

/* @sw appended to the edit under an id no switch has; its node. */
static guint32
import_switch (Edit           *e,
               const TfSwitch *sw)
{
  TfSwitch copy = *sw;

  copy.id = g_strdup (sw->id);
  for (guint k = 1; tf_edit_id_taken (e, copy.id); k++)
    {
      g_free (copy.id);
      copy.id = k == 1 ? g_strdup_printf ("%s-b", sw->id) : g_strdup_printf ("%s-b%u", sw->id, k);
    }
  copy.port_count = 0;
  g_array_append_val (e->switches, copy);
  return n_chip (e) + e->switches->len - 1;
}

/* @count links from @s to @targets, round-robin from *@rr: first onto ports a target had in A
 * (@room, by node) and lost, then up to the largest radix option. */
static gboolean
attach (Edit         *e,
        guint32       s,
        const GArray *targets,
        guint         count,
        guint        *ports,
        const guint  *room,
        guint        *rr,
        GError      **error)
{
  guint n = targets->len;

  for (guint k = 0; k < count; k++)
    {
      guint32 t = NONE;

      for (guint phase = 0; phase < 2 && t == NONE; phase++)
        for (guint j = 0; j < n; j++)
          {
            guint32 c = g_array_index (targets, guint32, (*rr + j) % n);

            if (ports[c] < (phase == 0 ? room[c] : e->max_ports))
              {
                t = c;
                *rr = (*rr + j + 1) % n;
                break;
              }
          }
      if (t == NONE)
        return tf_edit_invalid (error, "no switch of the first parent has a port left for "
                                "switch %s", SW (e, s - n_chip (e))->id);
      tf_edit_add_links (e, s, t, 1);
      ports[t]++;
      ports[s]++;
    }
  return TRUE;
}

/* Each unit (pod or rack) from B or not; never none, never all. */
static gboolean *
draw_units (GRand *rng,
            guint  n_units)
{
  gboolean *chosen = g_new0 (gboolean, n_units);
  guint count = 0;

  for (guint u = 0; u < n_units; u++)
    count += chosen[u] = g_rand_boolean (rng);
  if (count == 0)
    chosen[g_rand_int_range (rng, 0, n_units)] = TRUE;
  else if (count == n_units)
    chosen[g_rand_int_range (rng, 0, n_units)] = FALSE;
  return chosen;
}

/* The child's graph into e (made from A); FALSE with TF_ERROR_INVALID_MUTATION. */
static gboolean
recombine (Edit                 *e,
           const TfNetworkGraph *ga,
           const TfNetworkGraph *gb,
           GRand                *rng,
           GError              **error)
{
  guint n = ga->n_chip, n_a = ga->n_switch;
  gboolean by_pod = ga->n_pod > 1;
  guint n_units = by_pod ? ga->n_pod : ga->n_rack;
  g_autofree gboolean *chosen = NULL;
  g_autofree gboolean *dropped = g_new0 (gboolean, n_a);
  g_autofree gboolean *imported = g_new0 (gboolean, gb->n_switch);
  g_autofree guint32 *map = g_new (guint32, gb->n_switch);   /* B switch -> child node */
  g_autofree guint *up = g_new0 (guint, gb->n_switch);       /* links out of B's part */
  g_autofree guint *ports = NULL;
  g_autofree guint *room = NULL;
  guint n_dropped = 0, n_imported = 0, rr = 0;

  if (n_units < 2)
    return tf_edit_invalid (error, "one %s: nothing to exchange", by_pod ? "pod" : "rack");
  chosen = draw_units (rng, n_units);
  tf_edit_index_links (e);   /* B's part comes over link by link */

  for (guint i = 0; i < n_a; i++)
    {
      guint u = unit_of (ga, &ga->switches[i], by_pod);

      if (u != NONE && u < n_units && chosen[u])
        {
          dropped[i] = TRUE;
          n_dropped++;
        }
    }
  for (guint i = 0; i < e->links->len; i++)
    {
      TfLink *l = LINK (e, i);

      if ((l->a >= n && dropped[l->a - n]) || (l->b >= n && dropped[l->b - n]))
        l->multiplicity = 0;
    }
  for (guint s = 0; s < gb->n_switch; s++)
    {
      guint u = unit_of (gb, &gb->switches[s], by_pod);

      map[s] = NONE;
      if (u != NONE && u < n_units && chosen[u])
        {
          map[s] = import_switch (e, &gb->switches[s]);
          imported[s] = TRUE;
          n_imported++;
        }
    }
  if (n_dropped == 0 && n_imported == 0)
    return tf_edit_invalid (error, "no switch serves the exchanged %s alone",
                            by_pod ? "pods" : "racks");

  /* B's links within its part (chips to its switches, between them) come along; the board
   * links are A's (the same boards); links leaving the part are counted, to be re-made. */
  for (guint i = 0; i < gb->n_links; i++)
    {
      const TfLink *l = &gb->links[i];
      guint32 a = l->a < n ? l->a : map[l->a - n];
      guint32 b = l->b < n ? l->b : map[l->b - n];

      if (l->a < n && l->b < n)
        continue;
      if (a != NONE && b != NONE)
        tf_edit_add_links (e, a, b, l->multiplicity);
      else if (a != NONE && a >= n && l->b >= n)
        up[l->a - n] += l->multiplicity;
      else if (b != NONE && b >= n && l->a >= n)
        up[l->b - n] += l->multiplicity;
    }

  /* With nothing of A above an imported switch, B's upper switches it linked to come along. */
  for (guint s = 0; s < gb->n_switch; s++)
    {
      const TfSwitch *sw = &gb->switches[s];
      g_autoptr(GArray) above = NULL;

      if (!imported[s] || up[s] == 0)
        continue;
      above = targets_for (e, dropped, n_a, sw->tier, pod_of (gb, sw), TRUE);
      if (above->len > 0)
        continue;
      for (guint i = 0; i < gb->n_links; i++)
        {
          const TfLink *l = &gb->links[i];
          guint32 other = l->a == n + s ? l->b : l->b == n + s ? l->a : NONE;

          if (other == NONE || other < n || imported[other - n]
              || gb->switches[other - n].tier <= sw->tier)
            continue;
          if (map[other - n] == NONE)
            map[other - n] = import_switch (e, &gb->switches[other - n]);
          tf_edit_add_links (e, map[s], map[other - n], l->multiplicity);
          up[s] -= l->multiplicity;
        }
    }

  /* The rest round-robin over A's switches above (or beside) each imported switch. */
  ports = g_new0 (guint, n + e->switches->len);
  room = g_new0 (guint, n + e->switches->len);
  for (guint i = 0; i < e->links->len; i++)
    {
      ports[LINK (e, i)->a] += LINK (e, i)->multiplicity;
      ports[LINK (e, i)->b] += LINK (e, i)->multiplicity;
    }
  for (guint i = 0; i < n_a; i++)
    room[n + i] = ga->switches[i].port_count;
  for (guint s = 0; s < gb->n_switch; s++)
    {
      const TfSwitch *sw = &gb->switches[s];
      g_autoptr(GArray) targets = NULL;

      if (!imported[s] || up[s] == 0)
        continue;
      targets = targets_for (e, dropped, n_a, sw->tier, pod_of (gb, sw), TRUE);
      if (targets->len == 0)
        {
          g_array_unref (targets);
          targets = targets_for (e, dropped, n_a, sw->tier, NONE, FALSE);
        }
      if (targets->len == 0)
        return tf_edit_invalid (error, "no switch of the first parent can take the links of "
                                "switch %s", sw->id);
      if (!attach (e, map[s], targets, up[s], ports, room, &rr, error))
        return FALSE;
    }

  /* A's exchanged switches go last: dropping renumbers the nodes after them. */
  for (guint i = n_a; i-- > 0;)
    if (dropped[i])
      tf_edit_drop_switch (e, n + i);
  return TRUE;
}

static TfCandidate *
crossover (gpointer              state,
           const TfSearchConfig *config,
           const TfCandidate    *a,
           const TfCandidate    *b,
           GRand                *rng,
           GError              **error)
{
  const TfNetworkGraph *ga = &a->topology.graph, *gb = &b->topology.graph;
  g_autoptr(TfCandidate) child = tf_candidate_new ();
  g_autoptr(GString) why = g_string_new (NULL);
  TfNetworkGraph *g = &child->topology.graph;
  gboolean ok;
  Edit e;

  (void) state;
  if (!same_grouping (ga, gb))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION,
                   "the parents do not group their chips alike (boards, racks, pods)");
      return NULL;
    }
  if (ga->n_switch == 0 || gb->n_switch == 0)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION,
                   "both parents must have switches");
      return NULL;
    }
  tf_edit_init (&e, config, ga, g);
  ok = recombine (&e, ga, gb, rng, error) && tf_edit_finish (&e, error);
  tf_edit_clear (&e);
  if (!ok)
    return NULL;
  if (!tf_network_graph_is_connected (g))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION, "the child is not connected");
      return NULL;
    }
  if (!tf_hardware_check_chip_ports (&config->hardware, g, why))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION, "%s", why->str);
      return NULL;
    }

  /* A recombined graph is no family's result and no template point: metrics to be measured. */
  child->topology.context = a->topology.context;
  child->topology.result.n_endpoint = g->n_chip;
  child->topology.result.chips_per_board = g->chips_per_board;
  child->chip_transitive = FALSE;
  child->topology.lattice.n_dims = 0;   /* no family's lattice any more */
  child->origin = a->origin;
  child->origin.method = TF_ORIGIN_CROSSOVER;
  child->origin.seed_id = g_strdup (a->origin.seed_id);
  child->origin.n_parents = 2;
  child->origin.parents[0] = a->id;
  child->origin.parents[1] = b->id;
  child->origin.template_params[0] = '\0';
  return g_steal_pointer (&child);
}

const TfGenerator tf_generator_graph_crossover = {
  .name = "graph_crossover",
  .capabilities = TF_GENERATOR_CROSSOVER,
  .enabled = enabled,
  .state_new = state_new,
  .state_free = state_free,
  .can_mutate = can_mutate,
  .crossover = crossover,
  .crossover_rate = crossover_rate,
};
