/* SPDX-License-Identifier: GPL-3.0-or-later */
/* yaml-emitter-private.h: the engine's one YAML writer, libyaml's emitter behind typed
 * primitives, so that topologies, search configurations and run summaries quote, escape and
 * format numbers the same way and every string reads back as a string.
 *
 * Usage: tf_yaml_emitter_begin (&e, out); mappings, sequences and scalars; then
 * tf_yaml_emitter_end (&e, error). After the first failure every call is a no-op and
 * tf_yaml_emitter_end () reports it; @out then holds a partial document the caller drops. */
#pragma once

#include <yaml.h>

#include "topoforge.h"

G_BEGIN_DECLS

typedef struct
{
  yaml_emitter_t emitter;
  GString       *out;
  gboolean       ok;
  const char    *problem;  /* ours, when we stop the emitter ourselves */
} TfYamlEmitter;

/* Starts the stream and one implicit document, 2-space indent, lines up to 100 columns. */
void     tf_yaml_emitter_begin (TfYamlEmitter *e, GString *out);
/* Ends the document and the stream and frees the emitter; FALSE with TF_ERROR_IO on failure. */
gboolean tf_yaml_emitter_end   (TfYamlEmitter *e, GError **error);

/* Emits a raw libyaml event (taking it over), for callers that copy nodes as read. */
void tf_yaml_emitter_emit (TfYamlEmitter *e, yaml_event_t *event);

/* A scalar; @is_string: plain only when YAML 1.1 would read it back as a string, else quoted. */
void tf_yaml_emitter_scalar  (TfYamlEmitter *e, const char *value, gboolean is_string);
void tf_yaml_emitter_string  (TfYamlEmitter *e, const char *value);
void tf_yaml_emitter_uint64  (TfYamlEmitter *e, guint64 value);
void tf_yaml_emitter_int64   (TfYamlEmitter *e, gint64 value);
/* The shortest decimal that reads back as the same double, always with a '.' (900.0), so
 * YAML 1.1 readers take it as a float; .nan, .inf and -.inf for the others. */
void tf_yaml_emitter_real    (TfYamlEmitter *e, double value);
void tf_yaml_emitter_boolean (TfYamlEmitter *e, gboolean value);

/* @flow: [a, b] / {k: v} on one line; block style otherwise. */
void tf_yaml_emitter_mapping_start  (TfYamlEmitter *e, gboolean flow);
void tf_yaml_emitter_mapping_end    (TfYamlEmitter *e);
void tf_yaml_emitter_sequence_start (TfYamlEmitter *e, gboolean flow);
void tf_yaml_emitter_sequence_end   (TfYamlEmitter *e);

/* A key and its value in the current mapping. */
void tf_yaml_emitter_key_string  (TfYamlEmitter *e, const char *key, const char *value);
void tf_yaml_emitter_key_uint    (TfYamlEmitter *e, const char *key, guint64 value);
void tf_yaml_emitter_key_int     (TfYamlEmitter *e, const char *key, gint64 value);
void tf_yaml_emitter_key_real    (TfYamlEmitter *e, const char *key, double value);
void tf_yaml_emitter_key_boolean (TfYamlEmitter *e, const char *key, gboolean value);
/* key: {median, min, max} of @values (doubles, sorted in place); nothing when there are none. */
void tf_yaml_emitter_key_spread  (TfYamlEmitter *e, const char *key, GArray *values);

G_END_DECLS
