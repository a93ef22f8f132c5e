/* SPDX-License-Identifier: GPL-3.0-or-later */
/* topology-loader.c: reads a topology file (docs/yaml-format.md) into a TfTopology.
 *
 * Files are untrusted. The loader streams libyaml's events through the guarded reader
 * (yaml-reader.c), refuses anything outside the format with the exact field and position, keeps
 * what it reads in compact records, and only then assembles the NetworkGraph: chip numbers and
 * node names are checked once n_chip is known, wherever the context sits in the file. The graph
 * then passes the same invariants generate checks. A file that names a result id must hold
 * exactly the network that id generates, and metadata that agrees with it.
 *
 * Every allocation that grows with the input goes through one seam (load_alloc), which a test
 * can make fail at the Nth call; each such failure is a clean TF_ERROR_NO_MEMORY.
 */
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
#include "names-private.h"
#include "optimizer.h"
#include "yaml-reader-private.h"

#define MAX_NAME        256      /* switch ids, strings in metadata */
#define MAX_ID          1024     /* result ids */
#define MAX_EXTENSION   10000    /* values under all "x-" keys together */
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
  guint8  has_rack, has_pod;
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
  NEW_COUNT_ALL = (1 << 5) - 1,
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
} Vec;

#define VEC_AT(v, type, i) (((type *) (void *) (v).data)[i])

typedef struct
{
  TfYamlReader  r;
  guint         fail_at;
  guint         n_allocs;

  /* metadata */
  gboolean      has_metadata, has_context, has_n_chip, has_scope;
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
  GPtrArray    *extensions;
  guint         extension_budget;

  /* the rest */
  gboolean      has_chips_per_board;
  guint64       chips_per_board;
  TfMark        chips_per_board_mark;
  gboolean      has_grouping, has_network;
  TfMark        grouping_mark, network_mark;
  Vec           pods, racks, boards, chips, switches, links;
  GPtrArray    *names;              /* switch names, as referenced or defined */
  GHashTable   *name_index;         /* name -> index + 1 */
  Vec           name_first_use;     /* TfMark of each name's first reference */
  guint32      *name_switch;        /* name -> switch record + 1, once assembled */
} Loader;

/* The allocation seam */

static gpointer
load_realloc (Loader  *l,
              gpointer mem,
              gsize    size)
{
  l->n_allocs++;
  if (l->fail_at != 0 && l->n_allocs == l->fail_at)
    return NULL;
  return g_try_realloc (mem, size);
}

static gboolean
out_of_memory (Loader *l)
{
  if (l->r.error == NULL)
    {
      TfMark mark = tf_yaml_reader_mark (&l->r);

      g_set_error (&l->r.error, TF_ERROR, TF_ERROR_NO_MEMORY,
                   "%s:%u:%u: field '%s': out of memory", l->r.file, mark.line, mark.column,
                   l->r.path->len ? l->r.path->str : "(document)");
    }
  return FALSE;
}

static gpointer
load_alloc0 (Loader *l,
             gsize   n,
             gsize   size)
{
  gpointer p;

  if (size != 0 && n > G_MAXSIZE / size)
    return NULL;
  p = load_realloc (l, NULL, MAX (n * size, 1));
  if (p != NULL)
    memset (p, 0, MAX (n * size, 1));
  return p;
}

static gboolean
vec_push (Loader     *l,
          Vec        *v,
          const void *item)
{
  if (v->len == v->cap)
    {
      guint cap = v->cap ? v->cap * 2 : 16;
      guint8 *data;

      if (cap < v->cap || (gsize) cap > G_MAXSIZE / v->size)
        return out_of_memory (l);
      data = load_realloc (l, v->data, cap * v->size);
      if (data == NULL)
        return out_of_memory (l);
      v->data = data;
      v->cap = cap;
    }
  memcpy (v->data + (gsize) v->len * v->size, item, v->size);
  v->len++;
  return TRUE;
}

static void
vec_clear (Vec *v)
{
  g_free (v->data);
  v->data = NULL;
  v->len = v->cap = 0;
}

/* Names */

/* "chip<N>" with N in decimal and no leading zero; FALSE for anything else. */
static gboolean
parse_chip_name (const char *name,
                 guint64    *chip)
{
  const char *digits;

  if (!g_str_has_prefix (name, "chip"))
    return FALSE;
  digits = name + 4;
  if (*digits == '\0' || strspn (digits, "0123456789") != strlen (digits)
      || (digits[0] == '0' && digits[1] != '\0'))
    return FALSE;
  return g_ascii_string_to_unsigned (digits, 10, 0, TF_N_CHIP_MAX, chip, NULL);
}

/* The index of switch name @name, added on first sight. */
static gboolean
intern_name (Loader     *l,
             const char *name,
             TfMark      mark,
             char        end,
             guint32    *index)
{
  gpointer found = g_hash_table_lookup (l->name_index, name);
  char *copy;

  if (found != NULL)
    {
      *index = GPOINTER_TO_UINT (found) - 1;
      return TRUE;
    }
  if (l->names->len >= MAX_SWITCHES)
    return tf_yaml_reader_fail (&l->r, "more than %u switch names", MAX_SWITCHES);
  copy = load_realloc (l, NULL, strlen (name) + 1);
  if (copy == NULL)
    return out_of_memory (l);
  strcpy (copy, name);
  {
    NameUse use = { mark, l->links.len, end };

    if (!vec_push (l, &l->name_first_use, &use))
      {
        g_free (copy);
        return FALSE;
      }
  }
  g_ptr_array_add (l->names, copy);
  *index = l->names->len - 1;
  g_hash_table_insert (l->name_index, copy, GUINT_TO_POINTER (*index + 1));
  return TRUE;
}

static gboolean
read_node_ref (Loader  *l,
               char     end,
               guint32 *ref)
{
  g_autofree char *name = NULL;
  TfMark mark = tf_yaml_reader_mark (&l->r);
  guint64 chip;
  guint32 index;

  if (!tf_yaml_read_string (&l->r, MAX_NAME, &name))
    return FALSE;
  if (parse_chip_name (name, &chip))
    {
      *ref = (guint32) chip;
      return TRUE;
    }
  if (g_str_has_prefix (name, "chip"))
    return tf_yaml_reader_fail_at (&l->r, mark, "'%s' is not a node name: chips are chip0, "
                                   "chip1, ... up to chip%u", name, TF_N_CHIP_MAX - 1);
  if (!intern_name (l, name, mark, end, &index))
    return FALSE;
  *ref = index | SWITCH_REF;
  return TRUE;
}

/* Metadata */

static gboolean
unknown_key (Loader        *l,
             TfYamlMapping *m,
             const char    *key,
             const char    *known)
{
  return tf_yaml_reader_fail_at (&l->r, m->key_mark, "unknown key '%s'; expected %s", key,
                                 known);
}

/* One per-reach override: either number or both. */
static gboolean
read_reach_override (Loader         *l,
                     TfLinkDefaults *o)
{
  TfYamlMapping m;
  const char *key;
  TfMark start = tf_yaml_reader_mark (&l->r);

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "bandwidth_gbps") == 0)
        tf_yaml_read_real (&l->r, &o->bandwidth_gbps);
      else if (strcmp (key, "latency_ns") == 0)
        tf_yaml_read_real (&l->r, &o->latency_ns);
      else
        unknown_key (l, &m, key, "bandwidth_gbps or latency_ns");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && isnan (o->bandwidth_gbps) && isnan (o->latency_ns))
    return tf_yaml_reader_fail_at (&l->r, start, "needs bandwidth_gbps or latency_ns");
  return l->r.error == NULL;
}

static gboolean
read_link_defaults (Loader     *l,
                    TfLinkType  type)
{
  TfLinkDefaults *d = &l->ctx.defaults[type];
  TfYamlMapping m;
  const char *key;
  gboolean has_bandwidth = FALSE, has_latency = FALSE;
  TfMark start = tf_yaml_reader_mark (&l->r);

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "bandwidth_gbps") == 0)
        has_bandwidth = tf_yaml_read_real (&l->r, &d->bandwidth_gbps);
      else if (strcmp (key, "latency_ns") == 0)
        has_latency = tf_yaml_read_real (&l->r, &d->latency_ns);
      else if (strcmp (key, "by_reach") == 0)
        {
          TfYamlMapping rm;
          const char *name;

          if (!tf_yaml_reader_begin_mapping (&l->r, &rm))
            break;
          while (tf_yaml_reader_next_key (&l->r, &rm, &name))
            {
              TfReach reach;

              if (!tf_reach_from_string (name, &reach))
                unknown_key (l, &rm, name, "board, rack, pod or datacenter");
              else
                read_reach_override (l, &l->ctx.by_reach[type][reach]);
            }
          tf_yaml_mapping_clear (&rm);
        }
      else
        unknown_key (l, &m, key, "bandwidth_gbps, latency_ns or by_reach");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && (!has_bandwidth || !has_latency))
    return tf_yaml_reader_fail_at (&l->r, start, "needs both bandwidth_gbps and latency_ns");
  return l->r.error == NULL;
}

