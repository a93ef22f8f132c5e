/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-format.h: numbers, quantities and counts as the app shows them: digits grouped by the
 * locale's thousands separator (a comma where the locale has none), units joined to their
 * number by a no-break space so they never wrap apart, counts of things through ngettext. */
#pragma once

#include <glib.h>

#include "topoforge.h"

G_BEGIN_DECLS

/* "3,543". */
char *tf_format_count (guint64 value);
/* "51,200.5" with at most @digits decimals, trailing zeros dropped. */
char *tf_format_real (double value, guint digits);
/* "51,200 GB/s": the number, a no-break space, the unit. */
char *tf_format_quantity (double value, guint digits, const char *unit);
/* "1 rack", "2 racks", "1,024 boards": @singular and @plural are ngettext's "%s …" pair, which
 * xgettext extracts as one plural message (po/meson.build's keyword tf_format_things:2,3). */
char *tf_format_things (guint64 n, const char *singular, const char *plural);
/* The panel's description of a topology, as Pango markup: "<b>torus</b> 32×32 · board 2×2",
 * then its chips, boards, racks and pods, switches and links, diameter, bisection and path
 * diversity, every count grouped and in the right plural. */
char *tf_format_topology_markup (const char *family, const char *params,
                                 const TfNetworkGraph *graph, const TfMetrics *metrics);

G_END_DECLS
