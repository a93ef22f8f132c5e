/* SPDX-License-Identifier: GPL-3.0-or-later */
/* quotient-private.h: the quotient of a graph by its twin classes (twin-quotient.c) and what
 * searches on it give: hop sums over chip pairs and the change each failure makes to them
 * (pair-sums.c), interchangeable chip classes (chip-orbits.c) and the chip-to-chip hop table
 * (hop-table.c). The topology's metrics and the optimizer's evaluator share them.
 */
#pragma once

#include "graph-private.h"

G_BEGIN_DECLS

/* Up to this many levels a bit-parallel search from every source beats one search per source. */
#define TF_BIT_PARALLEL_MAX_LEVELS 64u

/* The quotient of a graph by its twin classes */

typedef struct
{
  guint     n_chip;
  guint     n_nodes;
  /* distinct neighbours of every node of the graph */
  guint32  *offset;
  guint32  *target;
  /* twin classes: chip classes first, each class numbered in the order of its smallest node,
   * which is its representative */
  guint     n_classes;
  guint     n_chip_classes;
  guint32  *class_of;     /* n_nodes */
  guint32  *class_rep;
  guint32  *class_size;
  guint8   *class_twin;   /* hops between two members: 1 true twins, 2 false twins, 0 alone */
  guint32  *class_sole;   /* false twins with one neighbour: that node, else TF_UNREACHED */
  /* one node per class, linked when their members are */
  guint32  *h_offset;
  guint32  *h_target;
} TfQuotient;

/* With @twins FALSE every node is its own class (link failures need the graph itself: a link
 * between twins breaks their symmetry). */
void     tf_quotient_init (TfQuotient *q, const TfNetworkGraph *graph, gboolean twins);
void     tf_quotient_clear (TfQuotient *q);
/* Breadth-first search on the quotient from class @s; returns the nodes reached, in order. */
guint    tf_quotient_bfs (const TfQuotient *q, guint32 s, guint32 *dist, guint32 *order);
/* Sets the "connectivity: chipA cannot reach chipB" error for a search from @from_class that
 * missed a chip class; returns FALSE. */
gboolean tf_quotient_connectivity_error (const TfQuotient *q, guint32 from_class,
                                         const guint32 *dist, GError **error);

/* Chips a quotient node stands for: a chip class's size, 0 for switches. */
static inline guint64
tf_quotient_weight (const TfQuotient *q,
                    guint32           c)
{
  return c < q->n_chip_classes ? q->class_size[c] : 0;
}