static gboolean
read_switch_defaults (Loader *l)
{
  TfYamlMapping m;
  const char *key;
  gboolean has_radix = FALSE, has_latency = FALSE;
  TfMark start = tf_yaml_reader_mark (&l->r);
  guint64 v;

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "radix") == 0)
        {
          if ((has_radix = tf_yaml_read_uint (&l->r, 2, G_MAXUINT32, &v)))
            l->ctx.switch_defaults.radix = (guint) v;
        }
      else if (strcmp (key, "latency_ns") == 0)
        has_latency = tf_yaml_read_real (&l->r, &l->ctx.switch_defaults.latency_ns);
      else
        unknown_key (l, &m, key, "radix or latency_ns");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && (!has_radix || !has_latency))
    return tf_yaml_reader_fail_at (&l->r, start, "needs both radix and latency_ns");
  return l->r.error == NULL;
}

static gboolean
read_context (Loader *l)
{
  TfYamlMapping m;
  const char *key;
  guint64 v;
  guint choice;

  l->has_context = TRUE;
  l->context_mark = tf_yaml_reader_mark (&l->r);
  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "n_chip") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 2, TF_N_CHIP_MAX, &v))
            l->ctx.n_chip = (guint) v;
          l->has_n_chip = TRUE;
        }
      else if (strcmp (key, "scope") == 0)
        {
          if (tf_yaml_read_choice (&l->r, tf_scope_names, TF_N_SCOPE_NAMES, &choice))
            l->ctx.scope = choice == 0 ? TF_SCOPE_INTRA_RACK : TF_SCOPE_INTER_RACK;
          l->has_scope = TRUE;
        }
      else if (strcmp (key, "chips_per_board_max") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 1, TF_N_CHIP_MAX, &v))
            l->ctx.chips_per_board_max = (guint) v;
        }
      else if (strcmp (key, "boards_per_rack_max") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 1, TF_N_CHIP_MAX, &v))
            l->ctx.boards_per_rack_max = (guint) v;
        }
      else if (strcmp (key, "racks_per_pod_max") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 1, TF_N_CHIP_MAX, &v))
            l->ctx.racks_per_pod_max = (guint) v;
        }
      else if (strcmp (key, "chip_radix") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 1, TF_CHIP_RADIX_MAX, &v))
            l->ctx.chip_radix = (guint) v;
        }
      else if (strcmp (key, "intra_board_topo") == 0)
        {
          if (tf_yaml_read_choice (&l->r, tf_intra_board_topo_names, TF_INTRA_BOARD_TORUS + 1, &choice))
            l->ctx.intra_board_topo = (TfIntraBoardTopo) choice;
        }
      else if (strcmp (key, "defaults") == 0)
        {
          TfYamlMapping dm;
          const char *type;

          if (!tf_yaml_reader_begin_mapping (&l->r, &dm))
            break;
          while (tf_yaml_reader_next_key (&l->r, &dm, &type))
            {
              TfLinkType t;

              if (strcmp (type, "switch") == 0)
                read_switch_defaults (l);
              else if (!tf_link_type_from_string (type, &t))
                unknown_key (l, &dm, type, "C2C, B2B, R2R, P2P or switch");
              else
                read_link_defaults (l, t);
            }
          tf_yaml_mapping_clear (&dm);
        }
      else
        unknown_key (l, &m, key, "n_chip, scope, chips_per_board_max, boards_per_rack_max, "
                     "racks_per_pod_max, chip_radix, "
                     "intra_board_topo or defaults");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error != NULL)
    return FALSE;
  if (!l->has_n_chip)
    return tf_yaml_reader_fail_field (&l->r, l->context_mark, "metadata.context",
                                      "n_chip is required");
  if (!l->has_scope)
    return tf_yaml_reader_fail_field (&l->r, l->context_mark, "metadata.context",
                                      "scope is required");
  return TRUE;
}

/* family_attrs as canonical text ("{k: 8, layers: 2, w_levels: [4, 4]}"), to compare with the
 * id's. */
static gboolean
read_attrs (Loader *l)
{
  TfYamlMapping m;
  const char *key;

  l->attrs = g_string_new (NULL);
  l->attrs_mark = tf_yaml_reader_mark (&l->r);
  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      guint64 v;

      g_string_append_printf (l->attrs, "%s%s: ", l->attrs->len ? ", " : "", key);
      if (l->r.event.type == YAML_SEQUENCE_START_EVENT)
        {
          TfYamlSequence s;
          gboolean more;

          if (!tf_yaml_reader_begin_sequence (&l->r, &s, TF_MAX_DIMS))
            break;
          g_string_append_c (l->attrs, '[');
          while (tf_yaml_reader_next_item (&l->r, &s, &more) && more)
            if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
              g_string_append_printf (l->attrs, "%s%" G_GUINT64_FORMAT,
                                      s.count > 1 ? ", " : "", v);
          g_string_append_c (l->attrs, ']');
        }
      else if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
        g_string_append_printf (l->attrs, "%" G_GUINT64_FORMAT, v);
    }
  tf_yaml_mapping_clear (&m);
  return l->r.error == NULL;
}

static void
attrs_text (const TfResult *result,
            GString        *out)
{
  TfAttrs attrs;

  tf_result_get_attrs (result, &attrs);
  for (guint i = 0; i < attrs.n_attrs; i++)
    {
      g_string_append_printf (out, "%s%s: %s", out->len ? ", " : "", attrs.attrs[i].key,
                              attrs.attrs[i].is_list ? "[" : "");
      for (guint j = 0; j < attrs.attrs[i].n_values; j++)
        g_string_append_printf (out, "%s%" G_GINT64_FORMAT, j ? ", " : "",
                                attrs.attrs[i].values[j]);
      if (attrs.attrs[i].is_list)
        g_string_append_c (out, ']');
    }
}

static gboolean
read_method (Loader   *l,
             TfMethod *out)
{
  guint choice;

  if (!tf_yaml_read_choice (&l->r, tf_method_names, TF_N_METHODS, &choice))
    return FALSE;
  *out = (TfMethod) choice;
  return TRUE;
}

/* The optimizer's metadata (docs/optimizer.md) */

static TfCandidateMetadata *
candidate_of (Loader *l)
{
  if (l->candidate == NULL)
    l->candidate = g_new0 (TfCandidateMetadata, 1);
  return l->candidate;
}

/* One of tf_candidate_value_names () under metadata.metrics; FALSE for any other key. */
static gboolean
read_candidate_value (Loader     *l,
                      const char *key)
{
  const char *const *names = tf_candidate_value_names ();
  TfCandidateMetadata *c;

  for (guint i = 0; names[i] != NULL; i++)
    if (strcmp (key, names[i]) == 0)
      {
        c = candidate_of (l);
        if (c->n_values == TF_CANDIDATE_MAX_VALUES)
          {
            tf_yaml_reader_fail (&l->r, "more than %u optimizer values",
                                 TF_CANDIDATE_MAX_VALUES);
            return TRUE;
          }
        if (tf_yaml_read_real (&l->r, &c->values[c->n_values]))
          c->value_keys[c->n_values++] = (guint8) i;
        return TRUE;
      }
  l->has_generator_metrics = TRUE;
  return FALSE;
}

static GPtrArray *
read_string_list (Loader *l,
                  guint   max_items,
                  gsize   max_length)
{
  GPtrArray *list = g_ptr_array_new_with_free_func (g_free);
  TfYamlSequence s;
  gboolean more;

  if (!tf_yaml_reader_begin_sequence (&l->r, &s, max_items))
    return list;
  while (tf_yaml_reader_next_item (&l->r, &s, &more) && more)
    {
      char *item = NULL;

      if (tf_yaml_read_string (&l->r, max_length, &item))
        g_ptr_array_add (list, item);
    }
  return list;
}

