/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-config.c: the search configuration (the spec's search_config.yaml) and the names of the
 * optimizer's enums.
 *
 * The file is untrusted and read like a topology file: libyaml's events through the guarded
 * reader (yaml-reader.c), every key known or refused with the list of keys allowed there, every
 * number in a stated range, and one error line "FILE:LINE:COLUMN: field 'a.b': what is wrong".
 * Keys may come in any order, so the checks that join two parts of the file (the parallelism
 * against n_chip, the radix options against the price table, the enumeration context) run once
 * the whole document has been read, pointing at the part the user would change.
 *
 * The model presets (data/models.yaml) and the price table with the default floor plan
 * (data/prices.yaml) are compiled in as text by scripts/embed-text.py and parsed with the same
 * reader: the engine reads no installed file at run time. They are part of the program, so a
 * fault in them is a bug (g_error); tests/test-search-config.c proves they parse.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "optimizer-private.h"
#include "yaml-reader-private.h"

#include "models-yaml.h"
#include "prices-yaml.h"
#include "cost-private.h"

/* The optimizer's own limits: a candidate is a whole graph evaluated many times over. */
#define MAX_N_CHIP          65536u
#define MAX_CHIP_PORTS      256u
#define MAX_CONFIG_BYTES    (G_GUINT64_CONSTANT (1) << 20)
#define MAX_EVALUATIONS     G_GUINT64_CONSTANT (10000000)
#define MAX_NAME            256
#define MAX_RADIX           4096u
#define MAX_PRESETS         32u
#define MAX_SHEET_SWITCHES  (2 * TF_SEARCH_MAX_RADIX_OPTIONS)

/* Names */

static const char *const primitive_names[TF_N_PRIMITIVES] = {
  "AllReduce", "AllGather", "ReduceScatter", "AllToAll",
};

static const char *const mutation_names[TF_N_MUTATIONS] = {
  "add_edge", "remove_edge", "rewire_switch", "split_switch", "merge_switch",
  "change_port_asymmetry", "rehome_chip", "dual_home",
};

static const char *const comm_names[TF_N_COMMS] = { "tp", "pp", "dp", "ep" };

static const char *const origin_names[] = {
  "family_enum", "family_sample", "generic_template", "graph_mutation", "crossover",
  "manual_seed",
};

static gboolean
name_index (const char *const *names,
            guint              n_names,
            const char        *str,
            guint             *out)
{
  for (guint i = 0; i < n_names; i++)
    if (g_strcmp0 (str, names[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

const char *
tf_primitive_to_string (TfPrimitive primitive)
{
  g_return_val_if_fail ((guint) primitive < TF_N_PRIMITIVES, NULL);
  return primitive_names[primitive];
}

const char *
tf_mutation_to_string (TfMutation mutation)
{
  g_return_val_if_fail ((guint) mutation < TF_N_MUTATIONS, NULL);
  return mutation_names[mutation];
}

gboolean
tf_mutation_from_string (const char *str,
                         TfMutation *out)
{
  guint i;

  g_return_val_if_fail (out != NULL, FALSE);
  if (!name_index (mutation_names, TF_N_MUTATIONS, str, &i))
    return FALSE;
  *out = (TfMutation) i;
  return TRUE;
}

const char *
tf_comm_to_string (TfComm comm)
{
  g_return_val_if_fail ((guint) comm < TF_N_COMMS, NULL);
  return comm_names[comm];
}

const char *
tf_origin_method_to_string (TfOriginMethod method)
{
  g_return_val_if_fail ((guint) method < G_N_ELEMENTS (origin_names), NULL);
  return origin_names[method];
}

gboolean
tf_origin_method_from_string (const char     *str,
                              TfOriginMethod *out)
{
  guint i;

  g_return_val_if_fail (out != NULL, FALSE);
  if (!name_index (origin_names, G_N_ELEMENTS (origin_names), str, &i))
    return FALSE;
  *out = (TfOriginMethod) i;
  return TRUE;
}

/* "a, b, c or d" */
static char *
join_names (const char *const *names,
            guint              n_names)
{
  GString *list = g_string_new (NULL);

  for (guint i = 0; i < n_names; i++)
    g_string_append_printf (list, "%s%s", i == 0 ? "" : i + 1 == n_names ? " or " : ", ",
                            names[i]);
  return g_string_free (list, FALSE);
}

static char *
join_family_names (void)
{
  const char *names[16];
  guint n = MIN (tf_families_get_count (), G_N_ELEMENTS (names));

  for (guint i = 0; i < n; i++)
    names[i] = tf_family_get_name (tf_families_get (i));
  return join_names (names, n);
}

/* Typed readers on top of yaml-reader.c's */

static gboolean
unknown_key (TfYamlReader      *r,
             TfYamlMapping     *m,
             const char        *key,
             const char *const *known,
             guint              n_known)
{
  g_autofree char *list = join_names (known, n_known);

  return tf_yaml_reader_fail_at (r, m->key_mark, "unknown key '%s'; expected %s", key, list);
}

static gboolean
is_key (const char *key,
        const char *name)
{
  return strcmp (key, name) == 0;
}

static gboolean
plain_scalar (const TfYamlReader *r)
{
  return r->error == NULL && r->event.type == YAML_SCALAR_EVENT
         && r->event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

static gboolean
read_bool (TfYamlReader *r,
           gboolean     *out)
{
  /* The core schema's booleans only: YAML 1.1's yes, no, on and off are refused. */
  static const char *const spellings[] = { "false", "False", "FALSE", "true", "True", "TRUE" };
  guint i;

  if (r->error != NULL)
    return FALSE;
  if (plain_scalar (r))
    {
      const char *text = (const char *) r->event.data.scalar.value;

      if (!name_index (spellings, G_N_ELEMENTS (spellings), text, &i))
        return tf_yaml_reader_fail (r, "must be true or false, not '%s'", text);
      *out = i >= 3;
      return tf_yaml_reader_next (r);
    }
  return tf_yaml_reader_fail (r, "must be true or false, not %s",
                              r->event.type == YAML_SCALAR_EVENT ? "a quoted string"
                              : r->event.type == YAML_MAPPING_START_EVENT ? "a mapping"
                              : r->event.type == YAML_SEQUENCE_START_EVENT ? "a sequence"
                              : "something else");
}

/* A whole number in [min, max]; when @why is given, a number above the range says why the
 * limit is what it is. */
static gboolean
read_uint_in (TfYamlReader *r,
              guint64       min,
              guint64       max,
              const char   *why,
              guint64      *out)
{
  if (why != NULL && plain_scalar (r))
    {
      const char *text = (const char *) r->event.data.scalar.value;
      guint64 v;

      if (*text != '\0' && strspn (text, "0123456789") == strlen (text)
          && (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &v, NULL) || v > max))
        return tf_yaml_reader_fail (r, "%s is out of range: must be from %" G_GUINT64_FORMAT
                                    " to %" G_GUINT64_FORMAT " (%s)", text, min, max, why);
    }
  return tf_yaml_read_uint (r, min, max, out);
}

static gboolean
read_guint (TfYamlReader *r,
            guint64       min,
            guint64       max,
            guint        *out)
{
  guint64 v;

  g_assert (max <= G_MAXUINT);
  if (!read_uint_in (r, min, max, NULL, &v))
    return FALSE;
  *out = (guint) v;
  return TRUE;
}

/* A finite number above (or from) @min and at most @max, @unit after the numbers. */
static gboolean
read_real_in (TfYamlReader *r,
              double        min,
              gboolean      min_open,
              double        max,
              const char   *unit,
              double       *out)
{
  g_autofree char *text = NULL;
  TfMark mark = tf_yaml_reader_mark (r);
  double v;

  if (plain_scalar (r))
    text = g_strdup ((const char *) r->event.data.scalar.value);
  if (!tf_yaml_read_real (r, &v))
    return FALSE;
  if ((min_open ? !(v > min) : !(v >= min)) || !(v <= max))
    return tf_yaml_reader_fail_at (r, mark, "%s is out of range: must be %s %.15g and at most "
                                   "%.15g%s%s", text, min_open ? "greater than" : "at least",
                                   min, max, unit ? " " : "", unit ? unit : "");
  *out = v;
  return TRUE;
}

/* A list of names, each found by @lookup, none twice, at least one. */
typedef gboolean (*LookupFunc) (const char *name, guint *index);
typedef char *(*ExplainFunc) (const char *name);

static gboolean
read_name_list (TfYamlReader *r,
                guint         max_items,
                LookupFunc    lookup,
                ExplainFunc   explain,
                guint        *indices,
                guint        *n)
{
  TfYamlSequence s;
  gboolean more;

  *n = 0;
  if (!tf_yaml_reader_begin_sequence (r, &s, max_items))
    return FALSE;
  while (tf_yaml_reader_next_item (r, &s, &more) && more)
    {
      g_autofree char *name = NULL;
      TfMark mark = tf_yaml_reader_mark (r);
      guint index;

      if (!tf_yaml_read_string (r, 64, &name))
        break;
      if (!lookup (name, &index))
        {
          g_autofree char *message = explain (name);

          return tf_yaml_reader_fail_at (r, mark, "%s", message);
        }
      for (guint i = 0; i < *n; i++)
        if (indices[i] == index)
          return tf_yaml_reader_fail_at (r, mark, "'%s' is listed twice", name);
      indices[(*n)++] = index;
    }
  if (r->error != NULL)
    return FALSE;
  if (*n == 0)
    return tf_yaml_reader_fail_at (r, s.start, "the list is empty; it needs at least one item");
  return TRUE;
}

static gboolean
lookup_primitive (const char *name,
                  guint      *index)
{
  return name_index (primitive_names, TF_N_PRIMITIVES, name, index);
}

static char *
explain_primitive (const char *name)
{
  g_autofree char *list = join_names (primitive_names, TF_N_PRIMITIVES);

  return g_strdup_printf ("'%s' is not a collective primitive; primitives are %s", name, list);
}

static gboolean
lookup_objective (const char *name,
                  guint      *index)
{
  TfObjective o;

  if (!tf_objective_from_string (name, &o))
    return FALSE;
  *index = o;
  return TRUE;
}

static char *
explain_objective (const char *name)
{
  const char *names[TF_N_OBJECTIVES];
  g_autofree char *list = NULL;

  for (guint i = 0; i < TF_N_OBJECTIVES; i++)
    names[i] = tf_objective_to_string ((TfObjective) i);
  list = join_names (names, TF_N_OBJECTIVES);
  return g_strdup_printf ("'%s' is not an objective; objectives are %s", name, list);
}

static gboolean
lookup_mutation (const char *name,
                 guint      *index)
{
  return name_index (mutation_names, TF_N_MUTATIONS, name, index);
}

static char *
explain_mutation (const char *name)
{
  g_autofree char *list = join_names (mutation_names, TF_N_MUTATIONS);

  return g_strdup_printf ("'%s' is not a mutation operator; operators are %s", name, list);
}

static gboolean
lookup_family (const char *name,
               guint      *index)
{
  const TfFamily *family = tf_family_lookup (name);

  for (guint i = 0; family != NULL && i < tf_families_get_count (); i++)
    if (tf_families_get (i) == family)
      {
        *index = i;
        return TRUE;
      }
  return FALSE;
}

static char *
explain_family (const char *name)
{
  g_autofree char *list = join_family_names ();
  g_autofree char *folded = g_ascii_strdown (name, -1);

  /* The spec's example search names Slim Fly; say plainly that it is not here. */
  if (strcmp (folded, "slimfly") == 0 || strcmp (folded, "slim-fly") == 0
      || strcmp (folded, "slim_fly") == 0)
    return g_strdup_printf ("'%s': Topoforge has no Slim Fly family (the spec's example names "
                            "it, but it is not implemented); the families are %s", name, list);
  return g_strdup_printf ("'%s' is not a Topoforge family; the families are %s", name, list);
}

/* The price table and floor plan (data/prices.yaml, overridden by the file's cost: block) */

typedef struct
{
  guint        n_switch;
  guint        switch_radix[MAX_SHEET_SWITCHES];
  double       switch_price[MAX_SHEET_SWITCHES];
  TfPriceTable base;       /* every price but the switches' */
  TfFloorPlan  floor;
} CostSheet;

static const char *const cost_keys[] = { "prices", "floor" };
static const char *const price_keys[] = {
  "switch", "port_gb_per_s", "nic_port", "pcb_link", "copper_link", "optical_link_fixed",
  "optical_link_per_m",
};
static const char *const floor_keys[] = {
  "rack_pitch_m", "row_pitch_m", "vertical_run_m", "in_rack_m", "max_copper_m",
};

#define MAX_PRICE  1e9     /* USD for one item */
#define MAX_METRES 1e5

static gboolean
fail_missing (TfYamlReader      *r,
              TfMark             mark,
              const char *const *keys,
              guint              n_keys,
              guint              have)
{
  g_autoptr(GString) missing = g_string_new (NULL);

  for (guint i = 0; i < n_keys; i++)
    if (!(have & (1u << i)))
      g_string_append_printf (missing, "%s%s", missing->len ? ", " : "", keys[i]);
  return tf_yaml_reader_fail_at (r, mark, "needs every key here (missing: %s)", missing->str);
}

static gboolean
read_switch_prices (TfYamlReader *r,
                    CostSheet    *sheet)
{
  TfYamlMapping m;
  const char *key;
  guint n_here = 0;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      guint64 radix;
      double price;
      guint i;

      if (strspn (key, "0123456789") != strlen (key)
          || !g_ascii_string_to_unsigned (key, 10, 2, MAX_RADIX, &radix, NULL))
        {
          tf_yaml_reader_fail_at (r, m.key_mark, "'%s' is not a switch radix: keys here are "
                                  "radixes, whole numbers from 2 to %u", key, MAX_RADIX);
          break;
        }
      if (++n_here > TF_SEARCH_MAX_RADIX_OPTIONS)
        {
          tf_yaml_reader_fail_at (r, m.key_mark, "more than %u switch prices",
                                  TF_SEARCH_MAX_RADIX_OPTIONS);
          break;
        }
      if (!read_real_in (r, 0, FALSE, MAX_PRICE, "USD", &price))
        break;
      for (i = 0; i < sheet->n_switch && sheet->switch_radix[i] != (guint) radix; i++)
        ;
      if (i == sheet->n_switch)
        {
          /* Built in at most 8, the file's at most 8: there is room. */
          g_assert (sheet->n_switch < MAX_SHEET_SWITCHES);
          sheet->switch_radix[sheet->n_switch++] = (guint) radix;
        }
      sheet->switch_price[i] = price;
    }
  tf_yaml_mapping_clear (&m);
  if (r->error == NULL && n_here == 0)
    return tf_yaml_reader_fail_at (r, m.start, "names no switch price");
  return r->error == NULL;
}

static gboolean
read_prices (TfYamlReader *r,
             CostSheet    *sheet,
             gboolean      complete)
{
  double *fields[G_N_ELEMENTS (price_keys)] = {
    NULL, &sheet->base.port_gbps, &sheet->base.nic_port, &sheet->base.pcb_link,
    &sheet->base.copper_link, &sheet->base.optical_link_fixed, &sheet->base.optical_link_per_m,
  };
  TfYamlMapping m;
  const char *key;
  guint have = 0;
  guint i;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (!name_index (price_keys, G_N_ELEMENTS (price_keys), key, &i))
        unknown_key (r, &m, key, price_keys, G_N_ELEMENTS (price_keys));
      else if (i == 0 ? read_switch_prices (r, sheet)
               : i == 1 ? read_real_in (r, 0, TRUE, 1e9, "GB/s", fields[i])
               : read_real_in (r, 0, FALSE, MAX_PRICE, "USD", fields[i]))
        have |= 1u << i;
    }
  tf_yaml_mapping_clear (&m);
  if (r->error == NULL && complete && have != (1u << G_N_ELEMENTS (price_keys)) - 1)
    return fail_missing (r, m.start, price_keys, G_N_ELEMENTS (price_keys), have);
  return r->error == NULL;
}

static gboolean
read_floor (TfYamlReader *r,
            TfFloorPlan  *floor,
            gboolean      complete)
{
  /* Pitches are distances between racks: positive. Runs may be zero. */
  struct { double *value; gboolean positive; } fields[G_N_ELEMENTS (floor_keys)] = {
    { &floor->rack_pitch_m, TRUE }, { &floor->row_pitch_m, TRUE },
    { &floor->vertical_run_m, FALSE }, { &floor->in_rack_m, FALSE },
    { &floor->max_copper_m, FALSE },
  };
  TfYamlMapping m;
  const char *key;
  guint have = 0;
  guint i;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (!name_index (floor_keys, G_N_ELEMENTS (floor_keys), key, &i))
        unknown_key (r, &m, key, floor_keys, G_N_ELEMENTS (floor_keys));
      else if (read_real_in (r, 0, fields[i].positive, MAX_METRES, "m", fields[i].value))
        have |= 1u << i;
    }
  tf_yaml_mapping_clear (&m);
  if (r->error == NULL && complete && have != (1u << G_N_ELEMENTS (floor_keys)) - 1)
    return fail_missing (r, m.start, floor_keys, G_N_ELEMENTS (floor_keys), have);
  return r->error == NULL;
}

/* The cost: block, or the whole of data/prices.yaml (@complete: every key required). */
static gboolean
read_cost (TfYamlReader *r,
           CostSheet    *sheet,
           gboolean      complete)
{
  TfYamlMapping m;
  const char *key;
  guint have = 0;
  guint i;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (!name_index (cost_keys, G_N_ELEMENTS (cost_keys), key, &i))
        unknown_key (r, &m, key, cost_keys, G_N_ELEMENTS (cost_keys));
      else if (i == 0 ? read_prices (r, sheet, complete)
               : read_floor (r, &sheet->floor, complete))
        have |= 1u << i;
    }
  tf_yaml_mapping_clear (&m);
  if (r->error == NULL && complete && have != 3)
    return fail_missing (r, m.start, cost_keys, G_N_ELEMENTS (cost_keys), have);
  return r->error == NULL;
}

/* Built-in text is part of the program: a fault in it is a bug. */
G_NORETURN static void
builtin_failed (const char *file,
                GError     *error)
{
  g_error ("built-in %s does not parse: %s", file, error ? error->message : "(no message)");
}

static void
cost_sheet_builtin (CostSheet *sheet)
{
  TfYamlReader r;

  memset (sheet, 0, sizeof *sheet);
  if (!tf_yaml_reader_init (&r, "data/prices.yaml", (const guchar *) tf_prices_yaml,
                            sizeof tf_prices_yaml - 1)
      || !tf_yaml_reader_begin_document (&r) || !read_cost (&r, sheet, TRUE)
      || !tf_yaml_reader_end_document (&r))
    builtin_failed ("data/prices.yaml", r.error);
  tf_yaml_reader_clear (&r);
}

void
tf_cost_model_builtin (TfCostModel *out)
{
  CostSheet sheet;

  cost_sheet_builtin (&sheet);
  out->prices = sheet.base;
  out->prices.n_switch_prices = MIN (sheet.n_switch, TF_PRICE_MAX_SWITCHES);
  for (guint i = 0; i < out->prices.n_switch_prices; i++)
    {
      out->prices.switch_radix[i] = sheet.switch_radix[i];
      out->prices.switch_price[i] = sheet.switch_price[i];
    }
  out->floor = sheet.floor;
  out->port_gbps = 0;   /* enumerate prices at the table's own port speed */
}

/* The price of each radix option, in the options' order; FALSE with the first option that has
 * none. */
static gboolean
resolve_switch_prices (const CostSheet             *sheet,
                       const TfHardwareConstraints *hw,
                       TfPriceTable                *prices,
                       guint                       *missing)
{
  prices->n_switch_prices = 0;
  for (guint o = 0; o < hw->n_radix_options; o++)
    {
      guint i;

      for (i = 0; i < sheet->n_switch && sheet->switch_radix[i] != hw->radix_options[o]; i++)
        ;
      if (i == sheet->n_switch)
        {
          *missing = o;
          return FALSE;
        }
      prices->switch_radix[o] = hw->radix_options[o];
      prices->switch_price[o] = sheet->switch_price[i];
      prices->n_switch_prices++;
    }
  return TRUE;
}

/* Model presets (data/models.yaml) and the model keys of a workload */

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

static const ModelField model_fields[N_MODEL_FIELDS] = {
  [F_PARAMETERS] = { "parameters", G_STRUCT_OFFSET (TfWorkload, parameters), FALSE, 0, 0,
                     0, 1e15, NULL },
  [F_LAYERS] = { "layers", G_STRUCT_OFFSET (TfWorkload, layers), TRUE, 1, 100000, 0, 0, NULL },
  [F_HIDDEN_SIZE] = { "hidden_size", G_STRUCT_OFFSET (TfWorkload, hidden_size), TRUE, 1,
                      1u << 24, 0, 0, NULL },
  [F_SEQUENCE_LENGTH] = { "sequence_length", G_STRUCT_OFFSET (TfWorkload, sequence_length),
                          TRUE, 1, 1u << 24, 0, 0, NULL },
  [F_GLOBAL_BATCH_SIZE] = { "global_batch_size",
                            G_STRUCT_OFFSET (TfWorkload, global_batch_size), TRUE, 1, 1u << 24,
                            0, 0, NULL },
  [F_MICRO_BATCH_SIZE] = { "micro_batch_size", G_STRUCT_OFFSET (TfWorkload, micro_batch_size),
                           TRUE, 1, 1u << 24, 0, 0, NULL },
  [F_BYTES_PER_VALUE] = { "bytes_per_value", G_STRUCT_OFFSET (TfWorkload, bytes_per_value),
                          TRUE, 1, 16, 0, 0, NULL },
  [F_CHIP_PEAK_TFLOPS] = { "chip_peak_tflops", G_STRUCT_OFFSET (TfWorkload, chip_peak_tflops),
                           FALSE, 0, 0, 0, 1e6, "TFLOP/s" },
  [F_MFU] = { "mfu", G_STRUCT_OFFSET (TfWorkload, mfu), FALSE, 0, 0, 0, 1, NULL },
  [F_COMPUTE_TIME_US] = { "compute_time_us", G_STRUCT_OFFSET (TfWorkload, compute_time_us),
                          FALSE, 0, 0, 0, 1e15, "us" },
};

/* eta per communication: tensor- and expert-parallel traffic and the pipeline's activations sit
 * on the critical path; most of the data-parallel gradient AllReduce hides behind the backward
 * pass (docs/optimizer.md). */
static const double default_overlap[TF_N_COMMS] = { 1.0, 1.0, 0.3, 1.0 };

static gboolean
model_field_index (const char *key,
                   guint      *index)
{
  for (guint i = 0; i < N_MODEL_FIELDS; i++)
    if (strcmp (key, model_fields[i].key) == 0)
      {
        *index = i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
read_model_field (TfYamlReader *r,
                  guint         index,
                  TfWorkload   *w)
{
  const ModelField *f = &model_fields[index];
  gpointer field = G_STRUCT_MEMBER_P (w, f->offset);

  if (f->integer)
    return read_guint (r, f->min, f->max, field);
  return read_real_in (r, f->rmin, TRUE, f->rmax, f->unit, field);
}

static gboolean
read_overlap (TfYamlReader *r,
              TfWorkload   *w,
              guint        *have)
{
  TfYamlMapping m;
  const char *key;
  guint c;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (!name_index (comm_names, TF_N_COMMS, key, &c))
        unknown_key (r, &m, key, comm_names, TF_N_COMMS);
      else if (read_real_in (r, 0, FALSE, 1, NULL, &w->overlap[c]))
        *have |= 1u << F_OVERLAP (c);
    }
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

typedef struct
{
  char       *name;
  TfWorkload  model;
  guint       have;
} ModelPreset;

static void
model_preset_clear (gpointer data)
{
  g_free (((ModelPreset *) data)->name);
}

/* The keys a preset may give: the model's, overlap, but not compute_time_us (it depends on the
 * chip count). */
static const char *const preset_keys[] = {
  "parameters", "layers", "hidden_size", "sequence_length", "global_batch_size",
  "micro_batch_size", "bytes_per_value", "chip_peak_tflops", "mfu", "overlap",
};

static gboolean
read_preset (TfYamlReader *r,
             ModelPreset  *preset)
{
  TfYamlMapping m;
  const char *key;
  guint index;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (strcmp (key, "overlap") == 0)
        read_overlap (r, &preset->model, &preset->have);
      else if (!model_field_index (key, &index) || index == F_COMPUTE_TIME_US)
        unknown_key (r, &m, key, preset_keys, G_N_ELEMENTS (preset_keys));
      else if (read_model_field (r, index, &preset->model))
        preset->have |= 1u << index;
    }
  tf_yaml_mapping_clear (&m);
  if (r->error == NULL && (preset->have & REQUIRED_MODEL) != REQUIRED_MODEL)
    return fail_missing (r, m.start, preset_keys, F_COMPUTE_TIME_US, preset->have);
  return r->error == NULL;
}

static void
models_builtin (GArray *presets)
{
  TfYamlReader r;
  TfYamlMapping m;
  const char *key;

  if (!tf_yaml_reader_init (&r, "data/models.yaml", (const guchar *) tf_models_yaml,
                            sizeof tf_models_yaml - 1)
      || !tf_yaml_reader_begin_document (&r) || !tf_yaml_reader_begin_mapping (&r, &m))
    builtin_failed ("data/models.yaml", r.error);
  while (tf_yaml_reader_next_key (&r, &m, &key))
    {
      ModelPreset preset = { g_strdup (key), { 0 }, 0 };

      g_array_append_val (presets, preset);
      if (presets->len > MAX_PRESETS)
        tf_yaml_reader_fail (&r, "more than %u presets", MAX_PRESETS);
      else
        read_preset (&r, &g_array_index (presets, ModelPreset, presets->len - 1));
    }
  tf_yaml_mapping_clear (&m);
  if (r.error != NULL || !tf_yaml_reader_end_document (&r))
    builtin_failed ("data/models.yaml", r.error);
  tf_yaml_reader_clear (&r);
}

static char *
join_preset_names (GArray *presets)
{
  g_autofree const char **names = g_new (const char *, presets->len);

  for (guint i = 0; i < presets->len; i++)
    names[i] = g_array_index (presets, ModelPreset, i).name;
  return join_names (names, presets->len);
}

/* The document */

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

static const char *const top_keys[] = {
  "n_chip", "workload", "workloads", "hardware_constraints", "objectives", "generators",
  "search", "evaluator", "cost",
};

static const char *const workload_keys[] = {
  "name", "model", "parallelism", "message_sizes_bytes", "required_primitives", "parameters",
  "layers", "hidden_size", "sequence_length", "global_batch_size", "micro_batch_size",
  "bytes_per_value", "chip_peak_tflops", "mfu", "compute_time_us", "overlap", "weight",
};

static const char *const parallelism_keys[] = { "tp", "pp", "dp", "ep" };

static gboolean
read_parallelism (Loader     *l,
                  TfWorkload *w)
{
  TfYamlReader *r = &l->r;
  TfYamlMapping m;
  const char *key;
  guint *fields[] = { &w->tp, &w->pp, &w->dp, &w->ep };
  guint have = 0;
  guint i;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (!name_index (parallelism_keys, G_N_ELEMENTS (parallelism_keys), key, &i))
        unknown_key (r, &m, key, parallelism_keys, G_N_ELEMENTS (parallelism_keys));
      else if (read_guint (r, 1, MAX_N_CHIP, fields[i]))
        have |= 1u << i;
    }
  tf_yaml_mapping_clear (&m);
  if (r->error == NULL && (have & 7) != 7)
    return tf_yaml_reader_fail_at (r, m.start, "needs tp, pp and dp (ep is optional, 1 if "
                                   "not given)");
  if (r->error == NULL && !(have & 8))
    w->ep = 1;
  return r->error == NULL;
}

static int
compare_guint64 (gconstpointer a,
                 gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

static gboolean
read_message_sizes (Loader     *l,
                    TfWorkload *w)
{
  TfYamlReader *r = &l->r;
  TfYamlSequence s;
  gboolean more;

  w->n_message_sizes = 0;
  if (!tf_yaml_reader_begin_sequence (r, &s, TF_SEARCH_MAX_MESSAGE_SIZES))
    return FALSE;
  while (tf_yaml_reader_next_item (r, &s, &more) && more)
    {
      TfMark mark = tf_yaml_reader_mark (r);
      guint64 v;

      if (!read_uint_in (r, 1, G_GUINT64_CONSTANT (1) << 40, "bytes, at most 1 TiB", &v))
        break;
      for (guint i = 0; i < w->n_message_sizes; i++)
        if (w->message_sizes[i] == v)
          return tf_yaml_reader_fail_at (r, mark, "%" G_GUINT64_FORMAT " is listed twice", v);
      w->message_sizes[w->n_message_sizes++] = v;
    }
  if (r->error != NULL)
    return FALSE;
  if (w->n_message_sizes == 0)
    return tf_yaml_reader_fail_at (r, s.start, "the list is empty; it needs at least one size");
  /* Ascending: Layer 2 tables and the allreduce_time objective (the largest) rely on it. */
  qsort (w->message_sizes, w->n_message_sizes, sizeof (guint64), compare_guint64);
  return TRUE;
}

static gboolean
find_preset (Loader             *l,
             const char         *name,
             const ModelPreset **out)
{
  for (guint i = 0; i < l->presets->len; i++)
    if (strcmp (g_array_index (l->presets, ModelPreset, i).name, name) == 0)
      {
        *out = &g_array_index (l->presets, ModelPreset, i);
        return TRUE;
      }
  return FALSE;
}

static gboolean
read_workload (Loader   *l,
               guint     index,
               gboolean  in_list)
{
  TfYamlReader *r = &l->r;
  TfWorkload *w = &l->c->workloads[index];
  WorkloadRecord *rec = &l->records[index];
  TfYamlMapping m;
  const char *key;
  guint i;

  rec->mark = tf_yaml_reader_mark (r);
  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (is_key (key, "name"))
        {
          rec->has_name = TRUE;
          rec->name_mark = tf_yaml_reader_mark (r);
          g_clear_pointer (&w->name, g_free);
          tf_yaml_read_string (r, MAX_NAME, &w->name);
        }
      else if (is_key (key, "model"))
        {
          TfMark mark = tf_yaml_reader_mark (r);

          g_clear_pointer (&w->model, g_free);
          if (tf_yaml_read_string (r, MAX_NAME, &w->model)
              && !find_preset (l, w->model, &rec->preset))
            {
              g_autofree char *list = join_preset_names (l->presets);

              tf_yaml_reader_fail_at (r, mark, "'%s' is not a model preset; the presets "
                                      "(data/models.yaml) are %s; or leave model out and give "
                                      "every model key", w->model, list);
            }
        }
      else if (is_key (key, "parallelism"))
        {
          rec->has_parallelism = TRUE;
          rec->parallelism_mark = tf_yaml_reader_mark (r);
          read_parallelism (l, w);
        }
      else if (is_key (key, "message_sizes_bytes"))
        read_message_sizes (l, w);
      else if (is_key (key, "required_primitives"))
        {
          guint indices[TF_N_PRIMITIVES], n;

          if (read_name_list (r, TF_N_PRIMITIVES, lookup_primitive, explain_primitive, indices,
                              &n))
            {
              w->primitives = 0;
              for (guint k = 0; k < n; k++)
                w->primitives |= 1u << indices[k];
            }
        }
      else if (is_key (key, "overlap"))
        read_overlap (r, w, &rec->have);
      else if (is_key (key, "weight"))
        {
          if (!in_list)
            tf_yaml_reader_fail_at (r, m.key_mark, "weight applies to the workloads of a "
                                    "workloads: list; a single workload weighs 1");
          else
            read_real_in (r, 0, TRUE, 1e6, NULL, &w->weight);
        }
      else if (model_field_index (key, &i))
        {
          if (read_model_field (r, i, w))
            rec->have |= 1u << i;
        }
      else
        unknown_key (r, &m, key, workload_keys,
                     G_N_ELEMENTS (workload_keys) - (in_list ? 0 : 1));
    }
  tf_yaml_mapping_clear (&m);
  if (r->error != NULL)
    return FALSE;
  if (!rec->has_parallelism)
    return tf_yaml_reader_fail_at (r, rec->mark, "parallelism is required ({tp, pp, dp} with "
                                   "tp * pp * dp = n_chip)");
  if (rec->preset == NULL && (rec->have & REQUIRED_MODEL) != REQUIRED_MODEL)
    {
      g_autoptr(GString) missing = g_string_new (NULL);

      for (guint f = 0; f < F_COMPUTE_TIME_US; f++)
        if (!(rec->have & (1u << f)))
          g_string_append_printf (missing, "%s%s", missing->len ? ", " : "",
                                  model_fields[f].key);
      return tf_yaml_reader_fail_at (r, rec->mark, "needs a model preset (model:) or every "
                                     "model key (missing: %s)", missing->str);
    }
  if (w->name == NULL && w->model == NULL)
    return tf_yaml_reader_fail_at (r, rec->mark, "name is required when there is no model "
                                   "preset");
  if (w->name == NULL)
    w->name = g_strdup (w->model);
  for (guint k = 0; k < index; k++)
    if (strcmp (l->c->workloads[k].name, w->name) == 0)
      return tf_yaml_reader_fail_at (r, rec->has_name ? rec->name_mark : rec->mark,
                                     "workloads[%u] is also named '%s'; names must differ "
                                     "(give each a name:)", k, w->name);
  return TRUE;
}

static void
workload_defaults (TfWorkload *w)
{
  static const guint64 spec_sizes[] = {
    G_GUINT64_CONSTANT (1) << 20, G_GUINT64_CONSTANT (1) << 24, G_GUINT64_CONSTANT (1) << 28,
    G_GUINT64_CONSTANT (1) << 30,
  };

  w->weight = 1;
  w->ep = 1;
  w->n_message_sizes = G_N_ELEMENTS (spec_sizes);
  memcpy (w->message_sizes, spec_sizes, sizeof spec_sizes);
  w->primitives = 1u << TF_PRIMITIVE_ALL_REDUCE;
  memcpy (w->overlap, default_overlap, sizeof default_overlap);
}

static gboolean
read_workloads (Loader     *l,
                const char *key,
                TfMark      key_mark)
{
  TfYamlReader *r = &l->r;

  if (l->workload_key != NULL)
    return tf_yaml_reader_fail_at (r, key_mark, "%s and %s are both given; give either "
                                   "workload (one) or workloads (a list of 1 to %u)",
                                   l->workload_key, key, TF_SEARCH_MAX_WORKLOADS);
  l->workload_key = is_key (key, "workload") ? "workload" : "workloads";
  if (is_key (key, "workload"))
    {
      workload_defaults (&l->c->workloads[0]);
      if (!read_workload (l, 0, FALSE))
        return FALSE;
      l->c->n_workloads = 1;
    }
  else
    {
      TfYamlSequence s;
      gboolean more;

      if (!tf_yaml_reader_begin_sequence (r, &s, TF_SEARCH_MAX_WORKLOADS))
        return FALSE;
      while (tf_yaml_reader_next_item (r, &s, &more) && more)
        {
          workload_defaults (&l->c->workloads[s.count - 1]);
          if (!read_workload (l, s.count - 1, TRUE))
            return FALSE;
          l->c->n_workloads = s.count;
        }
      if (r->error != NULL)
        return FALSE;
      if (l->c->n_workloads == 0)
        return tf_yaml_reader_fail_at (r, s.start, "the list is empty; it needs 1 to %u "
                                       "workloads", TF_SEARCH_MAX_WORKLOADS);
    }
  return TRUE;
}

static const char *const hardware_keys[] = {
  "nic_bandwidth_gb_per_s", "c2c_bandwidth_gb_per_s", "switch_radix_options",
  "link_latency_us", "max_optical_cable_length_m", "budget_usd", "nic_ports_per_chip",
  "on_board_links_per_chip", "off_board_ports_per_chip",
};

static gboolean
read_radix_options (Loader *l)
{
  TfYamlReader *r = &l->r;
  TfHardwareConstraints *hw = &l->c->hardware;
  TfYamlSequence s;
  gboolean more;
  guint n = 0;

  l->has_radix_options = TRUE;
  if (!tf_yaml_reader_begin_sequence (r, &s, TF_SEARCH_MAX_RADIX_OPTIONS))
    return FALSE;
  while (tf_yaml_reader_next_item (r, &s, &more) && more)
    {
      TfMark mark = tf_yaml_reader_mark (r);
      guint radix, at;

      if (!read_guint (r, 2, MAX_RADIX, &radix))
        break;
      for (guint i = 0; i < n; i++)
        if (hw->radix_options[i] == radix)
          return tf_yaml_reader_fail_at (r, mark, "%u is listed twice", radix);
      /* Kept ascending, each with its mark for the price check. */
      for (at = n; at > 0 && hw->radix_options[at - 1] > radix; at--)
        {
          hw->radix_options[at] = hw->radix_options[at - 1];
          l->radix_marks[at] = l->radix_marks[at - 1];
        }
      hw->radix_options[at] = radix;
      l->radix_marks[at] = mark;
      n++;
    }
  if (r->error != NULL)
    return FALSE;
  if (n == 0)
    return tf_yaml_reader_fail_at (r, s.start, "the list is empty; it needs at least one "
                                   "switch radix");
  hw->n_radix_options = n;
  return TRUE;
}

static gboolean
read_hardware (Loader *l)
{
  TfYamlReader *r = &l->r;
  TfHardwareConstraints *hw = &l->c->hardware;
  TfYamlMapping m;
  const char *key;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      /* Bandwidth and latency bounds are the enumeration context's (context.c). */
      if (is_key (key, "nic_bandwidth_gb_per_s"))
        read_real_in (r, 0, TRUE, 1e9, "GB/s", &hw->nic_bandwidth_gbps);
      else if (is_key (key, "c2c_bandwidth_gb_per_s"))
        read_real_in (r, 0, TRUE, 1e9, "GB/s", &hw->c2c_bandwidth_gbps);
      else if (is_key (key, "switch_radix_options"))
        read_radix_options (l);
      else if (is_key (key, "link_latency_us"))
        read_real_in (r, 0, FALSE, 1e6, "us", &hw->link_latency_us);
      else if (is_key (key, "max_optical_cable_length_m"))
        read_real_in (r, 0, TRUE, MAX_METRES, "m", &hw->max_optical_cable_length_m);
      else if (is_key (key, "budget_usd"))
        read_real_in (r, 0, FALSE, 1e15, "USD (0: no budget)", &hw->budget_usd);
      else if (is_key (key, "nic_ports_per_chip"))
        read_guint (r, 1, MAX_CHIP_PORTS, &hw->nic_ports_per_chip);
      else if (is_key (key, "on_board_links_per_chip"))
        read_guint (r, 0, MAX_CHIP_PORTS, &hw->on_board_links_per_chip);
      else if (is_key (key, "off_board_ports_per_chip"))
        read_guint (r, 1, MAX_CHIP_PORTS, &hw->off_board_ports_per_chip);
      else
        unknown_key (r, &m, key, hardware_keys, G_N_ELEMENTS (hardware_keys));
    }
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

static gboolean
read_objectives (Loader *l)
{
  guint indices[TF_N_OBJECTIVES], n;

  if (!read_name_list (&l->r, TF_N_OBJECTIVES, lookup_objective, explain_objective, indices,
                       &n))
    return FALSE;
  for (guint i = 0; i < n; i++)
    l->c->objectives[i] = (TfObjective) indices[i];
  l->c->n_objectives = n;
  return TRUE;
}

static const char *const family_keys[] = {
  "enabled", "families", "edge_cases", "scope", "chips_per_board_max", "chip_radix",
  "intra_board_topo", "chips_per_board",
};
static const char *const scope_names[] = { "intra-rack", "inter-rack" };
static const char *const topo_names[] = { "none", "full-mesh", "ring", "torus" };

G_STATIC_ASSERT (G_N_ELEMENTS (topo_names) == TF_N_INTRA_BOARD_TOPOS);

static gboolean
lookup_topo (const char *name,
             guint      *index)
{
  return name_index (topo_names, G_N_ELEMENTS (topo_names), name, index);
}

static char *
explain_topo (const char *name)
{
  g_autofree char *list = join_names (topo_names, G_N_ELEMENTS (topo_names));

  return g_strdup_printf ("'%s' is not an intra-board topology; they are %s", name, list);
}

/* intra_board_topo: one name (as the enumeration context has it) or a list; the family
 * generator seeds from an enumeration per topology, the context keeps the first. */
static gboolean
read_intra_board_topos (Loader *l)
{
  TfYamlReader *r = &l->r;
  TfSearchConfig *c = l->c;
  guint indices[TF_N_INTRA_BOARD_TOPOS], n;

  if (r->error == NULL && r->event.type == YAML_SCALAR_EVENT)
    {
      if (!tf_yaml_read_choice (r, topo_names, G_N_ELEMENTS (topo_names), &indices[0]))
        return FALSE;
      n = 1;
    }
  else if (!read_name_list (r, TF_N_INTRA_BOARD_TOPOS, lookup_topo, explain_topo, indices, &n))
    return FALSE;
  c->intra_board_topos = 0;
  for (guint i = 0; i < n; i++)
    c->intra_board_topos |= 1u << indices[i];
  c->context.intra_board_topo = (TfIntraBoardTopo) indices[0];
  return TRUE;
}

/* chips_per_board: the C_board values seeds may have, a list, kept ascending. */
static gboolean
read_chips_per_board (Loader *l,
                      TfMark *list_mark)
{
  TfYamlReader *r = &l->r;
  TfSearchConfig *c = l->c;
  TfYamlSequence s;
  gboolean more;
  guint n = 0;

  *list_mark = tf_yaml_reader_mark (r);
  if (!tf_yaml_reader_begin_sequence (r, &s, TF_SEARCH_MAX_CHIPS_PER_BOARD))
    return FALSE;
  while (tf_yaml_reader_next_item (r, &s, &more) && more)
    {
      TfMark mark = tf_yaml_reader_mark (r);
      guint value, at;

      if (!read_guint (r, 1, MAX_N_CHIP, &value))
        break;
      for (guint i = 0; i < n; i++)
        if (c->chips_per_board[i] == value)
          return tf_yaml_reader_fail_at (r, mark, "%u is listed twice", value);
      for (at = n; at > 0 && c->chips_per_board[at - 1] > value; at--)
        c->chips_per_board[at] = c->chips_per_board[at - 1];
      c->chips_per_board[at] = value;
      n++;
    }
  if (r->error != NULL)
    return FALSE;
  if (n == 0)
    return tf_yaml_reader_fail_at (r, s.start, "the list is empty; it needs at least one "
                                   "number of chips per board");
  c->n_chips_per_board = n;
  return TRUE;
}

static void
all_families (TfSearchConfig *c)
{
  c->n_families = MIN (tf_families_get_count (), G_N_ELEMENTS (c->families));
  for (guint i = 0; i < c->n_families; i++)
    c->families[i] = tf_families_get (i);
}

static gboolean
read_families (Loader *l)
{
  TfYamlReader *r = &l->r;
  TfSearchConfig *c = l->c;
  guint indices[G_N_ELEMENTS (c->families)], n;

  if (r->error == NULL && r->event.type == YAML_SCALAR_EVENT)
    {
      g_autofree char *text = NULL;
      TfMark mark = tf_yaml_reader_mark (r);

      if (!tf_yaml_read_string (r, 64, &text))
        return FALSE;
      if (strcmp (text, "ALL") != 0)
        return tf_yaml_reader_fail_at (r, mark, "'%s': must be a list of families, or ALL "
                                       "for all of them", text);
      all_families (c);
      return TRUE;
    }
  if (!read_name_list (r, G_N_ELEMENTS (c->families), lookup_family, explain_family, indices,
                       &n))
    return FALSE;
  for (guint i = 0; i < n; i++)
    c->families[i] = tf_families_get (indices[i]);
  c->n_families = n;
  return TRUE;
}

static gboolean
read_family_generator (Loader *l)
{
  TfYamlReader *r = &l->r;
  TfContext *ctx = &l->c->context;
  TfYamlMapping m;
  TfMark chips_per_board_mark = { 0 };
  const char *key;
  guint choice;

  l->has_family_block = TRUE;
  l->family_mark = tf_yaml_reader_mark (r);
  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (is_key (key, "enabled"))
        {
          l->family_enabled_mark = tf_yaml_reader_mark (r);
          read_bool (r, &l->c->family_enabled);
        }
      else if (is_key (key, "families"))
        read_families (l);
      else if (is_key (key, "edge_cases"))
        read_bool (r, &l->c->family_edge_cases);
      else if (is_key (key, "scope"))
        {
          if (tf_yaml_read_choice (r, scope_names, G_N_ELEMENTS (scope_names), &choice))
            ctx->scope = choice == 0 ? TF_SCOPE_INTRA_RACK : TF_SCOPE_INTER_RACK;
        }
      else if (is_key (key, "chips_per_board_max"))
        read_guint (r, 1, MAX_N_CHIP, &ctx->chips_per_board_max);
      else if (is_key (key, "chip_radix"))
        read_guint (r, 1, TF_CHIP_RADIX_MAX, &ctx->chip_radix);
      else if (is_key (key, "intra_board_topo"))
        read_intra_board_topos (l);
      else if (is_key (key, "chips_per_board"))
        read_chips_per_board (l, &chips_per_board_mark);
      else
        unknown_key (r, &m, key, family_keys, G_N_ELEMENTS (family_keys));
    }
  tf_yaml_mapping_clear (&m);
  /* Read in any order: the largest value is checked against the maximum at the end. */
  if (r->error == NULL && l->c->n_chips_per_board > 0
      && l->c->chips_per_board[l->c->n_chips_per_board - 1] > ctx->chips_per_board_max)
    return tf_yaml_reader_fail_field (r, chips_per_board_mark,
                                      "generators.family.chips_per_board",
                                      "%u is more than chips_per_board_max = %u",
                                      l->c->chips_per_board[l->c->n_chips_per_board - 1],
                                      ctx->chips_per_board_max);
  return r->error == NULL;
}

