/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mutation-structural.c: the GraphMutator's structural moves, one edit of many switches at
 * once, so that a child differs from its parent in its shape (uplinks per switch of a tier,
 * spine planes) and not in one link (topology-optimizer-spec-v1.0.0, GraphMutator; issue 13).
 *
 *   tier_edit           every switch of a tier (the symmetry class a family builds alike) gets
 *                       one more link to the tier above, to its least used neighbour there, or
 *                       loses one from its thickest bundle: a uniform change of uplinks per
 *                       switch, hence of the tier's oversubscription, that keeps the tier's
 *                       switches alike; a graph with one tier of switches (a dragonfly's
 *                       routers) gets a ring over them instead
 *   add_spine_plane     a new top-tier switch with the links of an existing one, to the same
 *                       switches (when the top tier holds no chips)
 *   remove_spine_plane  a top-tier switch and its links go
 *
 * The mutator's finish() checks the result (invariants, connectivity, the largest radix).
 */
#include "graph-mutator-private.h"

/* Each node's physical links, indexed by node. */
static guint *
port_counts (const Edit *e)
{
  guint *out = g_new0 (guint, n_chip (e) + e->switches->len);

  for (guint i = 0; i < e->links->len; i++)
    {
      out[LINK (e, i)->a] += LINK (e, i)->multiplicity;
      out[LINK (e, i)->b] += LINK (e, i)->multiplicity;
    }
  return out;
}

/* The tiers that have switches, ascending; returns how many. */
static guint
switch_tiers (const Edit *e,
              TfTier      tiers[3])
{
  guint n = 0;

  for (TfTier t = TF_TIER_RACK; t <= TF_TIER_DATACENTER; t++)
    for (guint i = 0; i < e->switches->len; i++)
      if (SW (e, i)->tier == t)
        {
          tiers[n++] = t;
          break;
        }
  return n;
}

/* The switch nodes of @tier, in index order. */
static GArray *
tier_members (const Edit *e,
              TfTier      tier)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint i = 0; i < e->switches->len; i++)
    if (SW (e, i)->tier == tier)
      {
        guint32 node = n_chip (e) + i;

        g_array_append_val (out, node);
      }
  return out;
}

static guint32
other_end (const TfLink *l,
           guint32       node)
{
  return l->a == node ? l->b : l->a;
}

/* Link records from switch @s to switches of @tier, as indices into e->links. */
static GArray *
links_to_tier (const Edit *e,
               guint32     s,
               TfTier      tier)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < e->links->len; i++)
    {
      const TfLink *l = LINK (e, i);

      if (l->multiplicity > 0 && (l->a == s || l->b == s) && l->a != l->b
          && is_switch (e, other_end (l, s))
          && SW (e, other_end (l, s) - n_chip (e))->tier == tier)
        g_array_append_val (out, i);
    }
  return out;
}

/* A ring over the members of a tier with nothing above it (a dragonfly's routers): each switch
 * one link to the switch @stride places on, two more ports each (one if the stride is half). */
static gboolean
tier_ring (Edit    *e,
           GArray  *members,
           gboolean add,
           guint    offset,
           GError **error)
{
  guint n = members->len, stride;

  if (!add)
    return tf_edit_invalid (error, "tier_edit: the switches have no tier above to lose an "
                            "uplink to");
  if (n < 3)
    return tf_edit_invalid (error, "tier_edit: fewer than three switches in the only tier");
  stride = 1 + offset % (n / 2);
  for (guint i = 0; i < n; i++)
    if (2 * stride != n || i < n / 2)
      tf_edit_add_links (e, g_array_index (members, guint32, i),
                         g_array_index (members, guint32, (i + stride) % n), 1);
  return TRUE;
}

/* Every switch of a tier gets one more link to the tier above, to its least used neighbour
 * there (ties dealt round-robin), or loses one, from its thickest bundle: a uniform change of
 * uplinks per switch, hence of the tier's oversubscription, that keeps its switches alike. */
