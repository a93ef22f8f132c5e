/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-pareto-model-pick.c: which point a pixel is on, what a click on it selects, the selection
 * (front and file points, a click, a modifier, a rubber band) and the keyboard's walk along the
 * front (tf-pareto-model.h). All of it reads the positions tf-pareto-model.c placed, so what is
 * picked is what the user sees. */
#include <math.h>
#include <string.h>

#include "tf-pareto-model-private.h"

/* When points of several sets are equally near, the first of these wins: what a click selects
 * (the rest of the front selects its representative) before what it only describes, so a
 * family design still on the front is reached through the front. */
static const TfParetoSet hit_order[] = {
  TF_PARETO_FRONT, TF_PARETO_FILES, TF_PARETO_MEMBERS, TF_PARETO_BASELINE, TF_PARETO_FAMILY,
};

gboolean
tf_pareto_model_hit (const TfParetoModel *model,
                     double               px,
                     double               py,
                     double               radius,
                     TfParetoSet         *set,
                     guint               *index)
{
  double best = radius;
  gboolean found = FALSE;

  g_return_val_if_fail (model != NULL, FALSE);

  /* A later set wins only when strictly nearer. */
  for (guint o = 0; o < G_N_ELEMENTS (hit_order); o++)
    {
      TfParetoSet s = hit_order[o];

      for (guint i = 0; i < tf_pareto_model_n (model, s); i++)
        {
          double x, y, d;

          if (!tf_pareto_model_get_position (model, s, i, &x, &y))
            continue;
          d = hypot (x - px, y - py);
          /* Rounding must not let an equally near point of a later set win. */
          if ((found && d < best - 1e-9) || (!found && d <= best))
            {
              best = d;
              found = TRUE;
              if (set != NULL)
                *set = s;
              if (index != NULL)
                *index = i;
            }
        }
    }
  return found;
}

gboolean
tf_pareto_model_get_selectable (const TfParetoModel *model,
                                TfParetoSet          set,
                                guint                index,
                                TfParetoSet         *selected_set,
                                guint               *selected_index)
{
  TfParetoSet s = set;
  guint i = index;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail ((guint) set < TF_N_PARETO_SETS, FALSE);
  g_return_val_if_fail (index < tf_pareto_model_n (model, set), FALSE);

  if (set == TF_PARETO_MEMBERS)
    {
      /* A design without a file of its own is shown by the candidate that stands for it. */
      s = TF_PARETO_FRONT;
      i = tf_pareto_model_get_representative (model, index);
      if (i == G_MAXUINT)
        return FALSE;
    }
  else if (!tf_pareto_set_is_selectable (set))
    return FALSE;
  if (selected_set != NULL)
    *selected_set = s;
  if (selected_index != NULL)
    *selected_index = i;
  return TRUE;
}

static void
apply (TfParetoModel      *model,
       TfParetoSet         set,
       guint               index,
       TfParetoSelectMode  mode)
{
  gboolean *selected = &g_array_index (model->selected[set], gboolean, index);

  *selected = mode == TF_PARETO_SELECT_TOGGLE ? !*selected : TRUE;
}

void
tf_pareto_model_select_point (TfParetoModel      *model,
                              TfParetoSet         set,
                              guint               index,
                              TfParetoSelectMode  mode)
{
  g_return_if_fail (model != NULL);
  g_return_if_fail (tf_pareto_set_is_selectable (set));
  g_return_if_fail (index < model->selected[set]->len);

  if (mode == TF_PARETO_SELECT_REPLACE)
    tf_pareto_model_clear_selection (model);
  apply (model, set, index, mode);
}

void
tf_pareto_model_select (TfParetoModel      *model,
                        guint               index,
                        TfParetoSelectMode  mode)
{
  tf_pareto_model_select_point (model, TF_PARETO_FRONT, index, mode);
}