static gboolean
read_origin (Loader *l)
{
  TfCandidateMetadata *c = candidate_of (l);
  TfYamlMapping m;
  const char *key;
  guint choice;

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "method") == 0)
        {
          const char *methods[TF_ORIGIN_MANUAL_SEED + 1];

          for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
            methods[i] = tf_origin_method_to_string (i);
          if (tf_yaml_read_choice (&l->r, methods, G_N_ELEMENTS (methods), &choice))
            c->method = g_strdup (methods[choice]);
        }
      else if (strcmp (key, "seed_family") == 0)
        tf_yaml_read_string (&l->r, MAX_NAME, &c->seed_family);
      else if (strcmp (key, "seed_id") == 0)
        tf_yaml_read_string (&l->r, MAX_ID, &c->seed_id);
      else if (strcmp (key, "parent_ids") == 0)
        c->parent_ids = read_string_list (l, 16, MAX_NAME);
      else if (strcmp (key, "mutations_applied") == 0)
        c->mutations = read_string_list (l, 1024, MAX_NAME);
      else if (strcmp (key, "mutations_total") == 0)
        {
          c->has_mutations_total = TRUE;
          tf_yaml_read_uint (&l->r, 0, G_MAXUINT64, &c->mutations_total);
        }
      else
        unknown_key (l, &m, key, "method, seed_family, seed_id, parent_ids, "
                     "mutations_applied or mutations_total");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && c->method == NULL)
    return tf_yaml_reader_fail_at (&l->r, m.start, "origin needs a method");
  return l->r.error == NULL;
}

/* A mapping of counts keyed by an enum's names ({C2C: 4, B2B: 0, ...}). */
static void
read_count_map (Loader            *l,
                const char *const *names,
                guint              n_names,
                const char        *expected,
                guint64           *counts)
{
  TfYamlMapping m;
  const char *key;

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      guint i;

      for (i = 0; i < n_names && strcmp (key, names[i]) != 0; i++)
        ;
      if (i == n_names)
        unknown_key (l, &m, key, expected);
      else
        tf_yaml_read_uint (&l->r, 0, G_MAXUINT64, &counts[i]);
    }
  tf_yaml_mapping_clear (&m);
}

/* links_per_chip: one number when every chip drives the same, else {min, max}. */
static void
read_links_per_chip (Loader    *l,
                     TfMetrics *mt)
{
  TfYamlMapping m;
  const char *key;
  guint64 v;
  gboolean has_min = FALSE, has_max = FALSE;
  TfMark start = tf_yaml_reader_mark (&l->r);

  if (l->r.event.type != YAML_MAPPING_START_EVENT)
    {
      if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
        mt->links_per_chip_min = mt->links_per_chip_max = (guint) v;
      return;
    }
  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "min") == 0)
        {
          if ((has_min = tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v)))
            mt->links_per_chip_min = (guint) v;
        }
      else if (strcmp (key, "max") == 0)
        {
          if ((has_max = tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v)))
            mt->links_per_chip_max = (guint) v;
        }
      else
        unknown_key (l, &m, key, "min or max");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && (!has_min || !has_max))
    tf_yaml_reader_fail_at (&l->r, start, "needs both min and max");
  else if (l->r.error == NULL && mt->links_per_chip_min > mt->links_per_chip_max)
    tf_yaml_reader_fail_at (&l->r, start, "min is larger than max");
}

/* network_cost_by_part: {switches, links, nics}, USD. */
static void
read_cost_parts (Loader    *l,
                 TfMetrics *mt)
{
  static const char *const parts[] = { "switches", "links", "nics" };
  double *values[] = { &mt->switch_cost, &mt->link_cost, &mt->nic_cost };
  TfYamlMapping m;
  const char *key;

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      guint i;

      for (i = 0; i < G_N_ELEMENTS (parts) && strcmp (key, parts[i]) != 0; i++)
        ;
      if (i == G_N_ELEMENTS (parts))
        unknown_key (l, &m, key, "switches, links or nics");
      else
        tf_yaml_read_real (&l->r, values[i]);
    }
  tf_yaml_mapping_clear (&m);
}

static gboolean
read_metrics (Loader *l)
{
  TfMetrics *mt = &l->metrics;
  TfYamlMapping m;
  const char *key;
  guint64 v;

  l->has_metrics = TRUE;
  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      /* The optimizer's values first: any other key is the generator's. */
      if (read_candidate_value (l, key))
        continue;
      if (strcmp (key, "diameter") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
            mt->diameter = (guint) v;
        }
      else if (strcmp (key, "average_path_length") == 0)
        tf_yaml_read_real (&l->r, &mt->average_path_length);
      else if (strcmp (key, "bisection_links") == 0)
        tf_yaml_read_uint (&l->r, 0, G_MAXUINT64, &mt->bisection_links);
      else if (strcmp (key, "bisection_bandwidth") == 0)
        tf_yaml_read_real (&l->r, &mt->bisection_bandwidth);
      else if (strcmp (key, "link_count") == 0)
        tf_yaml_read_uint (&l->r, 0, G_MAXUINT64, &mt->link_count);
      else if (strcmp (key, "link_count_by_type") == 0)
        read_count_map (l, tf_link_type_names, TF_N_LINK_TYPES, "C2C, B2B, R2R or P2P",
                        mt->link_count_by_type);
      else if (strcmp (key, "link_count_by_reach") == 0)
        {
          l->has_new_counts |= NEW_COUNT_BY_REACH;
          read_count_map (l, tf_reach_names, TF_N_REACHES, "board, rack, pod or datacenter",
                          mt->link_count_by_reach);
        }
      else if (strcmp (key, "switch_count") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
            mt->switch_count = (guint) v;
        }
      else if (strcmp (key, "switch_radix") == 0)
        {
          l->has_new_counts |= NEW_COUNT_SWITCH_RADIX;
          if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
            mt->switch_radix = (guint) v;
        }
      else if (strcmp (key, "links_per_chip") == 0)
        {
          l->has_new_counts |= NEW_COUNT_PER_CHIP;
          read_links_per_chip (l, mt);
        }
      else if (strcmp (key, "path_diversity") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
            mt->path_diversity = (guint) v;
        }
      else if (strcmp (key, "bisection_bandwidth_per_chip") == 0)
        {
          l->has_new_counts |= NEW_COUNT_PER_CHIP_BISECTION;
          tf_yaml_read_real (&l->r, &mt->bisection_bandwidth_per_chip);
        }
      else if (strcmp (key, "network_cost") == 0)
        {
          l->has_new_counts |= NEW_COUNT_LAYOUT;
          tf_yaml_read_real (&l->r, &mt->network_cost);
        }
      else if (strcmp (key, "network_cost_by_part") == 0)
        read_cost_parts (l, mt);
      else if (strcmp (key, "cables_by_class") == 0)
        read_count_map (l, tf_cable_names, TF_N_CABLES, "pcb, copper or optical",
                        mt->cables_by_class);
      else if (strcmp (key, "injection_bandwidth_per_chip") == 0)
        tf_yaml_read_real (&l->r, &mt->injection_bandwidth);
      else if (strcmp (key, "rack_count") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
            mt->rack_count = (guint) v;
        }
      else if (strcmp (key, "pod_count") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
            mt->pod_count = (guint) v;
        }
      else if (strcmp (key, "methods") == 0)
        {
          TfYamlMapping mm;
          const char *name;

          if (!tf_yaml_reader_begin_mapping (&l->r, &mm))
            break;
          while (tf_yaml_reader_next_key (&l->r, &mm, &name))
            {
              if (strcmp (name, "diameter") == 0)
                read_method (l, &mt->diameter_method);
              else if (strcmp (name, "average_path_length") == 0)
                read_method (l, &mt->average_path_length_method);
              else if (strcmp (name, "bisection_links") == 0)
                read_method (l, &mt->bisection_links_method);
              else if (strcmp (name, "bisection_bandwidth") == 0)
                read_method (l, &mt->bisection_bandwidth_method);
              else if (strcmp (name, "link_count") == 0 || strcmp (name, "switch_count") == 0
                       || strcmp (name, "switch_radix") == 0
                       || strcmp (name, "links_per_chip") == 0)
                read_method (l, &mt->counts_method);
              else if (strcmp (name, "path_diversity") == 0)
                read_method (l, &mt->path_diversity_method);
              else if (strcmp (name, "network_cost") == 0)
                read_method (l, &mt->cost_method);
              else if (strcmp (name, "cables_by_class") == 0
                       || strcmp (name, "injection_bandwidth_per_chip") == 0
                       || strcmp (name, "rack_count") == 0 || strcmp (name, "pod_count") == 0)
                read_method (l, &mt->layout_method);
              else if (strcmp (name, "bisection_bandwidth_per_chip") == 0)
                {
                  TfMethod same;  /* bisection_bandwidth's, written beside it for readers */

                  read_method (l, &same);
                }
              else
                unknown_key (l, &mm, name, "a metric's name");
            }
          tf_yaml_mapping_clear (&mm);
        }
      else
        unknown_key (l, &m, key, "a metric's name or methods");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && l->has_generator_metrics && mt->counts_method == TF_METHOD_NONE)
    mt->counts_method = TF_METHOD_EXACT;
  return l->r.error == NULL;
}

