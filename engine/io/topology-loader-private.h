/* SPDX-License-Identifier: GPL-3.0-or-later */
/* topology-loader-private.h: the loader's shared state, behind tf_topology_load_data.
 *
 * The loader reads in two phases: the reading (topology-loader-metadata.c for metadata,
 * topology-loader-network.c for boardGrouping and network) keeps what it reads in compact
 * records; the assembly (topology-loader-graph.c) builds the NetworkGraph from them, and
 * topology-loader-id.c checks the metadata against the result id the file names.
 * topology-loader.c holds the allocation seam and drives both phases.
 */
#pragma once

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cost-private.h"
#include "family-private.h"
#include "graph-private.h"
#include "metrics-private.h"
#include "context-private.h"
#include "yaml-reader-private.h"

G_BEGIN_DECLS

#define MAX_NAME        256      /* switch ids, strings in metadata */
#define MAX_ID          1024     /* result ids */
#define MAX_EXTENSION   10000    /* values under all kept metadata keys together */
#define MAX_SWITCHES    (1u << 24)
#define MAX_MEMORY      (G_GUINT64_CONSTANT (1) << 32)

/* A link end before names resolve: a chip number, or a switch name's index with this bit. */
#define SWITCH_REF      0x80000000u

/* A pod or a rack as read. */
typedef struct
{
  guint32 id;
  guint32 parent;         /* a rack's pod (record index); unused for pods */
  guint32 index;          /* position in its parent's list */
  TfMark  mark;
} GroupRecord;

typedef struct
{
  guint32 id;
  guint32 rack;           /* record index of its rack */
  guint32 index;
  TfMark  mark;
  guint32 first_chip;     /* into chips */
  guint32 n_chips;
  TfMark  chips_mark;
} BoardRecord;

typedef struct
{
  guint32 chip;
  TfMark  mark;
} ChipRecord;

typedef struct
{
  guint32 name;           /* into names */
  TfTier  tier;
  guint32 container;
  guint64 port_count;
  TfMark  mark;
  TfMark  tier_mark;
  TfMark  container_mark; /* its board:, rack: or pod: value */
  guint8  has_board, has_rack, has_pod;
} SwitchRecord;

/* Counts added to metrics after files were first written; missing ones are counted on the
 * graph when the file loads. */
typedef enum
{
  NEW_COUNT_BY_REACH = 1 << 0,
  NEW_COUNT_SWITCH_RADIX = 1 << 1,
  NEW_COUNT_PER_CHIP = 1 << 2,
  NEW_COUNT_LAYOUT = 1 << 3,    /* cost, cables, injection bandwidth, racks, pods */
  NEW_COUNT_PER_CHIP_BISECTION = 1 << 4,
  NEW_COUNT_RACK_POWER = 1 << 5,
  NEW_COUNT_ALL = (1 << 6) - 1,
} NewCount;

typedef struct
{
  guint32    a, b;
  guint32    multiplicity;
  TfLinkType type;
  TfReach    reach;
  gboolean   has_reach;  /* a file from before reach computes it (docs/yaml-format.md) */
  TfMark     mark;
} LinkRecord;

typedef struct
{
  TfMark  mark;
  guint32 link;           /* the link being read when the name first came up */
  char    end;            /* and its end, 'a' or 'b' */
} NameUse;

/* A growable array whose growth goes through the allocation seam. */
typedef struct
{
  guint8 *data;
  guint   len;
  guint   cap;
  gsize   size;
} TfLoaderVec;

#define VEC_AT(v, type, i) (((type *) (void *) (v).data)[i])

typedef struct
{
  TfYamlReader  r;
  guint         fail_at;
  guint         n_allocs;

  /* metadata */
  gboolean      has_metadata, has_context, has_n_chip, has_scope;
  gboolean      has_chip_defaults, has_rack_defaults;  /* files since issue 30 have them */
  TfMark        metadata_mark, context_mark;
  TfContext     ctx;
  char         *source;
  char         *family;
  TfMark        family_mark;
  char         *id;
  TfMark        id_mark;
  GString      *attrs;              /* family_attrs as read, canonical text */
  TfMark        attrs_mark;
  char         *status;
  TfMark        status_mark;
  GPtrArray    *warnings;           /* names as read */
  TfMark        warnings_mark;
  gboolean      has_n_endpoint, has_derived;
  guint64       n_endpoint, derived;
  TfMark        n_endpoint_mark, derived_mark;
  gboolean      has_metrics, has_generator_metrics;
  guint         has_new_counts;  /* NewCount bits: metrics newer files carry */
  TfMetrics     metrics;
  TfCandidateMetadata *candidate;   /* the optimizer's keys, when any */
  GPtrArray    *extensions;         /* TfYamlExtension *: keys kept as they are */
  guint         extension_budget;
  GPtrArray    *notices;            /* char *: one line for each kept key but x- ones */

  /* the rest */
  gboolean      has_chips_per_board;
  guint64       chips_per_board;
  TfMark        chips_per_board_mark;
  gboolean      has_grouping, has_network;
  TfMark        grouping_mark, network_mark;
  TfLoaderVec   pods, racks, boards, chips, switches, links;
  GPtrArray    *names;              /* switch names, as referenced or defined */
  GHashTable   *name_index;         /* name -> index + 1 */
  TfLoaderVec   name_first_use;     /* TfMark of each name's first reference */
  guint32      *name_switch;        /* name -> switch record + 1, once assembled */
} TfLoader;

/* The allocation seam (topology-loader.c): every allocation that grows with the input. */
gpointer tf_loader_realloc (TfLoader *l, gpointer mem, gsize size);
gpointer tf_loader_alloc0 (TfLoader *l, gsize n, gsize size);
/* Sets a TF_ERROR_NO_MEMORY at the field being read; returns FALSE. */
gboolean tf_loader_out_of_memory (TfLoader *l);
gboolean tf_loader_vec_push (TfLoader *l, TfLoaderVec *v, const void *item);

/* Reading (topology-loader-metadata.c, topology-loader-network.c). At the top and under
 * metadata a key no reader knows is kept as it is, with a notice (tf_loader_keep_unknown, a
 * TfYamlUnknownFunc whose data is the loader); inside boardGrouping and network it is an
 * error. */
gboolean tf_loader_keep_unknown (TfYamlReader *r, TfYamlMapping *m, const char *key,
                                 gpointer target, gpointer data);
gboolean tf_loader_read_metadata (TfLoader *l);
/* A file with neither a context nor a family or an id: its context from its grouping and links
 * (n_chip, scope by its racks, the largest board, rack, pod and chip degree it has, no rack
 * power budget), and a notice saying so. */
void     tf_loader_derive_context (TfLoader *l);
gboolean tf_loader_read_grouping (TfLoader *l);
gboolean tf_loader_read_network (TfLoader *l);
/* The counts a file from before them lacks, counted on its graph. */
void     tf_loader_fill_new_counts (const TfContext *ctx, const TfNetworkGraph *graph,
                                    guint present, TfMetrics *m);

/* Assembly (topology-loader-graph.c) */
gboolean tf_loader_assemble_grouping (TfLoader *l, TfNetworkGraph *g);
gboolean tf_loader_assemble_network (TfLoader *l, TfNetworkGraph *g);
gboolean tf_loader_fail_invariant (TfLoader *l, const TfViolation *where, const GError *error);

/* The metadata against the result id (topology-loader-id.c) */
gboolean tf_loader_check_metadata (TfLoader *l, TfTopology *out);

G_END_DECLS