/* generic_template and graph_crossover: Topoforge has neither; only enabled: false passes. */
static gboolean
read_missing_generator (Loader     *l,
                        const char *what)
{
  static const char *const keys[] = { "enabled" };
  TfYamlReader *r = &l->r;
  TfYamlMapping m;
  const char *key;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      TfMark mark = tf_yaml_reader_mark (r);
      gboolean enabled;

      if (!is_key (key, "enabled"))
        unknown_key (r, &m, key, keys, G_N_ELEMENTS (keys));
      else if (read_bool (r, &enabled) && enabled)
        tf_yaml_reader_fail_at (r, mark, "%s is not implemented in Topoforge; it must stay "
                                "enabled: false", what);
    }
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

static const char *const mutator_keys[] = { "enabled", "operators", "mutation_rate" };

static gboolean
read_mutator (Loader *l)
{
  TfYamlReader *r = &l->r;
  TfSearchConfig *c = l->c;
  TfYamlMapping m;
  const char *key;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (is_key (key, "enabled"))
        read_bool (r, &c->mutator_enabled);
      else if (is_key (key, "operators"))
        {
          guint indices[TF_N_MUTATIONS], n;

          if (read_name_list (r, TF_N_MUTATIONS, lookup_mutation, explain_mutation, indices,
                              &n))
            {
              c->operators = 0;
              for (guint i = 0; i < n; i++)
                c->operators |= 1u << indices[i];
            }
        }
      else if (is_key (key, "mutation_rate"))
        read_real_in (r, 0, FALSE, 1, NULL, &c->mutation_rate);
      else
        unknown_key (r, &m, key, mutator_keys, G_N_ELEMENTS (mutator_keys));
    }
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