static gboolean
read_metadata (Loader *l)
{
  TfYamlMapping m;
  const char *key;

  l->has_metadata = TRUE;
  l->metadata_mark = tf_yaml_reader_mark (&l->r);
  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "source") == 0)
        tf_yaml_read_string (&l->r, MAX_NAME, &l->source);
      else if (strcmp (key, "candidate_id") == 0)
        tf_yaml_read_string (&l->r, MAX_NAME, &candidate_of (l)->candidate_id);
      else if (strcmp (key, "origin") == 0)
        read_origin (l);
      else if (strcmp (key, "family") == 0)
        {
          l->family_mark = tf_yaml_reader_mark (&l->r);
          tf_yaml_read_string (&l->r, MAX_NAME, &l->family);
        }
      else if (strcmp (key, "id") == 0)
        {
          l->id_mark = tf_yaml_reader_mark (&l->r);
          tf_yaml_read_string (&l->r, MAX_ID, &l->id);
        }
      else if (strcmp (key, "family_attrs") == 0)
        read_attrs (l);
      else if (strcmp (key, "context") == 0)
        read_context (l);
      else if (strcmp (key, "status") == 0)
        {
          l->status_mark = tf_yaml_reader_mark (&l->r);
          tf_yaml_read_string (&l->r, MAX_NAME, &l->status);
        }
      else if (strcmp (key, "warnings") == 0)
        {
          TfYamlSequence s;
          gboolean more;

          l->warnings_mark = tf_yaml_reader_mark (&l->r);
          l->warnings = g_ptr_array_new_with_free_func (g_free);
          if (!tf_yaml_reader_begin_sequence (&l->r, &s, TF_MAX_WARNINGS))
            break;
          while (tf_yaml_reader_next_item (&l->r, &s, &more) && more)
            {
              char *name = NULL;

              if (tf_yaml_read_string (&l->r, MAX_NAME, &name))
                g_ptr_array_add (l->warnings, name);
            }
        }
      else if (strcmp (key, "n_endpoint") == 0)
        {
          l->has_n_endpoint = TRUE;
          l->n_endpoint_mark = tf_yaml_reader_mark (&l->r);
          tf_yaml_read_uint (&l->r, 1, TF_N_CHIP_MAX, &l->n_endpoint);
        }
      else if (strcmp (key, "derived_chips_per_board") == 0)
        {
          l->has_derived = TRUE;
          l->derived_mark = tf_yaml_reader_mark (&l->r);
          tf_yaml_read_uint (&l->r, 1, TF_N_CHIP_MAX, &l->derived);
        }
      else if (strcmp (key, "metrics") == 0)
        read_metrics (l);
      else if (g_str_has_prefix (key, "x-"))
        {
          TfYamlExtension *x = g_new0 (TfYamlExtension, 1);

          x->key = g_strdup (key);
          g_ptr_array_add (l->extensions, x);
          tf_yaml_read_node (&l->r, &l->extension_budget, &x->value);
        }
      else
        unknown_key (l, &m, key, "source, candidate_id, origin, family, id, family_attrs, "
                     "context, status, warnings, n_endpoint, derived_chips_per_board, metrics, "
                     "or an extension key starting with x-");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && !l->has_context)
    return tf_yaml_reader_fail_field (&l->r, l->metadata_mark, "metadata",
                                      "context is required");
  return l->r.error == NULL;
}

/* boardGrouping */

static gboolean
read_board (Loader  *l,
            guint32  rack,
            guint32  index)
{
  BoardRecord b = { G_MAXUINT32, rack, index, tf_yaml_reader_mark (&l->r), l->chips.len, 0 };
  TfYamlMapping m;
  const char *key;
  gboolean has_chips = FALSE;

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "id") == 0)
        {
          guint64 v;

          if (tf_yaml_read_uint (&l->r, 0, TF_N_CHIP_MAX - 1, &v))
            b.id = (guint32) v;
        }
      else if (strcmp (key, "chips") == 0)
        {
          TfYamlSequence s;
          gboolean more;

          has_chips = TRUE;
          b.chips_mark = tf_yaml_reader_mark (&l->r);
          b.first_chip = l->chips.len;
          if (!tf_yaml_reader_begin_sequence (&l->r, &s, TF_N_CHIP_MAX))
            break;
          while (tf_yaml_reader_next_item (&l->r, &s, &more) && more)
            {
              ChipRecord c = { 0, tf_yaml_reader_mark (&l->r) };
              guint64 v;

              if (tf_yaml_read_uint (&l->r, 0, TF_N_CHIP_MAX - 1, &v))
                {
                  c.chip = (guint32) v;
                  vec_push (l, &l->chips, &c);
                }
            }
          b.n_chips = l->chips.len - b.first_chip;
        }
      else
        unknown_key (l, &m, key, "id or chips");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error != NULL)
    return FALSE;
  if (b.id == G_MAXUINT32)
    return tf_yaml_reader_fail_at (&l->r, b.mark, "a board needs an id");
  if (!has_chips || b.n_chips == 0)
    return tf_yaml_reader_fail_at (&l->r, b.mark, "board %u holds no chip", b.id);
  return vec_push (l, &l->boards, &b);
}

typedef gboolean (*ChildReader) (Loader *l, guint32 parent, guint32 index);

/* A pod or a rack: its id and the list of its racks or boards, read by @read_child. */
static gboolean
read_group (Loader      *l,
            Vec         *groups,
            guint32      parent,
            guint32      index,
            const char  *kind,
            const char  *children,
            const char  *child_kind,
            ChildReader  read_child)
{
  GroupRecord group = { G_MAXUINT32, parent, index, tf_yaml_reader_mark (&l->r) };
  guint32 record = groups->len;
  guint n_children = 0;
  TfYamlMapping m;
  const char *key;

  /* Pushed first so its children can name it; its id is filled in below. */
  if (!vec_push (l, groups, &group))
    return FALSE;
  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "id") == 0)
        {
          guint64 v;

          if (tf_yaml_read_uint (&l->r, 0, TF_N_CHIP_MAX - 1, &v))
            VEC_AT (*groups, GroupRecord, record).id = (guint32) v;
        }
      else if (strcmp (key, children) == 0)
        {
          TfYamlSequence s;
          gboolean more;

          if (!tf_yaml_reader_begin_sequence (&l->r, &s, TF_N_CHIP_MAX))
            break;
          while (tf_yaml_reader_next_item (&l->r, &s, &more) && more)
            read_child (l, record, s.count - 1);
          n_children = s.count;
        }
      else
        {
          g_autofree char *expected = g_strdup_printf ("id or %s", children);

          unknown_key (l, &m, key, expected);
        }
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error != NULL)
    return FALSE;
  group.id = VEC_AT (*groups, GroupRecord, record).id;
  if (group.id == G_MAXUINT32)
    return tf_yaml_reader_fail_at (&l->r, group.mark, "a %s needs an id", kind);
  if (n_children == 0)
    return tf_yaml_reader_fail_at (&l->r, group.mark, "%s %u holds no %s (%s non-empty)", kind,
                                   group.id, child_kind, kind);
  return TRUE;
}

static gboolean
read_rack (Loader  *l,
           guint32  pod,
           guint32  index)
{
  return read_group (l, &l->racks, pod, index, "rack", "boards", "board", read_board);
}

static gboolean
read_pod (Loader  *l,
          guint32  unused,
          guint32  index)
{
  return read_group (l, &l->pods, G_MAXUINT32, index, "pod", "racks", "rack", read_rack);
}

