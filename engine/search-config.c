/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-config.c: the search configuration (search_config.yaml) and the names of its enums. */
#include "optimizer-private.h"

#include <string.h>

const char *tf_primitive_to_string (TfPrimitive p) { (void) p; return "AllReduce"; }
const char *tf_objective_to_string (TfObjective o) { (void) o; return "iter_time"; }
gboolean tf_objective_from_string (const char *s, TfObjective *o) { (void) s; (void) o; return FALSE; }
const char *tf_objective_unit (TfObjective o) { (void) o; return "us"; }
const char *tf_mutation_to_string (TfMutation m) { (void) m; return "add_edge"; }
gboolean tf_mutation_from_string (const char *s, TfMutation *m) { (void) s; (void) m; return FALSE; }
const char *tf_comm_to_string (TfComm c) { (void) c; return "tp"; }
void tf_search_config_init (TfSearchConfig *c) { memset (c, 0, sizeof *c); }
void tf_search_config_clear (TfSearchConfig *c) { memset (c, 0, sizeof *c); }
gboolean tf_search_config_load_file (const char *path, TfSearchConfig *out, GError **error)
{ (void) path; (void) out; g_set_error (error, TF_ERROR, TF_ERROR_IO, "not yet"); return FALSE; }
gboolean tf_search_config_load_data (const char *name, const char *data, gsize length, TfSearchConfig *out, GError **error)
{ (void) name; (void) data; (void) length; (void) out; g_set_error (error, TF_ERROR, TF_ERROR_IO, "not yet"); return FALSE; }