static const char *const generator_keys[] = {
  "family", "generic_template", "graph_mutator", "graph_crossover",
};

static gboolean
read_generators (Loader *l)
{
  TfYamlReader *r = &l->r;
  TfYamlMapping m;
  const char *key;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (is_key (key, "family"))
        read_family_generator (l);
      else if (is_key (key, "generic_template"))
        read_missing_generator (l, "the generic template generator (ATOP's 11-class "
                                "hyperparameter template, the spec's Phase 2)");
      else if (is_key (key, "graph_mutator"))
        read_mutator (l);
      else if (is_key (key, "graph_crossover"))
        read_missing_generator (l, "graph crossover (the spec's Phase 3)");
      else
        unknown_key (r, &m, key, generator_keys, G_N_ELEMENTS (generator_keys));
    }
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

static const char *const search_keys[] = {
  "algorithm", "population_size", "generations", "parallel_workers", "seed", "reference_point",
};
static const char *const algorithm_names[] = { "nsga2", "random" };

/* search.reference_point: {objective: value in its unit} */
static gboolean
read_reference_point (Loader *l)
{
  TfYamlReader *r = &l->r;
  TfYamlMapping m;
  const char *key;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      TfMark mark = tf_yaml_reader_mark (r);
      TfObjective o;

      if (!tf_objective_from_string (key, &o))
        {
          g_autofree char *why = explain_objective (key);

          tf_yaml_reader_fail_at (r, m.key_mark, "%s", why);
          break;
        }
      l->reference_marks[o] = mark;
      read_real_in (r, -1e18, FALSE, 1e18, tf_objective_unit (o), &l->c->reference_point[o]);
    }
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

