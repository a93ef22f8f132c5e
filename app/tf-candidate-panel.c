/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-candidate-panel.c: a candidate's numbers (see tf-candidate-panel.h). */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "plot-axis.h"
#include "tf-candidate-panel.h"
#include "tf-format.h"
#include "tf-search-tasks.h"

struct _TfCandidatePanel
{
  GtkWidget  parent_instance;

  GtkWidget *grid;
  GPtrArray *rows;   /* Row *, as last shown, for dup_text */
  gboolean   two;
};

G_DEFINE_FINAL_TYPE (TfCandidatePanel, tf_candidate_panel, GTK_TYPE_WIDGET)

typedef enum
{
  BETTER_LOWER = 0,
  BETTER_HIGHER,
  BETTER_NEITHER,   /* counts and text: a difference, not a verdict */
} Better;

typedef struct
{
  char   *section;   /* a heading row when set */
  char   *label;
  char   *unit;
  double  value[2];
  char   *text[2];   /* text values (a bottleneck); NULL for numbers */
  Better  better;
} Row;

static void
row_free (Row *row)
{
  g_free (row->section);
  g_free (row->label);
  g_free (row->unit);
  g_free (row->text[0]);
  g_free (row->text[1]);
  g_free (row);
}

/* Building the rows */

typedef struct
{
  GPtrArray                  *rows;
  const TfSearchConfig       *config;
  const TfCandidatePanelItem *item[2];
  const TfCandidate          *c[2];
  guint                       n;
} Builder;

static void
add_section (Builder    *b,
             const char *title)
{
  Row *row = g_new0 (Row, 1);

  row->section = g_strdup (title);
  g_ptr_array_add (b->rows, row);
}

typedef double (*ValueFunc) (const TfCandidate *c, gconstpointer data);

static Row *
add_value (Builder       *b,
           const char    *label,
           const char    *unit,
           Better         better,
           ValueFunc      func,
           gconstpointer  data)
{
  Row *row = g_new0 (Row, 1);

  row->label = g_strdup (label);
  row->unit = g_strdup (unit);
  row->better = better;
  for (guint i = 0; i < 2; i++)
    row->value[i] = func != NULL && i < b->n ? func (b->c[i], data) : NAN;
  g_ptr_array_add (b->rows, row);
  return row;
}

static void
add_text (Builder    *b,
          const char *label,
          char       *text0,
          char       *text1)
{
  Row *row = g_new0 (Row, 1);

  row->label = g_strdup (label);
  row->text[0] = text0;
  row->text[1] = text1;
  row->better = BETTER_NEITHER;
  g_ptr_array_add (b->rows, row);
}

/* Evaluation fields by offset, as the engine's objective table reads them. */
static double
field (const TfCandidate *c,
       gconstpointer      offset)
{
  return G_STRUCT_MEMBER (double, &c->evaluation, GPOINTER_TO_SIZE (offset));
}

static double
comm_exposed (const TfCandidate *c,
              gconstpointer      kind)
{
  return c->evaluation.iter_comm_us[0][GPOINTER_TO_UINT (kind)];
}

static double
comm_exposed_sim (const TfCandidate *c,
                  gconstpointer      kind)
{
  return c->evaluation.iter_comm_sim_us[0][GPOINTER_TO_UINT (kind)];
}

static double
comm_overlapped (const TfCandidate *c,
                 gconstpointer      kind)
{
  guint k = GPOINTER_TO_UINT (kind);

  return c->evaluation.iter_comm_total_us[0][k] - c->evaluation.iter_comm_us[0][k];
}

/* Layer 2 over all chips: primitive p at message size k of workload 0, data p * MAX + k. */
static double
collective (const TfCandidate *c,
            gconstpointer      data)
{
  guint i = GPOINTER_TO_UINT (data);

  return c->evaluation.collective_us[0][i / TF_SEARCH_MAX_MESSAGE_SIZES]
                                    [i % TF_SEARCH_MAX_MESSAGE_SIZES];
}

static double
switches (const TfCandidate *c,
          gconstpointer      unused)
{
  return c->topology.graph.n_switch;
}

