/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-config-private.h: the search configuration's loader, behind tf_search_config_load_data.
 *
 * search-config.c holds the document (its top-level keys, hardware_constraints, objectives,
 * generators, search and evaluator), the defaults and the checks that join its parts;
 * search-config-workload.c the workloads and the model presets (data/models.yaml);
 * search-config-cost.c the price table and floor plan (data/prices.yaml and the file's cost:
 * block); search-config-reader.c the typed readers they share on top of yaml-reader.c's;
 * search-config-writer.c writes a configuration back.
 */
#pragma once

#include "optimizer-private.h"
#include "names-private.h"
#include "yaml-reader-private.h"

G_BEGIN_DECLS

/* The optimizer's own limits: a candidate is a whole graph evaluated many times over. */
#define MAX_N_CHIP          65536u
#define MAX_RADIX           4096u
#define MAX_SHEET_SWITCHES  (2 * TF_SEARCH_MAX_RADIX_OPTIONS)
#define MAX_METRES          1e5

/* The price table and floor plan as read (search-config-cost.c) */

typedef struct
{
  guint        n_switch;
  guint        switch_radix[MAX_SHEET_SWITCHES];
  double       switch_price[MAX_SHEET_SWITCHES];
  TfPriceTable base;       /* every price but the switches' */
  TfFloorPlan  floor;
} CostSheet;

/* The cost: block, or the whole of data/prices.yaml (@complete: every key required). */
gboolean tf_config_read_cost (TfYamlReader *r, CostSheet *sheet, gboolean complete);
/* The built-in data/prices.yaml. */
void     tf_config_cost_sheet_builtin (CostSheet *sheet);
/* The price of each radix option, in the options' order; FALSE with the first option that has
 * none. */
gboolean tf_config_resolve_switch_prices (const CostSheet *sheet,
                                          const TfHardwareConstraints *hw,
                                          TfPriceTable *prices, guint *missing);

/* Model presets and the model keys of a workload (search-config-workload.c) */

enum
{
  F_PARAMETERS = 0,
  F_LAYERS,
  F_HIDDEN_SIZE,
  F_SEQUENCE_LENGTH,
  F_GLOBAL_BATCH_SIZE,
  F_MICRO_BATCH_SIZE,
  F_BYTES_PER_VALUE,
  F_CHIP_PEAK_TFLOPS,
  F_MFU,
  F_COMPUTE_TIME_US,
  N_MODEL_FIELDS
};

/* ModelPreset.have and WorkloadRecord.have: bit F_x for a model key, F_OVERLAP (comm) for an
 * overlap key. */
#define F_OVERLAP(comm)  (N_MODEL_FIELDS + (comm))
#define REQUIRED_MODEL   ((1u << F_COMPUTE_TIME_US) - 1)

typedef struct
{
  const char *key;
  gsize       offset;
  gboolean    integer;
  guint64     min, max;          /* integers */
  double      rmin, rmax;        /* reals, above rmin */
  const char *unit;
} ModelField;

/* The model keys in file order, by F_x: read here, written by search-config-writer.c. */
extern const ModelField tf_config_model_fields[N_MODEL_FIELDS];

typedef struct
{
  char       *name;
  TfWorkload  model;
  guint       have;
} ModelPreset;

void     tf_config_model_preset_clear (gpointer data);
/* The built-in data/models.yaml into @presets. */
void     tf_config_models_builtin (GArray *presets);
/* A workload before its keys are read: weight 1, ep 1, the spec's message sizes, AllReduce,
 * the default overlap. */
void     tf_config_workload_defaults (TfWorkload *w);

/* The document (search-config.c) */

typedef struct
{
  TfMark   mark;              /* the workload's mapping */
  TfMark   parallelism_mark;
  TfMark   name_mark;
  gboolean has_parallelism;
  gboolean has_name;
  guint    have;              /* model fields given here */
  const ModelPreset *preset;
} WorkloadRecord;

typedef struct
{
  TfYamlReader    r;
  TfSearchConfig *c;
  CostSheet       sheet;
  GArray         *presets;    /* ModelPreset */

  TfMark          root_mark;
  gboolean        has_n_chip;
  TfMark          n_chip_mark;
  const char     *workload_key;   /* "workload" or "workloads", once read */
  WorkloadRecord  records[TF_SEARCH_MAX_WORKLOADS];
  TfMark          radix_marks[TF_SEARCH_MAX_RADIX_OPTIONS];  /* in ascending order */
  gboolean        has_radix_options;
  gboolean        has_family_block;
  TfMark          family_mark;
  TfMark          family_enabled_mark;
  TfMark          reference_marks[TF_N_OBJECTIVES];
} Loader;

/* Workloads (search-config-workload.c): workload: (one) or workloads: (a list), and the checks
 * that join a workload to the rest of the file once it has all been read. */
gboolean tf_config_read_workloads (Loader *l, const char *key, TfMark key_mark);
gboolean tf_config_finish_workload (Loader *l, guint index);

/* Typed readers on top of yaml-reader.c's (search-config-reader.c) */

gboolean tf_config_unknown_key (TfYamlReader *r, TfYamlMapping *m, const char *key,
                                const char *const *known, guint n_known);
gboolean tf_config_is_key (const char *key, const char *name);
gboolean tf_config_read_bool (TfYamlReader *r, gboolean *out);
/* A whole number in [min, max]; when @why is given, a number above the range says why the
 * limit is what it is. */
gboolean tf_config_read_uint_in (TfYamlReader *r, guint64 min, guint64 max, const char *why,
                                 guint64 *out);
gboolean tf_config_read_guint (TfYamlReader *r, guint64 min, guint64 max, guint *out);
gboolean tf_config_read_ascending (TfYamlReader *r, guint min, guint max, guint max_items,
                                   const char *what, guint *values, TfMark *marks,
                                   guint *n_values);
/* A finite number above (or from) @min and at most @max, @unit after the numbers. */
gboolean tf_config_read_real_in (TfYamlReader *r, double min, gboolean min_open, double max,
                                 const char *unit, double *out);
/* A list of names, each found by @lookup, none twice, at least one. */
typedef gboolean (*LookupFunc) (const char *name, guint *index);
typedef char *(*ExplainFunc) (const char *name);

gboolean tf_config_read_name_list (TfYamlReader *r, guint max_items, LookupFunc lookup,
                                   ExplainFunc explain, guint *indices, guint *n);
/* "needs every key here (missing: ...)" for the keys whose bit is not in @have. */
gboolean tf_config_fail_missing (TfYamlReader *r, TfMark mark, const char *const *keys,
                                 guint n_keys, guint have);
/* Built-in text is part of the program: a fault in it is a bug. */
G_NORETURN void tf_config_builtin_failed (const char *file, GError *error);

G_END_DECLS