static gboolean
read_search (Loader *l)
{
  TfYamlReader *r = &l->r;
  TfSearchConfig *c = l->c;
  TfYamlMapping m;
  const char *key;
  guint choice;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (is_key (key, "algorithm"))
        {
          if (tf_yaml_read_choice (r, algorithm_names, G_N_ELEMENTS (algorithm_names), &choice))
            c->algorithm = choice == 0 ? TF_SEARCH_NSGA2 : TF_SEARCH_RANDOM;
        }
      else if (is_key (key, "population_size"))
        read_guint (r, 4, TF_SEARCH_MAX_POPULATION, &c->population_size);
      else if (is_key (key, "generations"))
        read_guint (r, 1, TF_SEARCH_MAX_GENERATIONS, &c->generations);
      else if (is_key (key, "parallel_workers"))
        {
          guint64 v;

          if (read_uint_in (r, 0, 1024, "0 uses every core", &v))
            c->threads = (guint) v;
        }
      else if (is_key (key, "seed"))
        tf_yaml_read_uint (r, 0, G_MAXUINT64, &c->seed);
      else if (is_key (key, "reference_point"))
        read_reference_point (l);
      else
        unknown_key (r, &m, key, search_keys, G_N_ELEMENTS (search_keys));
    }
  tf_yaml_mapping_clear (&m);
  if (r->error == NULL
      && (guint64) c->population_size * c->generations > MAX_EVALUATIONS)
    return tf_yaml_reader_fail_at (r, m.start, "population_size * generations = %u * %u = %"
                                   G_GUINT64_FORMAT " evaluations; the limit is %"
                                   G_GUINT64_FORMAT, c->population_size, c->generations,
                                   (guint64) c->population_size * c->generations,
                                   MAX_EVALUATIONS);
  return r->error == NULL;
}