static double
links (const TfCandidate *c,
       gconstpointer      unused)
{
  return c->topology.graph.n_links;
}

static double
diameter (const TfCandidate *c,
          gconstpointer      unused)
{
  return c->evaluation.diameter;
}

static double
switch_diversity (const TfCandidate *c,
                  gconstpointer      unused)
{
  return c->evaluation.switch_diversity;
}

static double
failure_cases (const TfCandidate *c,
               gconstpointer      unused)
{
  return c->evaluation.failure_cases;
}

static double
optical_links (const TfCandidate *c,
               gconstpointer      unused)
{
  return c->evaluation.optical_links;
}

static double
max_switch_ports (const TfCandidate *c,
                  gconstpointer      unused)
{
  return c->evaluation.max_switch_ports;
}

#define OFFSET(f) GSIZE_TO_POINTER (G_STRUCT_OFFSET (TfEvaluation, f))

static gboolean
all_have (const Builder *b,
          guint          layer)
{
  for (guint i = 0; i < b->n; i++)
    if (!(b->c[i]->evaluation.layers & layer))
      return FALSE;
  return TRUE;
}

static gboolean
all_simulated (const Builder *b)
{
  for (guint i = 0; i < b->n; i++)
    if (!b->c[i]->evaluation.simulated)
      return FALSE;
  return b->n > 0;
}

/* What the view knows beyond the numbers: the designs a representative stands for, the hard
 * constraint a design of the user's breaks. */
static void
add_notes (Builder *b)
{
  gboolean stands_for = FALSE, violation = FALSE;
  char *text[2] = { NULL, NULL };

  for (guint i = 0; i < b->n; i++)
    {
      stands_for |= b->item[i]->stands_for >= 0;
      violation |= b->item[i]->violation != NULL;
    }
  if (stands_for)
    {
      for (guint i = 0; i < b->n; i++)
        {
          int n = b->item[i]->stands_for;

          if (n < 0)
            text[i] = g_strdup ("—");
          else if (n == 0)
            /* TRANSLATORS: a front candidate that stands for no design but itself */
            text[i] = g_strdup (_("itself alone"));
          else
            /* TRANSLATORS: the other designs of the front a front candidate stands for
             * (search.front_max) */
            text[i] = g_strdup_printf (g_dngettext (NULL, "itself and %d more design of the "
                                                    "front",
                                                    "itself and %d more designs of the front",
                                                    n),
                                       n);
        }
      add_text (b, _("Stands for"), text[0], text[1]);
    }
  if (violation)
    {
      for (guint i = 0; i < b->n; i++)
        {
          const char *v = b->item[i]->violation;

          /* TRANSLATORS: no hard constraint broken */
          text[i] = g_strdup (v != NULL && *v != '\0' ? v : C_("constraint", "none"));
        }
      add_text (b, _("Hard constraint broken"), text[0], text[1]);
    }
}