/* splitmix64's finaliser: a set of nodes hashes to the wrapping sum of its members'. */
static inline guint64
tf_mix64 (guint64 x)
{
  x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/* A node with a sort key, for qsort () with tf_keyed_compare (). */
typedef struct
{
  guint64 key;
  guint32 node;
} TfKeyed;

int      tf_keyed_compare (const void *pa, const void *pb);
/* Sorts @n items as qsort () with tf_keyed_compare () would, in linear time (a radix sort). */
void     tf_keyed_sort (TfKeyed *items, guint n);

/* Hop sums over chip pairs: the whole graph, and each failure (pair-sums.c) */

typedef struct
{
  guint    diameter;
  guint64  sum;          /* hops over ordered pairs of distinct chips */
  /* per class: */
  guint64 *row;          /* hops from one chip of the class to every other chip */
  gint64  *delta_sum;    /* change of the pair sum when the class's node fails (singletons) */
  guint64 *cut_pairs;    /* pairs cut off by that failure, twins of one class aside */
  /* per link of the graph, with a twin-free quotient only: */
  gint64  *link_delta_sum;
  guint64 *link_cut_pairs;
  guint8  *single;       /* whether the link is the only cable between its ends */
  guint32 *edge_link;    /* per quotient arc, such a link, or TF_UNREACHED; NULL: no links */
  /* when not NULL, filled: per source class s, row s (rows_stride apart) gets its hops to
   * every class x in column class_rep[x] (G_MAXUINT16 unreached, saturating at
   * G_MAXUINT16 - 1): a hop table's representative columns */
  guint16 *rows;
  gsize    rows_stride;
  /* when not NULL (switch failures only, no links): search from one class of each of its
   * orbits only, standing for the orbit (chip-orbits.c); rows are then filled for those alone,
   * at rows_index[s], and delta_sum and cut_pairs only mean their sums over the classes */
  const struct _TfChipOrbits *orbits;
  const guint32 *rows_index;
  /* when not NULL (switch failures only: no links, orbits or rows): before searching from
   * source s, fills @w with the chips each class stands for as a target of s (0 at s itself)
   * instead of the class sizes, @within with the pairs inside s's class, and @times with how
   * many sources s stands for (0: not searched); sum and the failures' changes then count
   * those pairs alone (group-rotation.c) */
  void   (*source_weights) (gpointer data, guint32 s, guint64 *w, guint64 *within,
                            guint64 *times);
  gpointer source_weights_data;
  /* when above 1, the failure analysis runs from every failure_stride-th source only (the
   * searches from the rest give the sums and rows alone): delta_sum and cut_pairs then hold
   * those sources' part, a lower bound on every failure's change (removing a node never
   * shortens a path) */
  guint    failure_stride;
} TfPairSums;

/* Sums over the classes of @q and, with @graph (@q twin-free), over its links too. */
void     tf_pair_sums_init (TfPairSums *ps, const TfQuotient *q, const TfNetworkGraph *graph);
void     tf_pair_sums_clear (TfPairSums *ps);
/* pair-sums.c's parts shared with its plain sources (pair-sums-plain.c): a source's hop-table
 * row in @ps (NULL without rows); what a search from class @s adds to @ps, from its hop sum
 * @row to the other classes' chips, its eccentricity and the chips it reached, FALSE with
 * @error when it did not reach every chip (@dist, may be NULL, the search's distances); and the
 * searches from the plain sources @source (@n, no source weights), @w each class's chips. */
guint16 *tf_pair_sums_source_row (const TfQuotient *q, TfPairSums *ps, guint32 s);
gboolean tf_pair_sums_source_done (const TfQuotient *q, TfPairSums *ps, guint32 s,
                                   gboolean weighted, guint64 within, guint64 times,
                                   guint64 row, guint ecc, guint64 reached,
                                   const guint32 *dist, GError **error);
gboolean tf_pair_sums_plain_sources (const TfQuotient *q, const guint64 *w, TfPairSums *ps,
                                     const guint32 *source, guint n, GError **error);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TfPairSums, tf_pair_sums_clear)

/* Every chip class below @n_sources a source: the whole graph's hop sum and diameter (with
 * every chip class a source), each class's row, and what each removable node's failure and,
 * with ps->edge_link, each link's changes. */
gboolean tf_pair_sums_by_source (const TfQuotient *q, const guint8 *removable, guint n_sources,
                                 TfPairSums *ps, GError **error);

/* Interchangeable chip classes (chip-orbits.c) */

/* The blocks of a level (chip-orbits.c): the components of the quotient's classes of height at
 * most h (hops from the nearest chip class), each with its classes in class order; arrays over
 * the classes. */
typedef struct
{
  guint     n;
  guint32  *block;     /* per class: its block, TF_UNREACHED above the level */
  guint32  *position;  /* per class of a block: its index there (class order) */
  guint32  *offset;    /* per block: where its classes start in @classes */
  guint32  *classes;
  guint32  *rep;       /* per block: the first block equivalent to it, itself if none */
} TfBlockLevel;

typedef struct _TfChipOrbits
{
  guint     n_components;
  guint32  *offset;       /* n_components + 1: each component's classes in @classes */
  guint32  *classes;      /* in class order within a component */
  guint32  *component;    /* per chip class */
  guint32  *position;     /* per chip class: its index in its component */
  guint32  *rep;          /* per component: the one searched for it (itself or one like it) */
  /* per chip class: */
  guint32  *source;       /* the class searched for it (itself when searched) */
  guint32  *perm;         /* where pi^-1 starts in @perms, TF_UNREACHED for the identity */
  guint32  *perms;
  /* Orbits under swaps of higher blocks too (they move switches, so rows do not follow): per
   * chip class, its orbit's representative (a source), and for that representative the
   * classes of the orbit (0 for the others). Row sums, eccentricities and the sum over all
   * switches of the change a failure makes are alike over an orbit. */
  guint32  *orbit;
  guint32  *orbit_size;
  guint     n_orbits;
  /* the levels whose swaps joined orbits, until tf_chip_orbits_drop_levels () */
  guint         n_levels;
  TfBlockLevel *levels;
} TfChipOrbits;

void     tf_chip_orbits_init (TfChipOrbits *o, const TfQuotient *q);
/* As tf_chip_orbits_init (), with the orbits under the swaps fixing every switch alone (orbit
 * is source, no levels): all that a rotation's sources and the hop table's rows through it
 * read, without the blocks of the levels above. */