static const char *const evaluator_keys[] = {
  "stage_1", "stage_2", "pareto_threshold", "failures", "disconnected_penalty_hops",
};
static const char *const stage_2_names[] = { "g5_simulation", "none" };
static const char *const failures_names[] = { "switches", "switches_and_links" };

static gboolean
read_evaluator (Loader *l)
{
  TfYamlReader *r = &l->r;
  TfSearchConfig *c = l->c;
  TfYamlMapping m;
  const char *key;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      TfMark mark = tf_yaml_reader_mark (r);

      if (is_key (key, "stage_1"))
        {
          g_autofree char *text = NULL;

          if (tf_yaml_read_string (r, 64, &text) && strcmp (text, "math_alpha_beta") != 0)
            tf_yaml_reader_fail_at (r, mark, "'%s' must be math_alpha_beta: the alpha-beta "
                                    "model is Topoforge's only Stage 1 evaluator", text);
        }
      else if (is_key (key, "stage_2"))
        {
          guint choice;

          if (tf_yaml_read_choice (r, stage_2_names, G_N_ELEMENTS (stage_2_names), &choice))
            {
              c->stage_2_requested = choice == 0;
              if (c->stage_2_requested)
                g_ptr_array_add (c->warnings,
                                 g_strdup_printf ("%s:%u:%u: field '%s': g5_simulation is not "
                                                  "available in Topoforge: Stage 2 is skipped "
                                                  "and Layer 3 uses the alpha-beta iteration "
                                                  "model", r->file, mark.line, mark.column,
                                                  r->path->str));
            }
        }
      else if (is_key (key, "pareto_threshold"))
        read_real_in (r, 0, TRUE, 1, NULL, &c->pareto_threshold);
      else if (is_key (key, "failures"))
        {
          guint choice;

          if (tf_yaml_read_choice (r, failures_names, G_N_ELEMENTS (failures_names), &choice))
            c->failures = (TfFailures) choice;
        }
      else if (is_key (key, "disconnected_penalty_hops"))
        read_real_in (r, 1, FALSE, 1e9, "hops", &c->disconnected_penalty_hops);
      else
        unknown_key (r, &m, key, evaluator_keys, G_N_ELEMENTS (evaluator_keys));
    }
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

