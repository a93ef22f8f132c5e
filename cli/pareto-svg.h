/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pareto-svg.h: the Pareto front as an SVG scatter plot (cairo's SVG surface). */
#pragma once

#include "topoforge.h"

G_BEGIN_DECLS

/* What to draw. Points are rows of @n_objectives values (row-major) in the units the axes show,
 * so a maximised objective stored negated for the search is given back positive. Objective 0 is
 * x, 1 is y, 2 the colour of the front's points; any further ones are not drawn. With a single
 * objective the points lie on one line across the plot. All arrays are borrowed. */
typedef struct
{
  const char   *title;           /* the line above the plot; NULL: "Pareto front" */
  guint         n_objectives;    /* values per point, >= 1 */
  const char   *names[3];        /* of objectives 0, 1, 2, e.g. "iter_time" */
  const char   *units[3];        /* e.g. "us"; NULL or "" for none */

  const double *front;           /* the non-dominated points: filled circles */
  guint         n_front;
  const double *baseline;        /* optional (NULL): the baseline's front, grey squares */
  guint         n_baseline;
  const char   *baseline_label;  /* its legend entry; NULL: "random search" */
  const double *evaluated;       /* optional (NULL): every evaluated point, faint dots, clipped
                                  * to the axes, which fit the two fronts */
  guint         n_evaluated;
} TfParetoPlot;

/* Draws @plot at 800 x 600 px and writes it to @path atomically (nothing is left half-written
 * on failure). Points with a value that is not finite are left out. FALSE with TF_ERROR_IO when
 * drawing or writing fails. */
gboolean tf_pareto_svg_write (const char          *path,
                              const TfParetoPlot  *plot,
                              GError             **error);
/* The same document into @out, for tests and for callers that write it elsewhere. */
gboolean tf_pareto_svg_render (const TfParetoPlot  *plot,
                               GString             *out,
                               GError             **error);

G_END_DECLS