void     tf_chip_orbits_init_fixing_switches (TfChipOrbits *o, const TfQuotient *q);
void     tf_chip_orbits_clear (TfChipOrbits *o);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TfChipOrbits, tf_chip_orbits_clear)
/* The class whose distances from chip class @y's member are the ones from @x's (its source)
 * to @u's class (@u a chip class): TF_UNREACHED when @u is @y itself. */
guint32  tf_chip_orbits_image (const TfChipOrbits *o, guint32 y, guint32 u);
/* Frees the levels, once the rows they give are made. */
void     tf_chip_orbits_drop_levels (TfChipOrbits *o);

/* The diameter and the hop sum over ordered chip pairs of @graph (connected), from one search
 * per orbit of chip classes on the twin quotient, when that takes at most @max_searches
 * searches; else *@done is FALSE and nothing is searched. */
gboolean tf_chip_path_sums (const TfNetworkGraph *graph, guint max_searches, gboolean *done,
                            guint *diameter, guint64 *sum, GError **error);

/* Chip-to-chip hop counts, computed once per candidate from one breadth-first search per class
 * of twin chips (chips with the same neighbours are at the same distance from everything else). */
typedef struct _TfHopTable TfHopTable;

struct _TfHopTable
{
  const TfNetworkGraph *graph;
  guint                 n_nodes;
  guint                 n_classes;
  guint32              *class_of_chip;   /* n_chip */
  guint32              *class_chip;      /* a representative chip per class */
  guint8               *twin_distance;   /* per class: distance between two of its chips (1 or 2) */
  guint32              *member_offset;   /* n_classes + 1: each class's chips in @members */
  guint32              *members;
  /* Rows: one per class searched; a class not searched reads its source's row through an
   * automorphism (chip-orbits.c). NULL orbits: every class is searched. */
  struct _TfChipOrbits *orbits;
  guint                 n_rows;
  guint32              *row_of_class;    /* per class: its source's row */
  guint16              *distance;        /* n_rows x n_nodes, G_MAXUINT16 unreachable; NULL when
                                          * the rows are read through a rotation */
  /* Rows through a group rotation (tf_hop_table_rotated_rows ()): row r at node u is
   * rot_distance[rot_row[r] * rot_stride + rot_map[rot_group[r] * n_nodes + u]], one group's
   * searches read through the rotation, but at the other chips of its class: rot_twin[r]. */
  guint16              *rot_distance;
  guint                 rot_stride;
  guint32              *rot_map;         /* per group and node: the searches' column */
  guint32              *rot_row;         /* per row: its search */
  guint32              *rot_group;       /* per row: its group */
  guint8               *rot_twin;        /* per row */
};

void  tf_hop_table_init (TfHopTable *table, const TfNetworkGraph *graph);
void  tf_hop_table_clear (TfHopTable *table);
guint tf_hop_table_distance (const TfHopTable *table, guint32 chip_a, guint32 chip_b);
/* The distances from every node to @chip's class representative (0 there, the twin distance at
 * its other members), without a copy: the row of @chip's source class, read at node u (at
 * @map[u] when *@map is not NULL: a row through a rotation), whose values at @nodes[i] are
 * @values[i] instead in @chip's own (in order; a node may appear twice, the later value
 * holding). None when @chip's class is searched itself and no rotation moves its twins. @nodes
 * and @values have room for n_chip + 1. */
const guint16 *tf_hop_table_row_moves (const TfHopTable *table, guint32 chip, guint32 *nodes,
                                       guint16 *values, guint *n_moves, const guint32 **map);

/* A hop table in steps around searches on @q (twins merged) from every chip class, or from the
 * sources of @orbits (may be NULL; the table takes it): begin allocates it (with @rows, its
 * plain rows; without, tf_hop_table_rotated_rows () gives them), the searches fill each row's
 * representative columns (as TfPairSums.rows, rows_index the table's row_of_class; Layer 1's
 * from one source per orbit, search_rest from the other sources), finish gives every other
 * node its representative's distance. */
void     tf_hop_table_begin (TfHopTable *table, const TfNetworkGraph *graph,
                             const TfQuotient *q, TfChipOrbits *orbits, gboolean rows);
void     tf_hop_table_search_rest (TfHopTable *table, const TfQuotient *q);
void     tf_hop_table_finish (TfHopTable *table, const TfQuotient *q);

G_END_DECLS
