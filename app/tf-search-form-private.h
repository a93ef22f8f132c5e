/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-search-form-private.h: the search form's parts shared by tf-search-form.c (the widget, its
 * fields set from a configuration, files), tf-search-form-check.c (the fields read into a
 * configuration and checked by the engine's loader, each fault shown on its field) and
 * tf-search-form-manual.c (the user's topology files seeding the search). */
#pragma once

#include "tf-search-form.h"

G_BEGIN_DECLS

/* The name a configuration without a file is read under (its messages' FILE part, not shown). */
#define UNSAVED_NAME "search-config.yaml"

struct _TfSearchForm
{
  GtkWidget      parent_instance;

  /* template children (the error labels are found through field_defs) */
  GtkWidget      *form_error, *more_workloads;
  GtkSpinButton  *n_chip, *chips_per_board_max;
  GtkDropDown    *scope;
  GtkWidget      *parallelism_box;
  GtkSpinButton  *tp, *pp, *dp, *ep, *compute_time;
  GtkDropDown    *model;
  GtkEntry       *message_sizes;
  GtkWidget      *primitives_box;
  GtkSpinButton  *nic_bandwidth, *c2c_bandwidth, *link_latency, *max_cable, *budget;
  GtkSpinButton  *rack_power;
  GtkSpinButton  *nic_ports, *on_board_links, *off_board_ports;
  GtkEntry       *radix_options;
  GtkWidget      *objectives_box;
  GtkCheckButton *family_enabled, *edge_cases, *mutator_enabled;
  GtkWidget      *families_box, *intra_box, *operators_box;
  GtkDropDown    *algorithm;
  GtkSpinButton  *population, *generations, *seed, *threads, *mutation_rate, *edits_per_child;
  GtkCheckButton *template_enabled, *crossover_enabled;
  GtkCheckButton *stage_2;
  GtkListBox     *manual_list;
  GtkWidget      *manual_remove;

  /* check buttons built from the engine's tables */
  GtkCheckButton *primitive_checks[TF_N_PRIMITIVES];
  GtkCheckButton *objective_checks[TF_N_OBJECTIVES];
  GtkCheckButton **family_checks;      /* registry order */
  GtkCheckButton *intra_checks[TF_N_INTRA_BOARD_TOPOS];
  GtkCheckButton *operator_checks[TF_N_MUTATIONS];

  GStrv           models;              /* the presets; the drop-down's last item is Custom */
  TfSearchConfig  base;
  GFile          *file;
  GtkWidget     **error_labels;        /* per field_defs row */
  char          **messages;            /* per field_defs row */
  char           *form_message;        /* a fault no field of the form edits */
  guint           updating;
  gboolean        valid;
};

/* Every YAML key path the loader may blame, in the form's order, with the widget that edits it
 * and the label that shows its message. */
typedef struct
{
  const char *name;
  gsize       widget;   /* offset of the widget in TfSearchForm */
  const char *error;    /* the template id of the label under the widget */
} TfSearchFormField;

extern const TfSearchFormField tf_search_form_fields[];
extern const guint             tf_search_form_n_fields;

#define TF_SEARCH_FORM_FIELD_WIDGET(self, def) \
  G_STRUCT_MEMBER (GtkWidget *, (self), (def)->widget)

/* tf-search-form.c */
/* A field changed: check the form and say so ("changed"), unless the form is being set. */
void      tf_search_form_edited (TfSearchForm *self);

/* tf-search-form-manual.c */
/* The list of generators.manual.files from the base. */
void      tf_search_form_fill_manual (TfSearchForm *self);
void      tf_search_form_manual_class_init (GtkWidgetClass *widget_class);

/* tf-search-form-check.c */
/* The configuration the fields describe over the base, unchecked. */
void      tf_search_form_build_config (TfSearchForm *self, TfSearchConfig *out);
/* Checks the fields with the engine's loader and shows each fault on its field; TRUE when none
 * is wrong. */
gboolean  tf_search_form_check (TfSearchForm *self);
/* Writes @config and reads it back with the engine's loader into @out. */
gboolean  tf_search_form_round_trip (TfSearchForm *self, const TfSearchConfig *config,
                                     TfSearchConfig *out, GError **error);
guint     tf_search_form_field_index (const char *name);
guint     tf_search_form_family_index (const TfFamily *family);
guint     tf_search_form_n_models (TfSearchForm *self);
void      tf_search_form_set_bits (GtkCheckButton **checks, guint n_checks, guint bits);
/* The lists as the fields show them: "1M, 16M"; "32, 64". */
char     *tf_search_form_format_sizes (const TfWorkload *w);
char     *tf_search_form_format_radixes (const TfHardwareConstraints *hw);
/* Whether the Stage 2 check is ticked for @config: Stage 2 asked for, as the engine reads it. */
gboolean  tf_search_form_stage_2_ticked (const TfSearchConfig *config);

G_END_DECLS