static void
build_rows (Builder *b)
{
  const TfSearchConfig *config = b->config;

  add_notes (b);
  add_section (b, _("Objectives"));
  for (guint k = 0; k < config->n_objectives; k++)
    {
      TfObjective o = config->objectives[k];
      /* In the configuration's order, as the search stores them. */
      Row *row = add_value (b, _(tf_objective_label (o)), tf_objective_unit (o),
                            o == TF_OBJECTIVE_BISECTION ? BETTER_HIGHER : BETTER_LOWER, NULL,
                            NULL);

      for (guint i = 0; i < b->n; i++)
        row->value[i] = tf_objective_value (o, b->c[i]->objectives[k]);
    }

  if (all_have (b, TF_LAYER_ITERATION))
    {
      add_section (b, _("Iteration time"));
      add_value (b, _("Iteration"), "us", BETTER_LOWER, field, OFFSET (iter_time_us[0]));
      add_value (b, _("Compute"), "us", BETTER_LOWER, field, OFFSET (iter_compute_us[0]));
      for (guint k = 0; k < TF_N_COMMS; k++)
        {
          g_autofree char *exposed = NULL, *overlapped = NULL, *limit = NULL;
          const char *kind = tf_comm_to_string (k);
          gboolean any = FALSE;

          for (guint i = 0; i < b->n; i++)
            any |= b->c[i]->evaluation.iter_comm_total_us[0][k] > 0;
          if (!any)
            continue;
          /* TRANSLATORS: %s is a kind of parallelism: tp, pp, dp or ep */
          exposed = g_strdup_printf (_("%s exposed"), kind);
          overlapped = g_strdup_printf (_("%s overlapped"), kind);
          limit = g_strdup_printf (_("%s limited by"), kind);
          add_value (b, exposed, "us", BETTER_LOWER, comm_exposed, GUINT_TO_POINTER (k));
          add_value (b, overlapped, "us", BETTER_NEITHER, comm_overlapped, GUINT_TO_POINTER (k));
          add_text (b, limit, tf_bottleneck_to_text (&b->c[0]->evaluation.iter_bottleneck[0][k]),
                    b->n > 1
                      ? tf_bottleneck_to_text (&b->c[1]->evaluation.iter_bottleneck[0][k])
                      : NULL);
        }
    }

  /* Every required primitive at every message size (docs/optimizer.md, "What Layer 2
   * stores"): Layer 3 takes its own sizes from the model. */
  if (all_have (b, TF_LAYER_COLLECTIVES) && config->n_workloads > 0)
    {
      const TfWorkload *wl = &config->workloads[0];

      add_section (b, _("Collectives over all chips"));
      for (guint p = 0; p < TF_N_PRIMITIVES; p++)
        for (guint k = 0; (wl->primitives & (1u << p)) && k < wl->n_message_sizes; k++)
          {
            g_autofree char *size = g_format_size_full (wl->message_sizes[k],
                                                        G_FORMAT_SIZE_IEC_UNITS);
            /* TRANSLATORS: a collective and its message size: "AllReduce, 16.0 MiB" */
            g_autofree char *label = g_strdup_printf (_("%s, %s"), tf_primitive_to_string (p),
                                                      size);

            add_value (b, label, "us", BETTER_LOWER, collective,
                       GUINT_TO_POINTER (p * TF_SEARCH_MAX_MESSAGE_SIZES + k));
          }
    }

  /* Stage 2's figures, for candidates it simulated (docs/optimizer.md, "Stage 2"). */
  if (all_simulated (b))
    {
      add_section (b, _("Simulated with SimGrid"));
      add_value (b, _("Iteration"), "us", BETTER_LOWER, field, OFFSET (iter_time_sim_us[0]));
      for (guint k = 0; k < TF_N_COMMS; k++)
        {
          g_autofree char *exposed = NULL;
          gboolean any = FALSE;

          for (guint i = 0; i < b->n; i++)
            any |= b->c[i]->evaluation.iter_comm_total_us[0][k] > 0;
          if (!any)
            continue;
          exposed = g_strdup_printf (_("%s exposed"), tf_comm_to_string (k));
          add_value (b, exposed, "us", BETTER_LOWER, comm_exposed_sim, GUINT_TO_POINTER (k));
        }
    }

  if (all_have (b, TF_LAYER_COST))
    {
      add_section (b, _("Cost"));
      /* The cost of each part, in the Cost section */
      add_value (b, C_("cost", "Network"), "USD", BETTER_LOWER, field, OFFSET (network_cost_usd));
      add_value (b, C_("cost", "Switches"), "USD", BETTER_LOWER, field, OFFSET (switch_cost_usd));
      add_value (b, C_("cost", "Cables"), "USD", BETTER_LOWER, field, OFFSET (link_cost_usd));
      add_value (b, C_("cost", "NIC ports"), "USD", BETTER_LOWER, field, OFFSET (nic_cost_usd));
      add_value (b, _("Longest cable"), "m", BETTER_LOWER, field, OFFSET (longest_cable_m));
      add_value (b, _("Optical links"), "", BETTER_NEITHER, optical_links, NULL);
    }

  if (all_have (b, TF_LAYER_STRUCTURE))
    {
      add_section (b, _("Fault tolerance"));
      add_value (b, _("APL under failure"), "hops", BETTER_LOWER, field, OFFSET (apl_fail));
      add_value (b, _("Pairs cut by a failure"), "of pairs", BETTER_LOWER, field,
                 OFFSET (disconnected_fraction));
      add_value (b, _("Switch-disjoint paths"), "", BETTER_HIGHER, switch_diversity, NULL);
      add_value (b, _("Failures tried"), "", BETTER_NEITHER, failure_cases, NULL);
    }

  add_section (b, _("Structure"));
  add_value (b, _("Switches"), "", BETTER_NEITHER, switches, NULL);
  add_value (b, _("Links"), "", BETTER_NEITHER, links, NULL);
  if (all_have (b, TF_LAYER_STRUCTURE))
    {
      add_value (b, _("Diameter"), "hops", BETTER_LOWER, diameter, NULL);
      add_value (b, _("Average path length"), "hops", BETTER_LOWER, field, OFFSET (apl));
      add_value (b, _("Bisection bandwidth"), "GB/s", BETTER_HIGHER, field,
                 OFFSET (bisection_bandwidth));
    }
  if (all_have (b, TF_LAYER_COST))
    add_value (b, _("Largest switch"), _("ports"), BETTER_NEITHER, max_switch_ports, NULL);
}