static gboolean
read_grouping (Loader *l)
{
  TfYamlMapping m;
  const char *key;
  gboolean has_pods = FALSE;

  l->has_grouping = TRUE;
  l->grouping_mark = tf_yaml_reader_mark (&l->r);
  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "pods") == 0)
        {
          TfYamlSequence s;
          gboolean more;

          has_pods = TRUE;
          if (!tf_yaml_reader_begin_sequence (&l->r, &s, TF_N_CHIP_MAX))
            break;
          while (tf_yaml_reader_next_item (&l->r, &s, &more) && more)
            read_pod (l, G_MAXUINT32, s.count - 1);
          if (l->r.error == NULL && s.count == 0)
            tf_yaml_reader_fail_at (&l->r, s.start, "no pod");
        }
      else
        unknown_key (l, &m, key, "pods");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && !has_pods)
    return tf_yaml_reader_fail_field (&l->r, l->grouping_mark, "boardGrouping",
                                      "pods is required");
  return l->r.error == NULL;
}

/* network */

static const char *const tier_names[] = { "rack", "pod", "datacenter", "board", "chip" };

static gboolean
read_switch (Loader *l)
{
  SwitchRecord sw = { G_MAXUINT32, TF_TIER_RACK, 0, 0, tf_yaml_reader_mark (&l->r) };
  TfYamlMapping m;
  const char *key;
  gboolean has_tier = FALSE, has_ports = FALSE;

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      guint64 v;

      if (strcmp (key, "id") == 0)
        {
          g_autofree char *name = NULL;
          TfMark mark = tf_yaml_reader_mark (&l->r);
          guint64 chip;

          if (!tf_yaml_read_string (&l->r, MAX_NAME, &name))
            break;
          if (g_str_has_prefix (name, "chip") && (parse_chip_name (name, &chip)
                                                  || strspn (name + 4, "0123456789")
                                                     == strlen (name + 4)))
            {
              tf_yaml_reader_fail_at (&l->r, mark, "'%s': switch ids cannot look like chip "
                                      "names", name);
              break;
            }
          intern_name (l, name, mark, 0, &sw.name);
        }
      else if (strcmp (key, "tier") == 0)
        {
          guint choice;

          sw.tier_mark = tf_yaml_reader_mark (&l->r);
          if (!tf_yaml_read_choice (&l->r, tier_names, G_N_ELEMENTS (tier_names), &choice))
            break;
          if (choice >= 3)
            {
              tf_yaml_reader_fail_at (&l->r, sw.tier_mark, "a switch cannot sit at tier %s: "
                                      "switch tiers are rack, pod or datacenter (switch tier)",
                                      tier_names[choice]);
              break;
            }
          sw.tier = choice == 0 ? TF_TIER_RACK : choice == 1 ? TF_TIER_POD : TF_TIER_DATACENTER;
          has_tier = TRUE;
        }
      else if (strcmp (key, "rack") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 0, TF_N_CHIP_MAX - 1, &v))
            sw.container = (guint32) v;
          sw.has_rack = TRUE;
        }
      else if (strcmp (key, "pod") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 0, TF_N_CHIP_MAX - 1, &v))
            sw.container = (guint32) v;
          sw.has_pod = TRUE;
        }
      else if (strcmp (key, "port_count") == 0)
        {
          tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &sw.port_count);
          has_ports = TRUE;
        }
      else
        unknown_key (l, &m, key, "id, tier, rack, pod or port_count");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error != NULL)
    return FALSE;
  if (sw.name == G_MAXUINT32)
    return tf_yaml_reader_fail_at (&l->r, sw.mark, "a switch needs an id");
  if (!has_tier)
    return tf_yaml_reader_fail_at (&l->r, sw.mark, "a switch needs a tier");
  if (!has_ports)
    return tf_yaml_reader_fail_at (&l->r, sw.mark, "a switch needs a port_count");
  if (sw.tier == TF_TIER_RACK && (!sw.has_rack || sw.has_pod))
    return tf_yaml_reader_fail_at (&l->r, sw.mark, "a rack switch names its rack, not a pod");
  if (sw.tier == TF_TIER_POD && (!sw.has_pod || sw.has_rack))
    return tf_yaml_reader_fail_at (&l->r, sw.mark, "a pod switch names its pod, not a rack");
  if (sw.tier == TF_TIER_DATACENTER && (sw.has_pod || sw.has_rack))
    return tf_yaml_reader_fail_at (&l->r, sw.mark, "a datacenter switch names no rack or pod");
  return vec_push (l, &l->switches, &sw);
}

static gboolean
read_link (Loader *l)
{
  LinkRecord link = { G_MAXUINT32, G_MAXUINT32, 0, TF_LINK_C2C, TF_REACH_BOARD, FALSE,
                      tf_yaml_reader_mark (&l->r) };
  TfYamlMapping m;
  const char *key;
  gboolean has_type = FALSE, has_mult = FALSE;

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "a") == 0)
        read_node_ref (l, 'a', &link.a);
      else if (strcmp (key, "b") == 0)
        read_node_ref (l, 'b', &link.b);
      else if (strcmp (key, "type") == 0)
        {
          guint choice;

          if (tf_yaml_read_choice (&l->r, tf_link_type_names, TF_N_LINK_TYPES, &choice))
            link.type = (TfLinkType) choice;
          has_type = TRUE;
        }
      else if (strcmp (key, "reach") == 0)
        {
          guint choice;

          if (tf_yaml_read_choice (&l->r, tf_reach_names, TF_N_REACHES, &choice))
            link.reach = (TfReach) choice;
          link.has_reach = TRUE;
        }
      else if (strcmp (key, "multiplicity") == 0)
        {
          guint64 v;

          if (tf_yaml_read_uint (&l->r, 1, G_MAXINT32, &v))
            link.multiplicity = (guint32) v;
          has_mult = TRUE;
        }
      else
        unknown_key (l, &m, key, "a, b, type, reach or multiplicity");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error != NULL)
    return FALSE;
  if (link.a == G_MAXUINT32 || link.b == G_MAXUINT32 || !has_type || !has_mult)
    return tf_yaml_reader_fail_at (&l->r, link.mark, "a link needs a, b, type and multiplicity");
  if (link.a == link.b)
    return tf_yaml_reader_fail_at (&l->r, link.mark, "a link joins a node to itself");
  return vec_push (l, &l->links, &link);
}

static gboolean
read_network (Loader *l)
{
  TfYamlMapping m;
  const char *key;
  gboolean has_switches = FALSE, has_links = FALSE;

  l->has_network = TRUE;
  l->network_mark = tf_yaml_reader_mark (&l->r);
  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      TfYamlSequence s;
      gboolean more;

      if (strcmp (key, "switches") == 0)
        {
          has_switches = TRUE;
          if (!tf_yaml_reader_begin_sequence (&l->r, &s, MAX_SWITCHES))
            break;
          while (tf_yaml_reader_next_item (&l->r, &s, &more) && more)
            read_switch (l);
        }
      else if (strcmp (key, "links") == 0)
        {
          has_links = TRUE;
          if (!tf_yaml_reader_begin_sequence (&l->r, &s, (guint) TF_LINK_COUNT_MAX))
            break;
          while (tf_yaml_reader_next_item (&l->r, &s, &more) && more)
            read_link (l);
        }
      else
        unknown_key (l, &m, key, "switches or links");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && (!has_switches || !has_links))
    return tf_yaml_reader_fail_field (&l->r, l->network_mark, "network",
                                      "switches and links are required (switches may be [])");
  return l->r.error == NULL;
}

static gboolean
read_document (Loader *l)
{
  TfYamlMapping m;
  const char *key;

  if (!tf_yaml_reader_begin_document (&l->r) || !tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "metadata") == 0)
        read_metadata (l);
      else if (strcmp (key, "chips_per_board") == 0)
        {
          l->has_chips_per_board = TRUE;
          l->chips_per_board_mark = tf_yaml_reader_mark (&l->r);
          tf_yaml_read_uint (&l->r, 1, TF_N_CHIP_MAX, &l->chips_per_board);
        }
      else if (strcmp (key, "boardGrouping") == 0)
        read_grouping (l);
      else if (strcmp (key, "network") == 0)
        read_network (l);
      else
        unknown_key (l, &m, key, "metadata, chips_per_board, boardGrouping or network");
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error != NULL)
    return FALSE;
  if (!l->has_metadata || !l->has_grouping || !l->has_network)
    return tf_yaml_reader_fail_at (&l->r, m.start, "%s is required",
                                   !l->has_metadata ? "metadata"
                                   : !l->has_grouping ? "boardGrouping" : "network");
  return tf_yaml_reader_end_document (&l->r);
}

/* Assembly: everything below runs once the whole file has been read. */

static char *
pod_path (Loader  *l,
          guint32  pod)
{
  return g_strdup_printf ("boardGrouping.pods[%u]", VEC_AT (l->pods, GroupRecord, pod).index);
}

