/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pareto-svg.h: the Pareto front as an SVG scatter plot (cairo's SVG surface). */
#pragma once

#ifdef TF_BELOW_PLOT
#error "pareto-svg.h is the plot's door: the layers below it may not use it (engine/DESIGN.md)"
#endif

#include "optimizer.h"

G_BEGIN_DECLS

/* What to draw. Points are rows of @n_objectives values (row-major) in the units the axes show,
 * so a maximised objective stored negated for the search is given back positive. Objective 0 is
 * x, 1 is y, 2 the colour of the front's points; any further ones are not drawn. With a single
 * objective the points lie on one line across the plot. All arrays are borrowed. */
typedef struct
{
  const char   *title;           /* the line above the plot; NULL: "Pareto front" */
  guint         n_objectives;    /* values per point, >= 1 */
  const char   *labels[3];       /* of objectives 0, 1, 2, e.g. "Iteration time" */
  const char   *units[3];        /* the engine's (tf_objective_unit), e.g. "us"; NULL: none */

  const double *front;           /* the non-dominated points: filled circles, numbered */
  guint         n_front;
  const double *members;         /* optional (NULL): the front's other points, which its points
                                  * stand for (front_max): small filled circles, unnumbered */
  guint         n_members;
  const double *family;          /* optional (NULL): the family front (Stage 0), hollow
                                  * diamonds drawn over the front's circles */
  guint         n_family;
  const char   *family_label;    /* its legend entry; NULL: "family front" */
  const double *baseline;        /* optional (NULL): the baseline's front, hollow squares drawn
                                  * over the front's circles */
  guint         n_baseline;
  const char   *baseline_label;  /* its legend entry; NULL: "random search" */
  const double *evaluated;       /* optional (NULL): every evaluated point, faint dots, clipped
                                  * to the axes, which fit the two fronts */
  guint         n_evaluated;
} TfParetoSvg;

/* Draws @plot at 800 x 600 px and writes it to @path atomically (nothing is left half-written
 * on failure). Points with a value that is not finite are left out; points that would hide one
 * another are spread on a small ring (tf_plot_spread). FALSE with TF_ERROR_IO when drawing or
 * writing fails. */
gboolean tf_pareto_svg_write (const char         *path,
                              const TfParetoSvg  *plot,
                              GError            **error);
/* The same document into @out, for tests and for callers that write it elsewhere. */
gboolean tf_pareto_svg_render (const TfParetoSvg  *plot,
                               GString            *out,
                               GError            **error);

/* DIR/pareto.svg of a run: the front (numbered as pareto/candidate_NNN.yaml, with the designs
 * they stand for), the family front of Stage 0, the Random + QMC baseline's front and every
 * evaluated candidate, over the first two objectives, the third as colour. */
gboolean tf_pareto_svg_write_run (const char *dir, const TfSearchConfig *config,
                                  const TfSearchResult *result, GError **error);

G_END_DECLS