#undef OFFSET

/* Showing them */

/* Counts exact, cable lengths in metres, the objectives' units with an SI prefix. */
static char *
format_measure (double      value,
                const char *unit)
{
  static const char *const prefixed[] = { "us", "USD", "hops", "GB/s", "of pairs" };
  char buf[64];

  if (unit == NULL || *unit == '\0')
    return tf_format_count ((guint64) MAX (0.0, round (value)));
  for (guint i = 0; i < G_N_ELEMENTS (prefixed); i++)
    if (strcmp (unit, prefixed[i]) == 0)
      {
        tf_plot_format_value (value, unit, buf, sizeof buf);
        return g_strdup (buf);
      }
  return tf_format_quantity (value, 1, unit);
}

static char *
format_value (const Row *row,
              guint      i)
{
  if (row->text[i] != NULL)
    return g_strdup (row->text[i]);
  if (!isfinite (row->value[i]))
    return g_strdup ("—");
  return format_measure (row->value[i], row->unit);
}

/* "−12.5 %" of @a, and whether that is better. */
static char *
format_difference (const Row *row,
                   int       *verdict)
{
  double a = row->value[0], b = row->value[1];
  double d = b - a;

  *verdict = 0;
  if (row->text[0] != NULL || !isfinite (a) || !isfinite (b))
    return g_strdup ("");
  if (fabs (d) <= 1e-9 * MAX (fabs (a), fabs (b)))
    return g_strdup (_("same"));
  if (row->better == BETTER_LOWER)
    *verdict = d < 0 ? 1 : -1;
  else if (row->better == BETTER_HIGHER)
    *verdict = d > 0 ? 1 : -1;
  if (a != 0)
    return g_strdup_printf ("%+.1f %%", 100 * d / fabs (a));
  {
    g_autofree char *measure = format_measure (fabs (d), row->unit);

    return g_strdup_printf ("%s%s", d < 0 ? "−" : "+", measure);
  }
}

static GtkWidget *
cell (const char *text,
      float       xalign,
      const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
clear_grid (TfCandidatePanel *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->grid), child);
}