gboolean
tf_mutation_tier_edit (Edit    *e,
                       GRand   *rng,
                       GError **error)
{
  TfTier tiers[3];
  guint n_tiers = switch_tiers (e, tiers), t, offset;
  gboolean add;
  g_autoptr(GArray) members = NULL;
  g_autofree guint *pc = NULL;

  if (n_tiers == 0)
    return tf_edit_invalid (error, "tier_edit: no switch");
  t = n_tiers > 1 ? (guint) g_rand_int_range (rng, 0, n_tiers - 1) : 0;
  add = g_rand_boolean (rng);
  offset = g_rand_int (rng);
  members = tier_members (e, tiers[t]);
  if (n_tiers == 1)
    return tier_ring (e, members, add, offset, error);
  pc = port_counts (e);
  for (guint i = 0; i < members->len; i++)
    {
      guint32 s = g_array_index (members, guint32, i), best_end = 0;
      g_autoptr(GArray) up = links_to_tier (e, s, tiers[t + 1]);
      guint best = G_MAXUINT, total = 0;

      for (guint k = 0; k < up->len; k++)
        total += LINK (e, g_array_index (up, guint, k))->multiplicity;
      if (total == 0 || (!add && total < 2))
        return tf_edit_invalid (error, "tier_edit: switch %s has %s",
                                SW (e, s - n_chip (e))->id,
                                total == 0 ? "no link to the tier above" : "a single uplink");
      for (guint k = 0; k < up->len; k++)
        {
          guint j = g_array_index (up, guint, (offset + i + k) % up->len);
          guint32 end = other_end (LINK (e, j), s);

          if (best == G_MAXUINT
              || (add && pc[end] < pc[best_end])
              || (!add && (LINK (e, j)->multiplicity > LINK (e, best)->multiplicity
                           || (LINK (e, j)->multiplicity == LINK (e, best)->multiplicity
                               && pc[end] > pc[best_end]))))
            {
              best = j;
              best_end = end;
            }
        }
      if (add)
        {
          LINK (e, best)->multiplicity++;
          pc[s]++;
          pc[best_end]++;
        }
      else
        {
          take_link (e, best);
          pc[s]--;
          pc[best_end]--;
        }
    }
  return TRUE;
}

/* The top tier's switches, refused when they hold chips (a single tier of switches has no
 * spine to copy or take away). */
static GArray *
spines (const Edit *e,
        const char *op,
        GError    **error)
{
  TfTier tiers[3];
  guint n_tiers = switch_tiers (e, tiers);
  GArray *top;

  if (n_tiers == 0)
    {
      tf_edit_invalid (error, "%s: no switch", op);
      return NULL;
    }
  top = tier_members (e, tiers[n_tiers - 1]);
  for (guint i = 0; i < e->links->len; i++)
    {
      const TfLink *l = LINK (e, i);

      if (l->multiplicity == 0 || is_switch (e, l->a) == is_switch (e, l->b))
        continue;
      if (SW (e, MAX (l->a, l->b) - n_chip (e))->tier == tiers[n_tiers - 1])
        {
          g_array_unref (top);
          tf_edit_invalid (error, "%s: the top tier's switches hold chips; there is no spine",
                           op);
          return NULL;
        }
    }
  return top;
}

/* A new top switch with the links of an existing one, to the same switches. */
gboolean
tf_mutation_add_spine_plane (Edit    *e,
                             GRand   *rng,
                             GError **error)
{
  g_autoptr(GArray) top = spines (e, "add_spine_plane", error);
  guint32 model, plane;
  guint n_links;
  TfSwitch copy;

  if (top == NULL)
    return FALSE;
  model = g_array_index (top, guint32, g_rand_int_range (rng, 0, top->len));
  copy = *SW (e, model - n_chip (e));
  copy.id = g_strdup_printf ("%s-plane%u", copy.id, e->switches->len);
  if (tf_edit_id_taken (e, copy.id))
    {
      g_free (copy.id);
      return tf_edit_invalid (error, "add_spine_plane: the new id is taken");
    }
  g_array_append_val (e->switches, copy);
  plane = n_chip (e) + e->switches->len - 1;
  n_links = e->links->len;
  for (guint i = 0; i < n_links; i++)
    {
      TfLink l = *LINK (e, i);

      if (l.multiplicity > 0 && l.a != l.b && (l.a == model || l.b == model))
        tf_edit_add_links (e, other_end (&l, model), plane, l.multiplicity);
    }
  return TRUE;
}

/* A top switch and its links go, if the rest stays connected (finish checks). */
gboolean
tf_mutation_remove_spine_plane (Edit    *e,
                                GRand   *rng,
                                GError **error)
{
  g_autoptr(GArray) top = spines (e, "remove_spine_plane", error);
  guint32 v;

  if (top == NULL)
    return FALSE;
  if (top->len < 2)
    return tf_edit_invalid (error, "remove_spine_plane: a single top switch");
  v = g_array_index (top, guint32, g_rand_int_range (rng, 0, top->len));
  for (guint i = 0; i < e->links->len; i++)
    if (LINK (e, i)->a == v || LINK (e, i)->b == v)
      LINK (e, i)->multiplicity = 0;
  tf_edit_drop_switch (e, v);
  return TRUE;
}
