/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-config-private.h: the search configuration's loader, behind tf_search_config_load_data.
 *
 * search-config.c holds the document (its top-level keys, hardware_constraints, objectives,
 * generators, search and evaluator), the defaults and the checks that join its parts;
 * search-config-workload.c the workloads and the model presets (data/models.yaml);
 * search-config-cost.c the switch prices of the radix options (the price sheet is the cost
 * model's: cost-prices.c); yaml-reader-typed.c the typed readers they share on top of yaml-reader.c's;
 * search-config-writer.c writes a configuration back.
 */
#pragma once

#include "optimizer.h"
#include "candidate-metadata-private.h"
#include "cost-private.h"
#include "names-private.h"
#include "yaml-emitter-private.h"
#include "yaml-reader-private.h"

G_BEGIN_DECLS

/* The tables behind tf_primitive_to_string, tf_mutation_to_string and tf_stage_2_to_string
 * (optimizer-names.c), for readers that match a file's spelling against them. */
extern const TfNames tf_primitive_names;
extern const TfNames tf_mutation_names;
extern const TfNames tf_stage_2_names;
extern const TfNames tf_search_algorithm_names;
extern const TfNames tf_baseline_edits_names;
extern const TfNames tf_failures_names;

/* The optimizer's own limits: a candidate is a whole graph evaluated many times over. */
#define MAX_N_CHIP          65536u
#define MAX_RADIX           TF_PRICE_MAX_RADIX
#define MAX_METRES          TF_PRICE_MAX_METRES

/* The price table and floor plan as read: cost-prices.c (cost-private.h) */

/* The price of each radix option, in the options' order; FALSE with the first option that has
 * none. */
gboolean tf_config_resolve_switch_prices (const TfPriceSheet *sheet,
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

/* The model keys in file order, by F_x, one row each (guint or double fields of TfWorkload):
 * read here, written by search-config-writer.c. */
extern const TfYamlKey tf_config_model_keys[N_MODEL_FIELDS];

/* Whether model key @f is a whole number (a guint), else a real (a double). */
static inline gboolean
tf_config_model_key_is_whole (guint f)
{
  return tf_config_model_keys[f].read == tf_yaml_key_guint;
}

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
  TfPriceSheet    sheet;
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
  TfMark          chips_per_board_mark;
  TfMark          reference_marks[TF_N_OBJECTIVES];
  gboolean        has_objectives;
  TfMark          objectives_mark;
  TfMark          manual_marks[TF_SEARCH_MAX_MANUAL_FILES];
  guint           manual_n_chip[TF_SEARCH_MAX_MANUAL_FILES];  /* each file's chips */
} Loader;

/* Workloads (search-config-workload.c): workload: (one) or workloads: (a list), and the checks
 * that join a workload to the rest of the file once it has all been read. */
gboolean tf_config_read_workloads (Loader *l, const char *key, TfMark key_mark);
gboolean tf_config_finish_workload (Loader *l, guint index);

/* generators.manual (search-config-manual.c): {files: [...]}, each loaded as it is read, so that
 * a file that cannot be read is an error at its item; the chip counts are checked against
 * n_chip once the document is read (tf_config_finish_manual). */
gboolean tf_config_read_manual (TfYamlReader *r, const TfYamlKeyAt *at);
gboolean tf_config_finish_manual (Loader *l);

/* generators.<name> (search-config-generators.c): the generic section of a registered
 * generator the reader has no table of its own for, as the unknown-key function of the
 * generators mapping, and written back. */
gboolean tf_config_read_generator_section (TfYamlReader *r, TfYamlMapping *m, const char *key,
                                           gpointer target, gpointer data);
void     tf_config_write_generator_sections (TfYamlEmitter *e, const TfSearchConfig *c);

G_END_DECLS