static char *
rack_path (Loader  *l,
           guint32  rack)
{
  const GroupRecord *r = &VEC_AT (l->racks, GroupRecord, rack);
  g_autofree char *parent = pod_path (l, r->parent);

  return g_strdup_printf ("%s.racks[%u]", parent, r->index);
}

static char *
board_path (Loader  *l,
            guint32  board)
{
  const BoardRecord *b = &VEC_AT (l->boards, BoardRecord, board);
  g_autofree char *parent = rack_path (l, b->rack);

  return g_strdup_printf ("%s.boards[%u]", parent, b->index);
}

/* Fails at a record; takes @path and @message. */
static gboolean
fail_record (Loader *l,
             char   *path,
             TfMark  mark,
             char   *message)
{
  tf_yaml_reader_fail_field (&l->r, mark, path, "%s", message);
  g_free (path);
  g_free (message);
  return FALSE;
}

/* Ids of pods, racks or boards must be 0 .. n-1, each once. */
static gboolean
check_ids (Loader     *l,
           const char *what,
           guint       n,
           guint32   (*id_of) (Loader *, guint),
           TfMark    (*mark_of) (Loader *, guint),
           char     *(*path_of) (Loader *, guint32))
{
  g_autofree guint8 *seen = load_alloc0 (l, n, 1);

  if (seen == NULL)
    return out_of_memory (l);
  for (guint i = 0; i < n; i++)
    {
      guint32 id = id_of (l, i);
      g_autofree char *message = NULL;
      g_autofree char *base = NULL;

      if (id < n && !seen[id])
        {
          seen[id] = 1;
          continue;
        }
      base = path_of (l, i);

      message = id >= n ? g_strdup_printf ("%s id %u: with %u %ss the ids are 0 to %u", what, id,
                                           n, what, n - 1)
                        : g_strdup_printf ("%s id %u appears twice", what, id);
      return fail_record (l, g_strdup_printf ("%s.id", base), mark_of (l, i),
                          g_steal_pointer (&message));
    }
  return TRUE;
}

static guint32 pod_id (Loader *l, guint i) { return VEC_AT (l->pods, GroupRecord, i).id; }
static guint32 rack_id (Loader *l, guint i) { return VEC_AT (l->racks, GroupRecord, i).id; }
static guint32 board_id (Loader *l, guint i) { return VEC_AT (l->boards, BoardRecord, i).id; }
static TfMark pod_mark (Loader *l, guint i) { return VEC_AT (l->pods, GroupRecord, i).mark; }
static TfMark rack_mark (Loader *l, guint i) { return VEC_AT (l->racks, GroupRecord, i).mark; }
static TfMark board_mark (Loader *l, guint i) { return VEC_AT (l->boards, BoardRecord, i).mark; }

static gboolean
assemble_grouping (Loader         *l,
                   TfNetworkGraph *g)
{
  guint n_chip = l->ctx.n_chip;
  guint c = VEC_AT (l->boards, BoardRecord, 0).n_chips;
  g_autofree guint32 *chip_board = NULL;

  if (!check_ids (l, "pod", l->pods.len, pod_id, pod_mark, pod_path)
      || !check_ids (l, "rack", l->racks.len, rack_id, rack_mark, rack_path)
      || !check_ids (l, "board", l->boards.len, board_id, board_mark, board_path))
    return FALSE;

  if (l->has_chips_per_board && l->chips_per_board != c)
    return tf_yaml_reader_fail_field (&l->r, l->chips_per_board_mark, "chips_per_board",
                                      "chips_per_board = %" G_GUINT64_FORMAT " but board %u "
                                      "holds %u chips", l->chips_per_board,
                                      VEC_AT (l->boards, BoardRecord, 0).id, c);
  chip_board = load_alloc0 (l, n_chip, sizeof (guint32));
  if (chip_board == NULL)
    return out_of_memory (l);
  for (guint i = 0; i < n_chip; i++)
    chip_board[i] = G_MAXUINT32;
  for (guint b = 0; b < l->boards.len; b++)
    {
      const BoardRecord *board = &VEC_AT (l->boards, BoardRecord, b);

      g_autofree char *base = board_path (l, b);

      if (board->n_chips != c)
        return fail_record (l, g_strdup_printf ("%s.chips", base), board->chips_mark,
                            g_strdup_printf ("board %u holds %u chips but board %u holds %u; "
                                             "every board holds the same number (board size)",
                                             board->id, board->n_chips,
                                             VEC_AT (l->boards, BoardRecord, 0).id, c));
      for (guint k = 0; k < board->n_chips; k++)
        {
          const ChipRecord *chip = &VEC_AT (l->chips, ChipRecord, board->first_chip + k);
          g_autofree char *message = NULL;

          if (chip->chip < n_chip && chip_board[chip->chip] == G_MAXUINT32)
            {
              chip_board[chip->chip] = board->id;
              continue;
            }
          message = chip->chip >= n_chip
                    ? g_strdup_printf ("chip %u is beyond n_chip = %u (chip coverage)",
                                       chip->chip, n_chip)
                    : g_strdup_printf ("chip %u is already in board %u (chip coverage)",
                                       chip->chip, chip_board[chip->chip]);
          return fail_record (l, g_strdup_printf ("%s.chips[%u]", base, k), chip->mark,
                              g_steal_pointer (&message));
        }
    }
  for (guint i = 0; i < n_chip; i++)
    if (chip_board[i] == G_MAXUINT32)
      return tf_yaml_reader_fail_field (&l->r, l->grouping_mark, "boardGrouping",
                                        "chip %u is in no board (chip coverage)", i);

  g->n_chip = n_chip;
  g->chips_per_board = c;
  g->n_board = l->boards.len;
  g->n_rack = l->racks.len;
  g->n_pod = l->pods.len;
  g->board_chips = load_alloc0 (l, (gsize) g->n_board * c, sizeof (guint32));
  g->board_rack = load_alloc0 (l, g->n_board, sizeof (guint32));
  g->rack_pod = load_alloc0 (l, g->n_rack, sizeof (guint32));
  if (g->board_chips == NULL || g->board_rack == NULL || g->rack_pod == NULL)
    return out_of_memory (l);
  for (guint b = 0; b < l->boards.len; b++)
    {
      const BoardRecord *board = &VEC_AT (l->boards, BoardRecord, b);

      g->board_rack[board->id] = VEC_AT (l->racks, GroupRecord, board->rack).id;
      for (guint k = 0; k < c; k++)
        g->board_chips[(gsize) board->id * c + k] =
          VEC_AT (l->chips, ChipRecord, board->first_chip + k).chip;
    }
  for (guint r = 0; r < l->racks.len; r++)
    {
      const GroupRecord *rack = &VEC_AT (l->racks, GroupRecord, r);

      g->rack_pod[rack->id] = VEC_AT (l->pods, GroupRecord, rack->parent).id;
    }
  return TRUE;
}

/* Whether @node's board, rack and pod (or its switch's container) are all in range. */
static gboolean
is_placed (const TfNetworkGraph *g,
           const guint32        *chip_board,
           guint32               node)
{
  guint rack;

  if (node < g->n_chip)
    {
      if (chip_board[node] >= g->n_board)
        return FALSE;
      rack = g->board_rack[chip_board[node]];
    }
  else
    {
      const TfSwitch *sw = &g->switches[node - g->n_chip];

      if (sw->tier == TF_TIER_POD)
        return sw->container < g->n_pod;
      if (sw->tier != TF_TIER_RACK)
        return sw->tier == TF_TIER_DATACENTER;
      rack = sw->container;
    }
  return rack < g->n_rack && g->rack_pod[rack] < g->n_pod;
}