static gboolean
read_document (Loader *l)
{
  TfYamlReader *r = &l->r;
  TfYamlMapping m;
  const char *key;
  guint64 v;

  if (!tf_yaml_reader_begin_document (r))
    return FALSE;
  l->root_mark = tf_yaml_reader_mark (r);
  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (is_key (key, "n_chip"))
        {
          l->has_n_chip = TRUE;
          l->n_chip_mark = tf_yaml_reader_mark (r);
          if (read_uint_in (r, 2, MAX_N_CHIP, "the optimizer's limit is 65536 chips", &v))
            l->c->n_chip = (guint) v;
        }
      else if (is_key (key, "workload") || is_key (key, "workloads"))
        read_workloads (l, key, m.key_mark);
      else if (is_key (key, "hardware_constraints"))
        read_hardware (l);
      else if (is_key (key, "objectives"))
        read_objectives (l);
      else if (is_key (key, "generators"))
        read_generators (l);
      else if (is_key (key, "search"))
        read_search (l);
      else if (is_key (key, "evaluator"))
        read_evaluator (l);
      else if (is_key (key, "cost"))
        read_cost (r, &l->sheet, FALSE);
      else
        unknown_key (r, &m, key, top_keys, G_N_ELEMENTS (top_keys));
    }
  tf_yaml_mapping_clear (&m);
  if (r->error != NULL)
    return FALSE;
  if (!l->has_n_chip)
    return tf_yaml_reader_fail_at (r, m.start, "n_chip is required");
  if (l->workload_key == NULL)
    return tf_yaml_reader_fail_at (r, m.start, "a workload is required (workload: or "
                                   "workloads:)");
  g_assert (r->event.type == YAML_DOCUMENT_END_EVENT);
  if (!tf_yaml_reader_next (r))
    return FALSE;
  if (r->event.type != YAML_STREAM_END_EVENT)
    return tf_yaml_reader_fail (r, "a second YAML document; a search configuration holds one");
  return TRUE;
}