guint
tf_pareto_model_select_rect (TfParetoModel      *model,
                             double              x0,
                             double              y0,
                             double              x1,
                             double              y1,
                             TfParetoSelectMode  mode)
{
  static const TfParetoSet sets[] = { TF_PARETO_FRONT, TF_PARETO_FILES };
  double left = MIN (x0, x1), right = MAX (x0, x1), top = MIN (y0, y1), bottom = MAX (y0, y1);
  guint count = 0;

  g_return_val_if_fail (model != NULL, 0);

  if (mode == TF_PARETO_SELECT_REPLACE)
    tf_pareto_model_clear_selection (model);
  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    for (guint i = 0; i < tf_pareto_model_n (model, sets[s]); i++)
      {
        double x, y;

        if (tf_pareto_model_get_position (model, sets[s], i, &x, &y)
            && x >= left && x <= right && y >= top && y <= bottom)
          {
            apply (model, sets[s], i, mode);
            count++;
          }
      }
  return count;
}

void
tf_pareto_model_clear_selection (TfParetoModel *model)
{
  g_return_if_fail (model != NULL);

  for (TfParetoSet set = 0; set < TF_N_PARETO_SETS; set++)
    if (model->selected[set]->len > 0)
      memset (model->selected[set]->data, 0, sizeof (gboolean) * model->selected[set]->len);
}

gboolean
tf_pareto_model_is_point_selected (const TfParetoModel *model,
                                   TfParetoSet          set,
                                   guint                index)
{
  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail ((guint) set < TF_N_PARETO_SETS, FALSE);
  return index < model->selected[set]->len
         && g_array_index (model->selected[set], gboolean, index);
}

gboolean
tf_pareto_model_is_selected (const TfParetoModel *model,
                             guint                index)
{
  return tf_pareto_model_is_point_selected (model, TF_PARETO_FRONT, index);
}

GArray *
tf_pareto_model_get_selected (const TfParetoModel *model,
                              TfParetoSet          set)
{
  GArray *indices;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail ((guint) set < TF_N_PARETO_SETS, NULL);

  indices = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < model->selected[set]->len; i++)
    if (g_array_index (model->selected[set], gboolean, i))
      g_array_append_val (indices, i);
  return indices;
}

GArray *
tf_pareto_model_get_selection (const TfParetoModel *model)
{
  return tf_pareto_model_get_selected (model, TF_PARETO_FRONT);
}

int
tf_pareto_model_get_focus (const TfParetoModel *model)
{
  g_return_val_if_fail (model != NULL, -1);
  return model->focus;
}

void
tf_pareto_model_set_focus (TfParetoModel *model,
                           int            index)
{
  g_return_if_fail (model != NULL);
  g_return_if_fail (index >= -1 && index < (int) tf_pareto_model_n (model, TF_PARETO_FRONT));
  model->focus = index;
}

static gint
compare_by_xy (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  const TfParetoModel *model = data;
  guint i = *(const guint *) a, j = *(const guint *) b;

  for (guint axis = 0; axis < 2; axis++)
    {
      double vi = tf_pareto_model_point_value (model, TF_PARETO_FRONT, i, axis);
      double vj = tf_pareto_model_point_value (model, TF_PARETO_FRONT, j, axis);

      if (vi != vj)
        return vi < vj ? -1 : 1;
    }
  return (i > j) - (i < j);
}

int
tf_pareto_model_step_focus (TfParetoModel *model,
                            int            step)
{
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
  int at = -1;

  g_return_val_if_fail (model != NULL, -1);

  /* The placed points by x, then y, then number. */
  for (guint i = 0; i < tf_pareto_model_n (model, TF_PARETO_FRONT); i++)
    if (!isnan (g_array_index (model->positions[TF_PARETO_FRONT], double, 2 * i)))
      g_array_append_val (order, i);
  if (order->len == 0)
    return model->focus;
  g_array_sort_with_data (order, compare_by_xy, model);

  for (guint k = 0; k < order->len; k++)
    if ((int) g_array_index (order, guint, k) == model->focus)
      at = (int) k;
  if (at < 0)
    at = step >= 0 ? 0 : (int) order->len - 1;
  else
    /* The ends stop the focus rather than wrap: a screen reader hears the edge. */
    at = CLAMP (at + (step > 0 ? 1 : step < 0 ? -1 : 0), 0, (int) order->len - 1);
  model->focus = (int) g_array_index (order, guint, at);
  return model->focus;
}