static gboolean
assemble_network (Loader         *l,
                  TfNetworkGraph *g)
{
  guint n_chip = l->ctx.n_chip, n_switch = l->switches.len;
  g_autofree guint64 *ports = NULL;
  g_autofree guint32 *chip_board = NULL;
  guint64 bytes;

  l->name_switch = load_alloc0 (l, MAX (l->names->len, 1), sizeof (guint32));
  if (l->name_switch == NULL)
    return out_of_memory (l);
  for (guint s = 0; s < n_switch; s++)
    {
      const SwitchRecord *sw = &VEC_AT (l->switches, SwitchRecord, s);

      if (l->name_switch[sw->name] != 0)
        return fail_record (l, g_strdup_printf ("network.switches[%u].id", s), sw->mark,
                            g_strdup_printf ("a duplicate switch id '%s' (switches[%u] has it)",
                                             (const char *) g_ptr_array_index (l->names, sw->name),
                                             l->name_switch[sw->name] - 1));
      l->name_switch[sw->name] = s + 1;
    }
  for (guint i = 0; i < l->names->len; i++)
    if (l->name_switch[i] == 0)
      {
        const NameUse *use = &VEC_AT (l->name_first_use, NameUse, i);

        return fail_record (l, g_strdup_printf ("network.links[%u].%c", use->link, use->end),
                            use->mark,
                            g_strdup_printf ("unknown node '%s': no chip or switch has this name",
                                             (const char *) g_ptr_array_index (l->names, i)));
      }

  /* A memory estimate before the graph's arrays (the records are already in memory). */
  if (!g_uint64_checked_mul (&bytes, l->links.len, sizeof (TfLink))
      || !g_uint64_checked_add (&bytes, bytes, (guint64) n_switch * sizeof (TfSwitch))
      || bytes > MAX_MEMORY)
    return tf_yaml_reader_fail_field (&l->r, l->network_mark, "network",
                                      "the network would need more than %" G_GUINT64_FORMAT
                                      " bytes", MAX_MEMORY);

  g->switches = load_alloc0 (l, MAX (n_switch, 1), sizeof (TfSwitch));
  if (g->switches == NULL)
    return out_of_memory (l);
  g->n_switch = n_switch;
  g->links = load_alloc0 (l, MAX (l->links.len, 1), sizeof (TfLink));
  if (g->links == NULL)
    return out_of_memory (l);
  g->n_links = l->links.len;
  ports = load_alloc0 (l, MAX (n_switch, 1), sizeof (guint64));
  if (ports == NULL)
    return out_of_memory (l);
  for (guint s = 0; s < n_switch; s++)
    {
      const SwitchRecord *sw = &VEC_AT (l->switches, SwitchRecord, s);
      const char *name = g_ptr_array_index (l->names, sw->name);

      g->switches[s].id = load_realloc (l, NULL, strlen (name) + 1);
      if (g->switches[s].id == NULL)
        return out_of_memory (l);
      strcpy (g->switches[s].id, name);
      g->switches[s].tier = sw->tier;
      g->switches[s].container = sw->container;
      g->switches[s].port_count = (guint) sw->port_count;
    }
  for (guint i = 0; i < l->links.len; i++)
    {
      const LinkRecord *link = &VEC_AT (l->links, LinkRecord, i);
      guint32 ends[2] = { link->a, link->b };

      for (guint e = 0; e < 2; e++)
        {
          if (ends[e] & SWITCH_REF)
            {
              guint s = l->name_switch[ends[e] & ~SWITCH_REF] - 1;

              ports[s] += link->multiplicity;
              if (ports[s] > G_MAXUINT32)
                return fail_record (l, g_strdup_printf ("network.links[%u].multiplicity", i),
                                    link->mark,
                                    g_strdup_printf ("the links at switch %s add up to more "
                                                     "than %u", g->switches[s].id, G_MAXUINT32));
              ends[e] = n_chip + s;
            }
          else if (ends[e] >= n_chip)
            return fail_record (l, g_strdup_printf ("network.links[%u].%s", i, e ? "b" : "a"),
                                link->mark,
                                g_strdup_printf ("chip%u is beyond n_chip = %u", ends[e],
                                                 n_chip));
        }
      g->links[i] = (TfLink) { MIN (ends[0], ends[1]), MAX (ends[0], ends[1]),
                               link->multiplicity, link->type, link->reach };
    }

  /* A link without reach comes from a file written before links had one: its reach is the
   * smallest container holding both ends, and its type, then named after that container, is
   * what the ends call for now (a chip-to-chip link between boards is C2C). */
  chip_board = tf_network_graph_dup_chip_boards (g);
  for (guint i = 0; i < l->links.len; i++)
    {
      const LinkRecord *link = &VEC_AT (l->links, LinkRecord, i);
      TfLinkType type;
      TfReach reach;

      /* An end the grouping does not place is the invariants' to report. */
      if (link->has_reach || !is_placed (g, chip_board, g->links[i].a)
          || !is_placed (g, chip_board, g->links[i].b))
        continue;
      tf_network_graph_link_kind_with_boards (g, chip_board, g->links[i].a, g->links[i].b, &type,
                                              &reach);
      g->links[i].reach = reach;
      if (link->type == tf_link_type_for_reach (reach))
        g->links[i].type = type;
    }
  return TRUE;
}

/* Points an invariant violation at the record that caused it. */
static gboolean
fail_invariant (Loader            *l,
                const TfViolation *where,
                const GError      *error)
{
  TfMark mark = { 1, 1 };
  char *path = g_strdup ("(document)");

  switch (where->place)
    {
    case TF_AT_LINK:
      g_free (path);
      path = g_strdup_printf ("network.links[%u]", where->index);
      mark = VEC_AT (l->links, LinkRecord, where->index).mark;
      break;
    case TF_AT_SWITCH:
      g_free (path);
      path = g_strdup_printf ("network.switches[%u]", where->index);
      mark = VEC_AT (l->switches, SwitchRecord, where->index).mark;
      break;
    case TF_AT_BOARD:
    case TF_AT_RACK:
    case TF_AT_POD:
    case TF_AT_CHIP:
    case TF_AT_NONE:
    default:
      /* Grouping faults were caught while assembling; what is left concerns the whole file. */
      g_free (path);
      path = g_strdup (where->place == TF_AT_CHIP ? "network.links" : "boardGrouping");
      mark = where->place == TF_AT_CHIP ? l->network_mark : l->grouping_mark;
      break;
    }
  return fail_record (l, path, mark, g_strdup (error->message));
}

/* The first way two graphs differ, or NULL. */
static char *
graph_difference (const TfNetworkGraph *a,
                  const TfNetworkGraph *b)
{
  if (a->n_chip != b->n_chip || a->chips_per_board != b->chips_per_board
      || a->n_board != b->n_board || a->n_rack != b->n_rack || a->n_pod != b->n_pod)
    return g_strdup ("its chips, boards, racks or pods differ in number");
  if (memcmp (a->board_chips, b->board_chips, sizeof (guint32) * a->n_chip) != 0
      || memcmp (a->board_rack, b->board_rack, sizeof (guint32) * a->n_board) != 0
      || memcmp (a->rack_pod, b->rack_pod, sizeof (guint32) * a->n_rack) != 0)
    return g_strdup ("the boardGrouping differs");
  if (a->n_switch != b->n_switch)
    return g_strdup_printf ("it has %u switches, not %u", a->n_switch, b->n_switch);
  for (guint i = 0; i < a->n_switch; i++)
    if (strcmp (a->switches[i].id, b->switches[i].id) != 0
        || a->switches[i].tier != b->switches[i].tier
        || a->switches[i].container != b->switches[i].container
        || a->switches[i].port_count != b->switches[i].port_count)
      return g_strdup_printf ("switches[%u] differs", i);
  if (a->n_links != b->n_links)
    return g_strdup_printf ("it has %u links, not %u", a->n_links, b->n_links);
  for (guint i = 0; i < a->n_links; i++)
    {
      const TfLink *x = &a->links[i], *y = &b->links[i];

      if (x->a != y->a || x->b != y->b || x->multiplicity != y->multiplicity
          || x->type != y->type || x->reach != y->reach)
        return g_strdup_printf ("links[%u] differs", i);
    }
  return NULL;
}

static gboolean
needs_id (Loader     *l,
          TfMark      mark,
          const char *key)
{
  g_autofree char *path = g_strdup_printf ("metadata.%s", key);

  return tf_yaml_reader_fail_field (&l->r, mark, path, "%s describes a generated result and "
                                    "needs metadata.id", key);
}