/* Checks that join parts of the file, and what is derived from it */

static gboolean
finish_workload (Loader *l,
                 guint   index)
{
  TfYamlReader *r = &l->r;
  TfSearchConfig *c = l->c;
  TfWorkload *w = &c->workloads[index];
  WorkloadRecord *rec = &l->records[index];
  g_autofree char *path = is_key (l->workload_key, "workload")
                          ? g_strdup ("workload") : g_strdup_printf ("workloads[%u]", index);
  g_autofree char *parallelism = g_strdup_printf ("%s.parallelism", path);
  guint64 product = (guint64) w->tp * w->pp * w->dp;
  double compute;

  /* The preset fills what the file does not give. */
  if (rec->preset != NULL)
    {
      const TfWorkload *p = &rec->preset->model;

      for (guint f = 0; f < N_MODEL_FIELDS; f++)
        if (!(rec->have & (1u << f)) && (rec->preset->have & (1u << f)))
          memcpy (G_STRUCT_MEMBER_P (w, model_fields[f].offset),
                  G_STRUCT_MEMBER_P (p, model_fields[f].offset),
                  model_fields[f].integer ? sizeof (guint) : sizeof (double));
      for (guint k = 0; k < TF_N_COMMS; k++)
        if (!(rec->have & (1u << F_OVERLAP (k))) && (rec->preset->have & (1u << F_OVERLAP (k))))
          w->overlap[k] = p->overlap[k];
    }

  if (product != c->n_chip)
    return tf_yaml_reader_fail_field (r, rec->parallelism_mark, parallelism,
                                      "tp * pp * dp = %u * %u * %u = %" G_GUINT64_FORMAT
                                      " but n_chip is %u; they must be equal", w->tp, w->pp,
                                      w->dp, product, c->n_chip);
  if (w->dp % w->ep != 0)
    return tf_yaml_reader_fail_field (r, rec->parallelism_mark, parallelism,
                                      "ep = %u does not divide dp = %u (experts are spread over "
                                      "data-parallel ranks)", w->ep, w->dp);
  if (w->global_batch_size % ((guint64) w->dp * w->micro_batch_size) != 0)
    return tf_yaml_reader_fail_field (r, rec->parallelism_mark, parallelism,
                                      "global_batch_size %u is not a multiple of dp * "
                                      "micro_batch_size = %u * %u", w->global_batch_size,
                                      w->dp, w->micro_batch_size);
  if (!(rec->have & (1u << F_COMPUTE_TIME_US)))
    {
      /* Pure compute of one iteration, forward and backward (6 FLOPs per weight per token),
       * spread over every chip; the pipeline bubble is Layer 3's. */
      compute = 6.0 * w->parameters * w->global_batch_size * w->sequence_length
                / (c->n_chip * w->chip_peak_tflops * 1e12 * w->mfu) * 1e6;
      if (!isfinite (compute) || compute <= 0 || compute > model_fields[F_COMPUTE_TIME_US].rmax)
        return tf_yaml_reader_fail_field (r, rec->mark, path, "the compute time derived from "
                                          "the model is %g us, out of range (above 0, at most "
                                          "1e15 us); give compute_time_us or check the model",
                                          compute);
      w->compute_time_us = compute;
    }
  return TRUE;
}

/* The context's links from the hardware: a C2C link on its board at the C2C bandwidth, every
 * link leaving a board at the NIC's, a chip-to-chip cable between boards too: its ends are
 * serdes ports at network speed, not the board's traces (docs/spec-notes.md). */
static void
set_context_links (TfSearchConfig *c)
{
  const TfHardwareConstraints *hw = &c->hardware;

  c->context.defaults[TF_LINK_C2C].bandwidth_gbps = hw->c2c_bandwidth_gbps;
  for (guint t = TF_LINK_B2B; t < TF_N_LINK_TYPES; t++)
    c->context.defaults[t].bandwidth_gbps = hw->nic_bandwidth_gbps;
  for (guint r = TF_REACH_RACK; r < TF_N_REACHES; r++)
    c->context.by_reach[TF_LINK_C2C][r].bandwidth_gbps = hw->nic_bandwidth_gbps;
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    c->context.defaults[t].latency_ns = hw->link_latency_us * 1000;
}