void
tf_candidate_panel_show (TfCandidatePanel           *self,
                         const TfSearchConfig       *config,
                         const TfCandidatePanelItem *item_a,
                         const TfCandidatePanelItem *item_b)
{
  Builder builder = { 0 };
  const TfCandidate *a = item_a != NULL ? item_a->candidate : NULL;
  const TfCandidate *b = a != NULL && item_b != NULL ? item_b->candidate : NULL;
  GtkGrid *grid;
  int y = 0;

  g_return_if_fail (TF_IS_CANDIDATE_PANEL (self));
  g_return_if_fail (a == NULL || config != NULL);

  clear_grid (self);
  g_ptr_array_set_size (self->rows, 0);
  self->two = b != NULL;
  if (a == NULL)
    return;

  grid = GTK_GRID (self->grid);
  builder.rows = self->rows;
  builder.config = config;
  builder.item[0] = item_a;
  builder.item[1] = item_b;
  builder.c[0] = a;
  builder.c[1] = b;
  builder.n = b != NULL ? 2 : 1;
  build_rows (&builder);

  /* One candidate: the view's heading names it already. */
  if (b != NULL)
    {
      gtk_grid_attach (grid, cell (item_a->title, 1, "heading"), 1, y, 1, 1);
      gtk_grid_attach (grid, cell (item_b->title, 1, "heading"), 2, y, 1, 1);
      gtk_grid_attach (grid, cell (_("Difference"), 1, "heading"), 3, y, 1, 1);
      y++;
    }
  {
    g_autofree char *origin = tf_candidate_dup_origin_text (a);
    GtkWidget *line = cell (origin, 0, "dim-label");

    /* The seed's exact id, as generate --id takes it, on hover. */
    gtk_widget_set_tooltip_text (line, a->origin.seed_id);
    gtk_grid_attach (grid, line, 0, y++, b != NULL ? 4 : 2, 1);
    if (b != NULL)
      {
        g_autofree char *other = tf_candidate_dup_origin_text (b);

        line = cell (other, 0, "dim-label");
        gtk_widget_set_tooltip_text (line, b->origin.seed_id);
        gtk_grid_attach (grid, line, 0, y++, 4, 1);
      }
  }

  for (guint r = 0; r < self->rows->len; r++)
    {
      const Row *row = g_ptr_array_index (self->rows, r);
      g_autofree char *v0 = NULL, *v1 = NULL, *diff = NULL;
      int verdict;

      if (row->section != NULL)
        {
          GtkWidget *heading = cell (row->section, 0, "heading");

          gtk_widget_set_margin_top (heading, 8);
          gtk_grid_attach (grid, heading, 0, y++, b != NULL ? 4 : 2, 1);
          continue;
        }
      v0 = format_value (row, 0);
      gtk_grid_attach (grid, cell (row->label, 0, "dim-label"), 0, y, 1, 1);
      gtk_grid_attach (grid, cell (v0, 1, "numeric"), 1, y, 1, 1);
      if (b != NULL)
        {
          v1 = format_value (row, 1);
          diff = format_difference (row, &verdict);
          gtk_grid_attach (grid, cell (v1, 1, "numeric"), 2, y, 1, 1);
          gtk_grid_attach (grid, cell (diff, 1, verdict > 0   ? "better"
                                               : verdict < 0 ? "worse"
                                                             : "dim-label"),
                           3, y, 1, 1);
        }
      y++;
    }
}

char *
tf_candidate_panel_dup_text (TfCandidatePanel *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (TF_IS_CANDIDATE_PANEL (self), NULL);

  for (guint r = 0; r < self->rows->len; r++)
    {
      const Row *row = g_ptr_array_index (self->rows, r);
      g_autofree char *v0 = NULL, *v1 = NULL, *diff = NULL;
      int verdict;

      if (row->section != NULL)
        {
          g_string_append_printf (text, "%s\n", row->section);
          continue;
        }
      v0 = format_value (row, 0);
      g_string_append_printf (text, "%s\t%s", row->label, v0);
      if (self->two)
        {
          v1 = format_value (row, 1);
          diff = format_difference (row, &verdict);
          g_string_append_printf (text, "\t%s\t%s", v1, diff);
        }
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

static void
tf_candidate_panel_dispose (GObject *object)
{
  TfCandidatePanel *self = TF_CANDIDATE_PANEL (object);

  g_clear_pointer (&self->grid, gtk_widget_unparent);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  G_OBJECT_CLASS (tf_candidate_panel_parent_class)->dispose (object);
}

static void
tf_candidate_panel_class_init (TfCandidatePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tf_candidate_panel_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "candidatepanel");
}

static void
tf_candidate_panel_init (TfCandidatePanel *self)
{
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  self->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 2);
  gtk_widget_set_parent (self->grid, GTK_WIDGET (self));
}

GtkWidget *
tf_candidate_panel_new (void)
{
  return g_object_new (TF_TYPE_CANDIDATE_PANEL, NULL);
}