static gboolean
check_metadata (Loader     *l,
                TfTopology *out)
{
  g_autoptr(GError) error = NULL;
  g_auto(TfTopology) generated = { 0 };
  g_autofree char *difference = NULL;
  TfResult *r = &out->result;

  if (l->id == NULL)
    {
      if (l->family != NULL)
        return needs_id (l, l->family_mark, "family");
      if (l->attrs != NULL)
        return needs_id (l, l->attrs_mark, "family_attrs");
      if (l->status != NULL)
        return needs_id (l, l->status_mark, "status");
      if (l->warnings != NULL)
        return needs_id (l, l->warnings_mark, "warnings");
      if (l->has_n_endpoint)
        return needs_id (l, l->n_endpoint_mark, "n_endpoint");
      if (l->has_derived)
        return needs_id (l, l->derived_mark, "derived_chips_per_board");
      r->chips_per_board = out->graph.chips_per_board;
      return TRUE;
    }

  if (!tf_result_from_id (&l->ctx, l->id, r, &error))
    return tf_yaml_reader_fail_field (&l->r, l->id_mark, "metadata.id", "%s", error->message);
  if (l->family != NULL && strcmp (l->family, tf_family_get_name (r->family)) != 0)
    return tf_yaml_reader_fail_field (&l->r, l->family_mark, "metadata.family",
                                      "'%s' but the id is a %s", l->family,
                                      tf_family_get_name (r->family));
  if (l->attrs != NULL)
    {
      g_autoptr(GString) expected = g_string_new (NULL);

      attrs_text (r, expected);
      if (strcmp (expected->str, l->attrs->str) != 0)
        return tf_yaml_reader_fail_field (&l->r, l->attrs_mark, "metadata.family_attrs",
                                          "{%s} but the id's are {%s}", l->attrs->str,
                                          expected->str);
    }
  if (l->status != NULL && strcmp (l->status, tf_status_to_string (tf_result_get_status (r))) != 0)
    return tf_yaml_reader_fail_field (&l->r, l->status_mark, "metadata.status",
                                      "'%s' but the rules make it %s", l->status,
                                      tf_status_to_string (tf_result_get_status (r)));
  if (l->warnings != NULL)
    {
      gboolean same = l->warnings->len == r->n_warnings;

      for (guint i = 0; same && i < r->n_warnings; i++)
        same = strcmp (g_ptr_array_index (l->warnings, i), r->warnings[i]->name) == 0;
      if (!same)
        {
          g_autoptr(GString) expected = g_string_new (NULL);

          for (guint i = 0; i < r->n_warnings; i++)
            g_string_append_printf (expected, "%s%s", i ? ", " : "", r->warnings[i]->name);
          return tf_yaml_reader_fail_field (&l->r, l->warnings_mark, "metadata.warnings",
                                            "the rules give [%s]", expected->str);
        }
    }
  if (l->has_n_endpoint && l->n_endpoint != r->n_endpoint)
    return tf_yaml_reader_fail_field (&l->r, l->n_endpoint_mark, "metadata.n_endpoint",
                                      "%" G_GUINT64_FORMAT " but the id has %u", l->n_endpoint,
                                      r->n_endpoint);
  if (l->has_derived && l->derived != r->chips_per_board)
    return tf_yaml_reader_fail_field (&l->r, l->derived_mark,
                                      "metadata.derived_chips_per_board",
                                      "%" G_GUINT64_FORMAT " but the id derives %u", l->derived,
                                      r->chips_per_board);

  /* The network must be the one the id generates. */
  if (!tf_generate (&l->ctx, l->id, NULL, NULL, &generated, &error))
    return tf_yaml_reader_fail_field (&l->r, l->id_mark, "metadata.id", "%s", error->message);
  difference = graph_difference (&out->graph, &generated.graph);
  if (difference != NULL)
    return tf_yaml_reader_fail_field (&l->r, l->id_mark, "metadata.id",
                                      "the network is not the one this id generates (%s); "
                                      "without metadata.id (and the keys describing the "
                                      "result) the file loads as an edited topology",
                                      difference);
  return TRUE;
}

/* The counts a file from before them lacks, counted on its graph. */
static void
fill_new_counts (const TfContext      *ctx,
                 const TfNetworkGraph *graph,
                 guint                 present,
                 TfMetrics            *m)
{
  TfMetrics counted = { 0 };

  tf_network_graph_count (graph, &counted);
  if (!(present & NEW_COUNT_BY_REACH))
    memcpy (m->link_count_by_reach, counted.link_count_by_reach, sizeof m->link_count_by_reach);
  if (!(present & NEW_COUNT_SWITCH_RADIX))
    m->switch_radix = counted.switch_radix;
  if (!(present & NEW_COUNT_PER_CHIP))
    {
      m->links_per_chip_min = counted.links_per_chip_min;
      m->links_per_chip_max = counted.links_per_chip_max;
    }
  if (!(present & NEW_COUNT_LAYOUT))
    tf_network_graph_measure_layout (ctx, graph, m);
  if (!(present & NEW_COUNT_PER_CHIP_BISECTION))
    tf_metrics_set_bisection_per_chip (m, graph->n_chip);
}

static gboolean
assemble (Loader     *l,
          TfTopology *out)
{
  TfViolation where;
  g_autoptr(GError) error = NULL;

  if (!tf_context_validate (&l->ctx, &error))
    return tf_yaml_reader_fail_field (&l->r, l->context_mark, "metadata.context", "%s",
                                      error->message);
  if (!assemble_grouping (l, &out->graph) || !assemble_network (l, &out->graph))
    return FALSE;
  if (!tf_network_graph_check_invariants_where (&out->graph, l->ctx.chip_radix, &where, &error))
    return fail_invariant (l, &where, error);
  out->context = l->ctx;
  if (!check_metadata (l, out))
    return FALSE;
  if (l->has_metrics)
    {
      out->result.metrics = l->metrics;
      if (l->has_generator_metrics && l->has_new_counts != NEW_COUNT_ALL)
        fill_new_counts (&l->ctx, &out->graph, l->has_new_counts, &out->result.metrics);
    }
  else
    memset (&out->result.metrics, 0, sizeof out->result.metrics);
  out->source = g_steal_pointer (&l->source);
  out->candidate = g_steal_pointer (&l->candidate);
  if (l->extensions->len > 0)
    out->extensions = g_steal_pointer (&l->extensions);
  return TRUE;
}

static void
loader_clear (Loader *l)
{
  tf_yaml_reader_clear (&l->r);
  g_free (l->source);
  g_free (l->family);
  g_free (l->id);
  g_free (l->status);
  if (l->attrs != NULL)
    g_string_free (l->attrs, TRUE);
  g_clear_pointer (&l->warnings, g_ptr_array_unref);
  g_clear_pointer (&l->extensions, g_ptr_array_unref);
  g_clear_pointer (&l->candidate, tf_candidate_metadata_free);
  vec_clear (&l->pods);
  vec_clear (&l->racks);
  vec_clear (&l->boards);
  vec_clear (&l->chips);
  vec_clear (&l->switches);
  vec_clear (&l->links);
  vec_clear (&l->name_first_use);
  g_clear_pointer (&l->name_index, g_hash_table_unref);
  g_clear_pointer (&l->names, g_ptr_array_unref);
  g_free (l->name_switch);
}

gboolean
tf_topology_load_data (const char           *name,
                       const char           *data,
                       gsize                 length,
                       const TfLoadOptions  *options,
                       TfTopology           *out,
                       GError              **error)
{
  Loader l;
  gboolean ok;

  g_return_val_if_fail (name != NULL && (data != NULL || length == 0) && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  memset (&l, 0, sizeof l);
  l.fail_at = options ? options->fail_alloc_at : 0;
  tf_context_init (&l.ctx);
  l.pods.size = sizeof (GroupRecord);
  l.racks.size = sizeof (GroupRecord);
  l.boards.size = sizeof (BoardRecord);
  l.chips.size = sizeof (ChipRecord);
  l.switches.size = sizeof (SwitchRecord);
  l.links.size = sizeof (LinkRecord);
  l.name_first_use.size = sizeof (NameUse);
  l.names = g_ptr_array_new_with_free_func (g_free);
  l.name_index = g_hash_table_new (g_str_hash, g_str_equal);
  l.extensions = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_yaml_extension_free);
  l.extension_budget = MAX_EXTENSION;

  ok = tf_yaml_reader_init (&l.r, name, (const guchar *) (data ? data : ""), length)
       && read_document (&l)
       && assemble (&l, out);
  if (!ok)
    {
      g_assert (l.r.error != NULL);
      g_propagate_error (error, g_steal_pointer (&l.r.error));
      tf_topology_clear (out);
    }
  loader_clear (&l);
  return ok;
}

gboolean
tf_topology_load_file (const char           *path,
                       const TfLoadOptions  *options,
                       TfTopology           *out,
                       GError              **error)
{
  guint64 limit = options && options->max_bytes ? options->max_bytes : TF_LOAD_MAX_BYTES;
  g_autofree char *data = NULL;
  gsize got = 0;

  g_return_val_if_fail (path != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  if (!tf_yaml_read_file (path, limit, NULL, &data, &got, error))
    return FALSE;
  return tf_topology_load_data (path, data, got, options, out, error);
}
