/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dual-homing.c: a switched network made dual-homed, as Alibaba's HPN (SIGCOMM 2024) builds its
 * frontend: every leaf (a switch chips link to) gets a twin in the same place (rack, pod), every
 * chip a second link, to the twin, and the leaf's links to other switches are dealt between the
 * two (each record's physical links halved, the odd one to the leaf; records of one link taken
 * in turn). A chip then survives the loss of either switch of the pair.
 *
 * The second link is a second NIC port, cable and switch port, all priced, and at the NIC's
 * bandwidth: a chip's injection bandwidth doubles. HPN splits one 400G NIC into two 200G ports
 * instead; the link model has one bandwidth per link type, so we buy a second port rather than
 * pretend a halved one (docs/spec-notes.md).
 */
#include "generators-private.h"

static gboolean
refuse (GError    **error,
        const char *message)
{
  g_set_error_literal (error, TF_ERROR, TF_ERROR_INVALID_MUTATION, message);
  return FALSE;
}

gboolean
tf_network_graph_dual_home (const TfNetworkGraph *graph,
                            TfNetworkGraph       *out,
                            GError              **error)
{
  guint n = graph->n_chip, n_switch = graph->n_switch, n_twins = 0;
  g_autofree guint *twin = g_new (guint, MAX (n_switch, 1));       /* switch -> twin node */
  g_autofree guint *uplinks = g_new0 (guint, MAX (n_switch, 1));   /* physical */
  g_autofree guint *dealt = g_new0 (guint, MAX (n_switch, 1));     /* single links dealt */
  g_autoptr(GArray) links = g_array_sized_new (FALSE, FALSE, sizeof (TfLink), 2 * graph->n_links);

  g_return_val_if_fail (graph != NULL && out != NULL, FALSE);

  for (guint s = 0; s < n_switch; s++)
    twin[s] = G_MAXUINT;
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];

      if ((l->a < n) != (l->b < n))
        twin[MAX (l->a, l->b) - n] = 0;   /* a leaf: numbered below */
      else if (l->a >= n && l->b >= n)
        {
          uplinks[l->a - n] += l->multiplicity;
          uplinks[l->b - n] += l->multiplicity;
        }
    }
  for (guint s = 0; s < n_switch; s++)
    if (twin[s] != G_MAXUINT)
      {
        /* A leaf with one link to the rest of the network cannot share it with its twin. */
        if (uplinks[s] == 1)
          return refuse (error, "dual_home: a leaf has a single link to other switches");
        twin[s] = n + n_switch + n_twins++;
      }
  if (n_twins == 0)
    return refuse (error, "dual_home: no switch has chips");

  for (guint i = 0; i < graph->n_links; i++)
    {
      TfLink l = graph->links[i];
      guint32 sw = MAX (l.a, l.b), other = MIN (l.a, l.b);
      guint kept_at;

      g_array_append_val (links, l);
      if (l.a < n && l.b < n)
        continue;
      if (other < n)
        {
          /* The chip's second link, to the twin. */
          TfLink second = { other, twin[sw - n], l.multiplicity, l.type, l.reach };

          g_array_append_val (links, second);
          continue;
        }
      /* Between switches: deal the leaf's (or each leaf's) share to its twin. */
      kept_at = links->len - 1;
      for (guint side = 0; side < 2; side++)
        {
          TfLink *kept = &g_array_index (links, TfLink, kept_at);
          guint32 s = side ? kept->b : kept->a, t = side ? kept->a : kept->b;
          guint m = kept->multiplicity, moved;

          if (twin[s - n] == G_MAXUINT || m == 0)
            continue;
          moved = m / 2;
          if (m % 2 == 1 && dealt[s - n]++ % 2 == 1)
            moved++;
          if (moved == 0)
            continue;
          kept->multiplicity -= moved;
          {
            TfLink share = { MIN (twin[s - n], t), MAX (twin[s - n], t), moved, l.type, l.reach };

            g_array_append_val (links, share);
          }
        }
    }

  tf_network_graph_copy (graph, out);
  out->switches = g_renew (TfSwitch, out->switches, n_switch + n_twins);
  for (guint s = 0; s < n_switch; s++)
    if (twin[s] != G_MAXUINT)
      {
        TfSwitch *t = &out->switches[twin[s] - n];

        *t = graph->switches[s];
        t->id = g_strdup_printf ("%s-pair", graph->switches[s].id);
      }
  out->n_switch = n_switch + n_twins;
  /* Records emptied by the dealing go. */
  g_free (out->links);
  out->n_links = 0;
  out->links = g_new (TfLink, MAX (links->len, 1));
  for (guint i = 0; i < links->len; i++)
    if (g_array_index (links, TfLink, i).multiplicity > 0)
      out->links[out->n_links++] = g_array_index (links, TfLink, i);
  tf_network_graph_settle_links (out);
  /* A twin left with one neighbour, or a pass-through (a leaf of one chip), is dead hardware:
   * no variant then. */
  {
    g_autoptr(GString) why = g_string_new (NULL);

    if (tf_network_graph_find_dead_switch (out, NULL, why) != TF_DEAD_SWITCH_NONE)
      {
        tf_network_graph_clear (out);
        g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION, "dual_home: dead hardware: %s",
                     why->str);
        return FALSE;
      }
  }
  return TRUE;
}