static gboolean
finish (Loader *l)
{
  TfYamlReader *r = &l->r;
  TfSearchConfig *c = l->c;
  TfHardwareConstraints *hw = &c->hardware;
  g_autoptr(GError) error = NULL;
  guint missing;

  for (guint i = 0; i < c->n_workloads; i++)
    if (!finish_workload (l, i))
      return FALSE;

  if (!resolve_switch_prices (&l->sheet, hw, &c->prices, &missing))
    {
      g_autoptr(GString) priced = g_string_new (NULL);

      for (guint i = 0; i < l->sheet.n_switch; i++)
        g_string_append_printf (priced, "%s%u", i ? ", " : "", l->sheet.switch_radix[i]);
      if (l->has_radix_options)
        {
          g_autofree char *path = g_strdup_printf ("hardware_constraints."
                                                   "switch_radix_options[%u]", missing);

          return tf_yaml_reader_fail_field (r, l->radix_marks[missing], path,
                                            "radix %u has no switch price; give one under "
                                            "cost.prices.switch (priced: %s)",
                                            hw->radix_options[missing], priced->str);
        }
      return tf_yaml_reader_fail_field (r, l->root_mark, "hardware_constraints",
                                        "radix %u has no switch price; give one under "
                                        "cost.prices.switch (priced: %s)",
                                        hw->radix_options[missing], priced->str);
    }
  c->prices.port_gbps = l->sheet.base.port_gbps;
  c->prices.nic_port = l->sheet.base.nic_port;
  c->prices.pcb_link = l->sheet.base.pcb_link;
  c->prices.copper_link = l->sheet.base.copper_link;
  c->prices.optical_link_fixed = l->sheet.base.optical_link_fixed;
  c->prices.optical_link_per_m = l->sheet.base.optical_link_per_m;
  c->floor = l->sheet.floor;

  if (!c->family_enabled)
    return tf_yaml_reader_fail_field (r, l->family_enabled_mark, "generators.family.enabled",
                                      "the family generator makes the initial population and "
                                      "the search has no other (generic_template is not "
                                      "implemented): it must be enabled");

  if (hw->nic_ports_per_chip > hw->off_board_ports_per_chip)
    return tf_yaml_reader_fail_field (r, l->root_mark, "hardware_constraints.nic_ports_per_chip",
                                      "%u NIC ports do not fit in %u off-board ports per chip "
                                      "(off_board_ports_per_chip)", hw->nic_ports_per_chip,
                                      hw->off_board_ports_per_chip);
  if (c->disconnected_penalty_hops == 0)
    c->disconnected_penalty_hops = c->n_chip;

  /* A reference point must be worse than the ideal, or the box is empty. */
  {
    double ideal[TF_N_OBJECTIVES], reference[TF_N_OBJECTIVES];

    tf_search_config_get_box (c, ideal, reference);
    for (guint k = 0; k < c->n_objectives; k++)
      if (!(reference[k] > ideal[k]))
        {
          TfObjective o = c->objectives[k];
          g_autofree char *path = g_strdup_printf ("search.reference_point.%s",
                                                   tf_objective_to_string (o));

          return tf_yaml_reader_fail_field (r, isnan (c->reference_point[o])
                                               ? l->root_mark : l->reference_marks[o], path,
                                            "%.6g %s is not worse than the best any network "
                                            "can do, %.6g %s", tf_objective_value (o, reference[k]),
                                            tf_objective_unit (o), tf_objective_value (o, ideal[k]),
                                            tf_objective_unit (o));
        }
  }

  /* The enumeration context */
  c->context.n_chip = c->n_chip;
  set_context_links (c);
  if (!tf_context_validate (&c->context, &error))
    return tf_yaml_reader_fail_field (r, l->has_family_block ? l->family_mark : l->root_mark,
                                      "generators.family", "%s", error->message);

  return TRUE;
}

/* Defaults: the spec's example search without its workload (docs/optimizer.md). */
static void
config_defaults (TfSearchConfig  *c,
                 const CostSheet *sheet)
{
  static const guint radix_options[] = { 32, 64, 128 };
  TfHardwareConstraints *hw = &c->hardware;
  TfContext ctx;
  guint missing;

  memset (c, 0, sizeof *c);
  tf_context_init (&ctx);

  hw->nic_bandwidth_gbps = 50;
  hw->c2c_bandwidth_gbps = ctx.defaults[TF_LINK_C2C].bandwidth_gbps;
  hw->n_radix_options = G_N_ELEMENTS (radix_options);
  memcpy (hw->radix_options, radix_options, sizeof radix_options);
  hw->link_latency_us = 1.0;
  hw->max_optical_cable_length_m = 50;
  hw->budget_usd = 0;
  hw->nic_ports_per_chip = 1;
  hw->on_board_links_per_chip = 18;
  hw->off_board_ports_per_chip = 6;

  c->prices = sheet->base;
  if (!resolve_switch_prices (sheet, hw, &c->prices, &missing))
    g_error ("built-in data/prices.yaml has no price for the default radix %u",
             hw->radix_options[missing]);
  c->floor = sheet->floor;

  c->n_objectives = 3;
  c->objectives[0] = TF_OBJECTIVE_ITER_TIME;
  c->objectives[1] = TF_OBJECTIVE_NETWORK_COST;
  c->objectives[2] = TF_OBJECTIVE_APL_FAIL;

  c->family_enabled = TRUE;
  all_families (c);
  c->intra_board_topos = (1u << TF_N_INTRA_BOARD_TOPOS) - 1;
  c->n_chips_per_board = 0;
  c->context = ctx;
  c->context.scope = TF_SCOPE_INTER_RACK;
  set_context_links (c);
  c->mutator_enabled = TRUE;
  c->operators = (1u << TF_N_MUTATIONS) - 1;
  c->mutation_rate = 0.8;

  c->algorithm = TF_SEARCH_NSGA2;
  c->population_size = 200;
  c->generations = 100;
  c->threads = 0;
  c->seed = 1;
  for (guint i = 0; i < TF_N_OBJECTIVES; i++)
    c->reference_point[i] = NAN;

  c->stage_2_requested = FALSE;
  c->pareto_threshold = 0.05;
  c->failures = TF_FAILURES_SWITCHES;
  c->disconnected_penalty_hops = 0;   /* set to n_chip when the document is read */
  c->warnings = g_ptr_array_new_with_free_func (g_free);
}

void
tf_search_config_init (TfSearchConfig *config)
{
  CostSheet sheet;

  g_return_if_fail (config != NULL);

  cost_sheet_builtin (&sheet);
  config_defaults (config, &sheet);
}

void
tf_search_config_clear (TfSearchConfig *config)
{
  g_return_if_fail (config != NULL);

  g_free (config->file);
  for (guint i = 0; i < TF_SEARCH_MAX_WORKLOADS; i++)
    {
      g_free (config->workloads[i].name);
      g_free (config->workloads[i].model);
    }
  if (config->warnings != NULL)
    g_ptr_array_unref (config->warnings);
  memset (config, 0, sizeof *config);
}

gboolean
tf_search_config_load_data (const char      *name,
                            const char      *data,
                            gsize            length,
                            TfSearchConfig  *out,
                            GError         **error)
{
  Loader l;
  gboolean ok;

  g_return_val_if_fail (name != NULL && (data != NULL || length == 0) && out != NULL, FALSE);

  memset (&l, 0, sizeof l);
  l.c = out;
  cost_sheet_builtin (&l.sheet);
  config_defaults (out, &l.sheet);
  out->file = g_strdup (name);
  l.presets = g_array_new (FALSE, TRUE, sizeof (ModelPreset));
  g_array_set_clear_func (l.presets, model_preset_clear);
  models_builtin (l.presets);

  ok = tf_yaml_reader_init (&l.r, name, (const guchar *) (data ? data : ""), length)
       && read_document (&l)
       && finish (&l);
  if (!ok)
    {
      g_assert (l.r.error != NULL);
      g_propagate_error (error, g_steal_pointer (&l.r.error));
      tf_search_config_clear (out);
    }
  tf_yaml_reader_clear (&l.r);
  g_array_unref (l.presets);
  return ok;
}

/* As tf_topology_load_file: a regular file only (a FIFO or a device never blocks or streams
 * forever), within the size limit, read once. */
gboolean
tf_search_config_load_file (const char      *path,
                            TfSearchConfig  *out,
                            GError         **error)
{
  g_autofree char *data = NULL;
  gsize got = 0;

  g_return_val_if_fail (path != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  if (!tf_yaml_read_file (path, MAX_CONFIG_BYTES, "a search configuration", &data, &got, error))
    return FALSE;
  return tf_search_config_load_data (path, data, got, out, error);
}
