/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-pareto-model-words.c: the Pareto plot in words (tf-pareto-model.h): an axis's title, a
 * point for its tooltip and for a screen reader, and each set's name and meaning for the
 * legend. */
#include <math.h>

#include <glib/gi18n.h>

#include "tf-pareto-model-private.h"

const char *
tf_pareto_set_get_label (TfParetoSet set)
{
  switch (set)
    {
    case TF_PARETO_FRONT:
      /* TRANSLATORS: legend of the Pareto plot: the search's front, its numbered candidates */
      return _("Search front");
    case TF_PARETO_MEMBERS:
      /* TRANSLATORS: legend: designs of the front without a file, drawn small */
      return _("Rest of the front");
    case TF_PARETO_BASELINE:
      /* TRANSLATORS: legend: the Random + QMC baseline's front */
      return _("Baseline front");
    case TF_PARETO_FAMILY:
      /* TRANSLATORS: legend: the non-dominated family designs evaluated before the search */
      return _("Family front");
    case TF_PARETO_FILES:
      /* TRANSLATORS: legend: topology files the user evaluated (Evaluate File…) */
      return _("Evaluated files");
    case TF_PARETO_EVALUATED:
      /* TRANSLATORS: legend: the faint cloud of every design the search evaluated */
      return _("Search evaluated");
    case TF_PARETO_FAMILY_EVALUATED:
      /* TRANSLATORS: legend: the faint cloud of every family design evaluated before the search */
      return _("Family designs");
    case TF_N_PARETO_SETS:
    default:
      return "";
    }
}

const char *
tf_pareto_set_get_explanation (TfParetoSet set)
{
  switch (set)
    {
    case TF_PARETO_FRONT:
      return _("The search's Pareto front: the numbered candidates, each with its file "
               "(candidate_NNN.yaml). Click one to see it");
    case TF_PARETO_MEMBERS:
      return _("The other designs of the front, without a file of their own: each stands with "
               "the nearest numbered candidate, which a click on it selects");
    case TF_PARETO_BASELINE:
      return _("The front of the Random + QMC baseline: as many evaluations spent on random "
               "and quasi-random design points");
    case TF_PARETO_FAMILY:
      return _("Every buildable family design, evaluated before the search (Stage 0): the ones "
               "no other beats. The search starts from them");
    case TF_PARETO_FILES:
      return _("Topology files evaluated under this configuration (Evaluate File…). Click one "
               "to see it");
    case TF_PARETO_EVALUATED:
      return _("Every feasible design the search evaluated");
    case TF_PARETO_FAMILY_EVALUATED:
      return _("Every feasible family design evaluated before the search (Stage 0)");
    case TF_N_PARETO_SETS:
    default:
      return "";
    }
}

char *
tf_pareto_model_dup_axis_title (const TfParetoModel *model,
                                TfParetoAxis         axis)
{
  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail ((guint) axis < TF_N_PARETO_AXES, NULL);

  if (model->axis[axis] < 0)
    return NULL;
  return tf_plot_axis_dup_title (&model->plot_axis[axis],
                                 _(tf_objective_label (model->objectives[model->axis[axis]])));
}

/* What the point is, before its numbers: "Candidate 3 (front)". */
static void
append_name (GString             *text,
             const TfParetoModel *model,
             TfParetoSet          set,
             guint                index)
{
  const char *origin = tf_pareto_model_get_origin (model, set, index);
  guint representative, members;

  switch (set)
    {
    case TF_PARETO_FRONT:
      /* TRANSLATORS: a point of the Pareto plot; the number is its pareto/candidate_NNN.yaml */
      g_string_append_printf (text, _("Candidate %u (front)"), index + 1);
      members = tf_pareto_model_count_members (model, index);
      if (members > 0)
        g_string_append_printf (text,
                                /* TRANSLATORS: after "Candidate 3 (front)" */
                                g_dngettext (NULL, ", standing for %u more design",
                                             ", standing for %u more designs", members),
                                members);
      break;
    case TF_PARETO_MEMBERS:
      representative = tf_pareto_model_get_representative (model, index);
      if (representative != G_MAXUINT)
        /* TRANSLATORS: a design of the front without a file; the number is the candidate
         * (pareto/candidate_NNN.yaml) that stands for it */
        g_string_append_printf (text, _("A design of the front candidate %u stands for"),
                                representative + 1);
      else
        g_string_append (text, _("A design of the front"));
      break;
    case TF_PARETO_BASELINE:
      /* TRANSLATORS: a point of the baseline's (random search's) front in the Pareto plot */
      g_string_append_printf (text, _("Candidate %u (baseline)"), index + 1);
      break;
    case TF_PARETO_FAMILY:
      /* TRANSLATORS: a point of the family front (Stage 0) in the Pareto plot */
      g_string_append_printf (text, _("Family front design %u"), index + 1);
      break;
    case TF_PARETO_FAMILY_EVALUATED:
      g_string_append_printf (text, _("Family design %u"), index + 1);
      break;
    case TF_PARETO_FILES:
      /* TRANSLATORS: a topology file the user evaluated; %s is its name */
      g_string_append_printf (text, _("%s (evaluated file)"), origin != NULL ? origin : "");
      break;
    case TF_PARETO_EVALUATED:
    case TF_N_PARETO_SETS:
    default:
      g_string_append_printf (text, _("Evaluated candidate %u"), index + 1);
      break;
    }
}

char *
tf_pareto_model_dup_description (const TfParetoModel *model,
                                 TfParetoSet          set,
                                 guint                index)
{
  g_autoptr(GString) text = g_string_new (NULL);
  const double *values;
  const char *origin;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail ((guint) set < TF_N_PARETO_SETS, NULL);
  g_return_val_if_fail (index < tf_pareto_model_n (model, set), NULL);

  values = tf_pareto_model_get_values (model, set, index);
  origin = tf_pareto_model_get_origin (model, set, index);
  append_name (text, model, set, index);
  g_string_append (text, ": ");
  for (guint k = 0; k < model->n_objectives; k++)
    {
      TfObjective o = model->objectives[k];
      char value[64];

      if (isfinite (values[k]))
        tf_plot_format_value (values[k], tf_objective_unit (o), value, sizeof value);
      else
        g_strlcpy (value, "—", sizeof value);
      if (k > 0)
        /* TRANSLATORS: between two objectives' values in a point's description */
        g_string_append (text, _(", "));
      /* TRANSLATORS: an objective and its value, "Iteration time 1.23 ms" */
      g_string_append_printf (text, _("%s %s"), _(tf_objective_label (o)), value);
    }
  /* A file's origin is its name, said already. */
  if (origin != NULL && origin[0] != '\0' && set != TF_PARETO_FILES)
    /* TRANSLATORS: where a candidate came from, "graph_mutation of fat-tree:…" */
    g_string_append_printf (text, _("; from %s"), origin);
  return g_string_free (g_steal_pointer (&text), FALSE);
}
