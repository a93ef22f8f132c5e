/* SPDX-License-Identifier: GPL-3.0-or-later */
/* topoforge.h: the engine's public door.
 *
 * Terms follow topology-generator-spec-v1.3.1: an EnumerationContext (TfContext) goes into
 * tf_enumerate(), which lists the legal parameter sets of each family (TfResult) with their
 * derived chips_per_board; tf_generate() turns one result's id back into a NetworkGraph
 * (TfNetworkGraph) with its physical grouping chip -> board -> rack -> pod.
 *
 * The engine keeps no global mutable state: every call works on caller-owned structs, so calls
 * may run concurrently on different threads.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Errors */

#define TF_ERROR (tf_error_quark ())

typedef enum
{
  TF_ERROR_INVALID_CONTEXT,   /* an EnumerationContext field breaks its rule */
  TF_ERROR_UNKNOWN_FAMILY,    /* no family of that name is registered */
  TF_ERROR_INVALID_ID,        /* a result id that cannot be parsed */
  TF_ERROR_NOT_IN_CONTEXT,    /* a well-formed id whose parameters are illegal for the context */
  TF_ERROR_INTRA_BOARD,       /* intra_board_topo cannot apply to the result */
  TF_ERROR_TOO_LARGE,         /* beyond the engine's documented size limits */
  TF_ERROR_INVARIANT,         /* a @tbl-spec-topo-20a invariant does not hold */
  TF_ERROR_CANCELLED,         /* the progress hook asked to stop */
  TF_ERROR_IO,                /* reading or writing a file failed */
  TF_ERROR_INVALID_FILE,      /* a topology file breaks the format or the rules */
  TF_ERROR_NO_MEMORY,         /* an allocation failed (large inputs, or the test seam) */
  TF_ERROR_INVALID_MUTATION,  /* a graph edit would break a hard constraint (optimizer) */
  TF_ERROR_INVALID_QUERY,     /* a query condition's text cannot be read */
  TF_ERROR_NOT_A_NUMBER,      /* a query condition names a column that is not a number */
} TfError;

GQuark tf_error_quark (void);

/* A copy of @text with each control character (bytes below 0x20, and 0x7f) written as an
 * escape: \n, \t, \r, else \xNN. Every other byte, UTF-8 included, stays as it is, so a
 * message built from a file's contents or a command line's arguments stays one line. */
char  *tf_escape_control (const char *text);

/* A program's locale and translations (the app's and the command line's, before anything is
 * printed): the locale LANG and LC_* name, or, where the system has not generated it, C.UTF-8
 * with the messages still in the language named (LANGUAGE set from it); the translations from
 * TF_LOCALEDIR if set, else the build tree's po/ when the program runs from a build tree, else
 * @installed_localedir. */
void   tf_locale_init (const char *installed_localedir);

/* Limits. n_chip above TF_N_CHIP_MAX is refused by validation; a result whose graph would hold
 * more than TF_LINK_COUNT_MAX physical links is not returned by enumerate and refused by
 * generate. */
#define TF_N_CHIP_MAX        (1u << 20)
#define TF_CHIP_RADIX_MAX    64u
#define TF_LINK_COUNT_MAX    (G_GUINT64_CONSTANT (1) << 24)
#define TF_DEFAULT_LIMIT     50u
/* tf_enumerate keeps at most this many results per family, whatever the limit (0 included):
 * each costs its metrics and a few hundred bytes. The legal results beyond it still count in
 * the family's total, and the ones kept are the first, recommended first, as always. */
#define TF_ENUMERATE_MAX_RESULTS 16384u
#define TF_MAX_WARNINGS      12u
#define TF_MAX_DIMS          4u

/* Progress and cancellation: called now and then with the fraction done; return FALSE to stop
 * the call, which then fails with TF_ERROR_CANCELLED. */
typedef gboolean (*TfProgressFunc) (double fraction, gpointer user_data);

/* The hardware hierarchy (@tbl-spec-topo-09): Tier 6 chip .. Tier 9 pod, and Tier 9+ which the
 * spec calls datacenter. */
typedef enum
{
  TF_TIER_CHIP = 6,
  TF_TIER_BOARD = 7,
  TF_TIER_RACK = 8,
  TF_TIER_POD = 9,
  TF_TIER_DATACENTER = 10,
} TfTier;

const char *tf_tier_to_string (TfTier tier);

typedef enum
{
  TF_SCOPE_UNSET = 0,
  TF_SCOPE_INTRA_RACK,
  TF_SCOPE_INTER_RACK,
} TfScope;

typedef enum
{
  TF_INTRA_BOARD_NONE = 0,
  TF_INTRA_BOARD_FULL_MESH,
  TF_INTRA_BOARD_RING,
  TF_INTRA_BOARD_TORUS,
  TF_INTRA_BOARD_SWITCH,  /* the board's chips joined through scale-up switches */
} TfIntraBoardTopo;

#define TF_N_INTRA_BOARD_TOPOS (TF_INTRA_BOARD_SWITCH + 1)

/* Link types (@tbl-spec-topo-10): the interface a link uses, which decides its bandwidth. A link
 * between two chips is C2C (the chips' own chip-to-chip ports, on a board or between boards); a
 * link with a switch at one end is typed by the tier boundary it crosses: B2B inside a rack, R2R
 * inside a pod, P2P beyond. docs/spec-notes.md gives the reading. */
typedef enum
{
  TF_LINK_C2C = 0,
  TF_LINK_B2B,
  TF_LINK_R2R,
  TF_LINK_P2P,
  TF_N_LINK_TYPES
} TfLinkType;

/* How far a link reaches: the smallest container holding both ends. It decides the cable
 * (copper on a board or in a rack, optics beyond), the 3D colour and the cost. A rack switch
 * sits in its rack, a pod switch in its pod, a datacenter switch in none. */
typedef enum
{
  TF_REACH_BOARD = 0,
  TF_REACH_RACK,
  TF_REACH_POD,
  TF_REACH_DATACENTER,
  TF_N_REACHES
} TfReach;

const char *tf_scope_to_string (TfScope scope);
gboolean    tf_scope_from_string (const char *str, TfScope *out, GError **error);
const char *tf_intra_board_topo_to_string (TfIntraBoardTopo topo);
gboolean    tf_intra_board_topo_from_string (const char *str, TfIntraBoardTopo *out,
                                             GError **error);
const char *tf_link_type_to_string (TfLinkType type);
gboolean    tf_link_type_from_string (const char *str, TfLinkType *out);
const char *tf_reach_to_string (TfReach reach);
gboolean    tf_reach_from_string (const char *str, TfReach *out);
/* Whether a link of @type can reach @reach: C2C links any, switch links exactly one each (B2B a
 * rack, R2R a pod, P2P the datacenter). */
gboolean    tf_link_type_has_reach (TfLinkType type, TfReach reach);

/* EnumerationContext (@tbl-spec-topo-21a) */

typedef struct
{
  double bandwidth_gbps;  /* GB/s per physical link, set by the user; NAN (the default): from
                           * the chip's budgets and the ports (tf_context_c2c_gbps,
                           * tf_context_port_gbps) */
  double latency_ns;      /* per hop over this link type */
} TfLinkDefaults;

typedef struct
{
  guint  radix;       /* the most ports a switch can have; more raises radix-too-large */
  double latency_ns;  /* port to port, per switch traversed */
  double port_gbps;   /* GB/s each way of one port; 0: the chip's NIC port speed */
  double power_w_per_port;  /* W a switch draws per physical port (scale-up switches too) */
} TfSwitchDefaults;

/* What one chip has (docs/spec-notes.md, "Budgets"): every figure GB/s each way. Its scale-up
 * bandwidth is a budget its chip-to-chip links share (board links, direct-network links, links
 * into scale-up switches); its scale-out ports are chip_radix NIC ports of nic_gbps each. */
typedef struct
{
  double scale_up_gbps;   /* chip-to-chip bandwidth in all */
  guint  scale_up_ports;  /* the ports it comes in (18 NVLinks); 0: shared evenly by any count */
  double nic_gbps;        /* one scale-out (NIC) port */
  double power_w;         /* the chip's power (package), W */
  double host_w;          /* the rest of its board's power, per chip: host CPU and memory,
                           * NICs, fans, power conversion, W */
} TfChipDefaults;

/* What a rack may draw: boards are packed by count (boards_per_rack_max) and by power. */
typedef struct
{
  double power_kw;   /* up to TF_RACK_POWER_KW_MAX, which stands for no budget */
} TfRackDefaults;

#define TF_RACK_POWER_KW_MAX 1e6

/* A cooling class's rack budget: tf_rack_presets_get (i) until NULL, or by name. */
typedef struct
{
  const char *name;      /* "air", "liquid" */
  const char *label;     /* for people, marked for translation */
  double      power_kw;
} TfRackPreset;

const TfRackPreset *tf_rack_presets_get (guint index);
const TfRackPreset *tf_rack_preset_lookup (const char *name);

/* A published part's figures: tf_chip_presets_get (i) until NULL, or by name. */
typedef struct
{
  const char    *name;         /* "h100", as files and the command line spell it */
  const char    *label;        /* "NVIDIA H100 SXM5", for people */
  TfChipDefaults chip;
  guint          chip_radix;   /* NIC ports a chip has in its reference server */
} TfChipPreset;

const TfChipPreset *tf_chip_presets_get (guint index);
const TfChipPreset *tf_chip_preset_lookup (const char *name);

/* A scale-up domain (intra_board_topo = switch, NVSwitch-class): each chip's links_per_chip
 * links spread evenly over the fewest scale-up switches of switch_radix ports that hold them. */
typedef struct
{
  guint links_per_chip;
  guint switch_radix;
} TfScaleUpDefaults;

/* The usability warnings' thresholds, which the spec leaves configurable ("阈值为项目经验值，
 * 可配置"): one row each, read by the families, the YAML writer and loader, the command line and
 * the app (warning-thresholds.c). TfContext.warning_thresholds is indexed by this enum. */
typedef enum
{
  TF_THRESHOLD_FAT_TREE_3_LAYER_MIN_ENDPOINTS,
  TF_THRESHOLD_FAT_TREE_AGGRESSIVE_OSR,
  TF_THRESHOLD_DRAGONFLY_MIN_ENDPOINTS,
  TF_THRESHOLD_DRAGONFLY_PLUS_MIN_ENDPOINTS,
  TF_THRESHOLD_LOW_UTILIZATION_PERCENT,
  TF_THRESHOLD_TORUS_MAX_ASPECT,
  TF_THRESHOLD_HYPERCUBE_HIGH_DIMENSION,
  TF_THRESHOLD_HYPERX_HIGH_DIMENSION,
  TF_THRESHOLD_HYPERX_MAX_ASPECT,
  TF_THRESHOLD_RING_MAX_ENDPOINTS,
  TF_THRESHOLD_FULL_MESH_MAX_ENDPOINTS,
  TF_THRESHOLD_SLIMFLY_MIN_ENDPOINTS,
  TF_THRESHOLD_POLARFLY_MIN_ENDPOINTS,
  TF_N_WARNING_THRESHOLDS
} TfWarningThreshold;

typedef struct
{
  const char *name;         /* "ring_max_endpoints", as files and the command line spell it */
  const char *field;        /* "warning_thresholds.ring_max_endpoints", the context's field */
  const char *warning;      /* the warning it raises, "high-diameter" */
  guint       default_value;  /* the spec's number */
  guint       min, max;
  const char *description;  /* when the warning is raised, English, marked for translation */
} TfWarningThresholdInfo;

/* The row of @threshold, or NULL past the last: tf_warning_threshold_get (i) until NULL. */
const TfWarningThresholdInfo *tf_warning_threshold_get (guint threshold);
/* The threshold named @name ("ring_max_endpoints"); FALSE when none is. */
gboolean tf_warning_threshold_lookup (const char *name, TfWarningThreshold *out);
/* The names, comma-separated, for messages and --help; free with g_free (). */
char    *tf_warning_threshold_dup_names (void);

typedef struct
{
  guint            n_chip;
  TfScope          scope;
  guint            chips_per_board_max;
  guint            boards_per_rack_max;  /* boards a rack holds; racks beyond are packed */
  guint            racks_per_pod_max;    /* racks a pod holds */
  guint            chip_radix;
  TfIntraBoardTopo intra_board_topo;
  TfLinkDefaults   defaults[TF_N_LINK_TYPES];
  /* Overrides for the links of a type that reach that far; NAN keeps the type's number. */
  TfLinkDefaults   by_reach[TF_N_LINK_TYPES][TF_N_REACHES];
  TfSwitchDefaults switch_defaults;
  TfScaleUpDefaults scale_up;
  TfChipDefaults   chip;
  TfRackDefaults   rack;
  guint            warning_thresholds[TF_N_WARNING_THRESHOLDS];
} TfContext;

void     tf_context_init (TfContext *ctx);
/* The per-link figures set for a link of @type reaching @reach (bandwidth NAN where none is),
 * and its latency. */
TfLinkDefaults tf_context_link_defaults (const TfContext *ctx, TfLinkType type, TfReach reach);
/* What one board of @chips chips draws, W: its chips and their share of the board, and its
 * @scale_up_ports ports of scale-up switches. */
double   tf_context_board_power_w (const TfContext *ctx, guint chips, guint64 scale_up_ports);
/* The boards a rack holds: boards_per_rack_max, fewer where their power exceeds the rack's
 * budget (at least one: a board over budget alone is flagged, rack-power-overflow). */
guint    tf_context_boards_per_rack (const TfContext *ctx, double board_power_w);
/* Sets the chip's budgets (and chip_radix) to a preset's. */
void     tf_context_set_chip_preset (TfContext *ctx, const TfChipPreset *preset);
/* GB/s of one physical chip-to-chip link reaching @reach, at a chip that drives @links of them
 * (board links, direct-network links and links into scale-up switches, parallel links
 * counted): its share of the chip's scale-up bandwidth, whole ports each where the chip's port
 * count allows, else the per-link figure the context sets. */
double   tf_context_c2c_gbps (const TfContext *ctx, TfReach reach, guint links);
/* GB/s of one physical link of @type (B2B, R2R, P2P) from a chip's NIC port to a switch port
 * (@from_chip) or between two switch ports: the slower port, else the per-link figure set. */
double   tf_context_port_gbps (const TfContext *ctx, TfLinkType type, gboolean from_chip);
/* The first rule the context breaks, as a TF_ERROR_INVALID_CONTEXT whose message starts with
 * the field's name. Messages are translated (gettext domain "topoforge"). */
gboolean tf_context_validate (const TfContext *ctx, GError **error);
/* The context's fields by their spec names ("n_chip", ..., "defaults.C2C.bandwidth_gbps"),
 * NULL-terminated, and the rules of one of them. */
const char *const *tf_context_get_fields (void);
gboolean tf_context_validate_field (const TfContext *ctx, const char *field, GError **error);

/* Warnings and status */

typedef struct
{
  const char *name;         /* the spec's name, e.g. "over-engineered", in files and ids */
  const char *label;        /* the name as people read it, marked for translation */
  const char *description;  /* one English sentence for people, marked for translation */
} TfWarning;

typedef enum
{
  TF_STATUS_RECOMMENDED,
  TF_STATUS_EDGE_CASE,
} TfStatus;

const char *tf_status_to_string (TfStatus status);

/* Families */

/* TF_N_FAMILIES, the registered families (engine/families/meson.build's list), and
 * TF_N_GENERATORS, the optimizer's generators: generated from the registries. */
#include "topoforge-registries.h"

typedef struct _TfFamily TfFamily;

guint            tf_families_get_count (void);
const TfFamily  *tf_families_get (guint index);
const TfFamily  *tf_family_lookup (const char *name);
const char      *tf_family_get_name (const TfFamily *family);
/* English; marked for translation in the "topoforge" domain, so a UI shows _(description). */
const char      *tf_family_get_description (const TfFamily *family);
/* Why intra_board_topo must be none for this family (English, marked), or NULL. */
const char      *tf_family_get_no_intra_board_reason (const TfFamily *family);
/* The chip counts a family with a strict size rule has results for ("n_chip = 2^n, n from 1
 * to 10"), to say why it has none; NULL when it has results for most counts. */
const char      *tf_family_get_size_rule (const TfFamily *family);
TfTier           tf_family_get_leaf_tier (const TfFamily *family);
gboolean         tf_family_applies_to_scope (const TfFamily *family, TfScope scope);

/* family_attrs: the family's keys in the spec's order; integers or lists of integers. */
typedef struct
{
  const char *key;
  gboolean    is_list;
  guint       n_values;
  gint64      values[TF_MAX_DIMS];
} TfAttr;

#define TF_MAX_ATTRS 8u

typedef struct
{
  guint  n_attrs;
  TfAttr attrs[TF_MAX_ATTRS];
} TfAttrs;

/* The cost model (docs/optimizer.md, "Layer 5"): one price table and floor plan, shared by the
 * optimizer's Layer 5 and every result's cost. The built-in one is data/prices.yaml. */

#define TF_PRICE_MAX_SWITCHES 8u

/* The price table, USD */
typedef struct
{
  guint  n_switch_prices;
  guint  switch_radix[TF_PRICE_MAX_SWITCHES];
  double switch_price[TF_PRICE_MAX_SWITCHES];
  double port_gbps;               /* GB/s: the port speed the prices below are stated at */
  double nic_port;                /* a chip's port on an off-board link (NIC or serdes) */
  double pcb_link;                /* C2C link inside a board (its share of the board) */
  double scale_up_switch;         /* a board's scale-up switch chip (NVSwitch class) */
  double copper_link;             /* DAC inside a rack */
  double optical_link_fixed;      /* two transceivers */
  double optical_link_per_m;      /* fibre */
} TfPriceTable;

/* Where racks stand (cable lengths and classes), metres */
typedef struct
{
  double rack_pitch_m;            /* between neighbouring racks of a pod's row */
  double row_pitch_m;             /* between pods' rows */
  double vertical_run_m;          /* up to the tray and down, per cable end outside a rack */
  double in_rack_m;               /* any cable inside one rack */
  double max_copper_m;            /* longer cables are optical */
} TfFloorPlan;

typedef struct
{
  TfPriceTable prices;
  TfFloorPlan  floor;
  double       port_gbps;   /* the network's port speed; 0: prices.port_gbps (no scaling) */
} TfCostModel;

/* The built-in model (data/prices.yaml), the one enumerate, generate and metrics price with and
 * the optimizer's default. Parsed once; never changes. */
const TfCostModel *tf_cost_model_get_default (void);

/* The class of a link's cable, from its reach and length. */
typedef enum
{
  TF_CABLE_PCB = 0,   /* a trace on the board */
  TF_CABLE_COPPER,    /* DAC */
  TF_CABLE_OPTICAL,   /* transceivers and fibre */
  TF_N_CABLES
} TfCable;

const char *tf_cable_to_string (TfCable cable);   /* "pcb", "copper", "optical" */

/* Metrics (@tbl-spec-topo-20b). Each carries how it was obtained. */

typedef enum
{
  TF_METHOD_NONE = 0,      /* not computed here */
  TF_METHOD_EXACT,         /* computed on the graph by an exact algorithm */
  TF_METHOD_CLOSED_FORM,   /* the family's formula, proven against exact computation in tests */
  TF_METHOD_UPPER_BOUND,   /* the value of a real cut we found; the true minimum may be lower */
  TF_METHOD_ESTIMATE,      /* a documented estimate ("~"): the cost of a switch no priced radix
                            * holds */
  TF_METHOD_LOWER_BOUND,   /* the true value is at least this (">="): a ratio over an upper
                            * bound */
} TfMethod;

const char *tf_method_to_string (TfMethod method);

typedef struct
{
  guint    diameter;                 /* hops, longest shortest path between two chips */
  TfMethod diameter_method;
  double   average_path_length;      /* hops, mean over ordered chip pairs */
  TfMethod average_path_length_method;
  guint64  bisection_links;          /* min links cut over balanced chip splits */
  TfMethod bisection_links_method;
  double   bisection_bandwidth;      /* GB/s, min bandwidth cut over balanced chip splits */
  TfMethod bisection_bandwidth_method;
  guint64  link_count;               /* physical links, parallel links counted */
  guint64  link_count_by_type[TF_N_LINK_TYPES];
  guint64  link_count_by_reach[TF_N_REACHES];
  guint    switch_count;
  guint    switch_radix;             /* physical links at the busiest switch; 0 without */
  guint    links_per_chip_min;       /* physical links a chip drives, fewest and most */
  guint    links_per_chip_max;
  guint    c2c_links_per_chip;       /* of those, chip-to-chip links (the most at a chip):
                                      * the links that share its scale-up bandwidth */
  TfMethod counts_method;            /* of the counts above */
  guint    path_diversity;           /* min over chip pairs of vertex-disjoint paths */
  TfMethod path_diversity_method;
  double   bisection_bandwidth_per_chip;  /* GB/s, bisection_bandwidth / floor (n_chip / 2);
                                           * its method is bisection_bandwidth's */
  /* The layout's figures (docs/metrics.md), priced by the built-in cost model */
  double   network_cost;             /* USD: switch_cost + link_cost + nic_cost */
  double   switch_cost;
  double   link_cost;
  double   nic_cost;
  TfMethod cost_method;              /* exact, or estimate when a switch outgrows every radix */
  guint64  cables_by_class[TF_N_CABLES];  /* physical links by cable class */
  double   injection_bandwidth;      /* GB/s, the least over chips of its links' bandwidth */
  guint    rack_count;
  guint    pod_count;
  double   rack_power_kw;            /* kW, the most a rack draws: its boards and the switches
                                      * standing in it */
  TfMethod layout_method;            /* of the cables, injection bandwidth, racks and pods */
} TfMetrics;

/* Enumeration results */

typedef struct
{
  guint64 words[8];  /* the family's parameters; layout private to the family */
} TfParams;

typedef struct
{
  const TfFamily  *family;
  TfParams         params;
  guint            n_endpoint;
  guint            chips_per_board;  /* derived C_board */
  guint            n_warnings;
  const TfWarning *warnings[TF_MAX_WARNINGS];
  guint64          order;            /* position in the family's traversal */
  TfMetrics        metrics;
} TfResult;

TfStatus tf_result_get_status (const TfResult *result);
char    *tf_result_dup_id (const TfResult *result);
void     tf_result_get_attrs (const TfResult *result, TfAttrs *attrs);
gboolean tf_result_has_warning (const TfResult *result, const char *name);

/* Result columns: the one list of what a result shows, and what a query filters and sorts by.
 * The command line spells a column by its name (--sort switches, --where 'links<=4096', CSV
 * headers), the app titles it with its label; adding a metric is one row in columns.c. */
typedef enum
{
  TF_COLUMN_ID,        /* the result's id; sorts in the engine's order */
  TF_COLUMN_FAMILY,    /* the family's name; sorts in the registry's order */
  TF_COLUMN_STATUS,    /* recommended (0) before edge-case (1) */
  TF_COLUMN_WARNINGS,  /* the warnings' names; compares by how many */
  TF_COLUMN_COUNT,     /* a whole number */
  TF_COLUMN_REAL,      /* a real number */
} TfColumnKind;

/* What a column's value waits for, cheapest first: the check (counts the family knows), the
 * layout (cost, cables, racks: one pass over the family's build), or every metric (diameter,
 * bisection, paths). A query that reads only the layout measures the rest for the kept rows. */
typedef enum
{
  TF_NEEDS_CHECK = 0,
  TF_NEEDS_LAYOUT,
  TF_NEEDS_METRICS,
} TfNeeds;

typedef struct
{
  const char   *name;           /* as the command line spells it: "switches" */
  const char   *label;          /* short, for people; marked for translation: "Switches" */
  const char   *description;    /* one English sentence, marked for translation */
  TfColumnKind  kind;
  TfNeeds       needs_metrics;  /* what the value waits for; TF_NEEDS_CHECK (0): known when
                                 * the result is checked, before any metrics */
  gboolean      shown;          /* among the columns the app and the table show */
  double      (*get) (const TfResult *result);           /* the value compared and sorted */
  TfMethod    (*get_method) (const TfResult *result);    /* how it was obtained; NULL: exact */
} TfColumn;

guint           tf_columns_get_count (void);
const TfColumn *tf_columns_get (guint index);
const TfColumn *tf_column_lookup (const char *name);
/* The value as text: the id, the family's name, the status, the warnings' names joined by
 * commas, or the number (whole, or real with as many digits as it takes); nothing for a value
 * not measured (its method TF_METHOD_NONE). */
void            tf_column_append_value (const TfColumn *column, const TfResult *result,
                                        GString *out);
/* Whether the column holds a number a condition can compare (counts, reals, warnings). */
gboolean        tf_column_is_numeric (const TfColumn *column);

/* Queries (query.c): which legal results to keep, and in which order. Every filter runs over
 * every legal result of the context, after the hard constraints and before the limit: the
 * spec's user filters are "后置过滤，不是前置约束——不会遗漏合法组合". */

typedef enum
{
  TF_COMPARE_LT,
  TF_COMPARE_LE,
  TF_COMPARE_EQ,
  TF_COMPARE_GE,
  TF_COMPARE_GT,
  TF_N_COMPARES
} TfCompare;

const char *tf_compare_to_string (TfCompare compare);  /* "<", "<=", "=", ">=", ">" */

typedef struct
{
  const TfColumn *column;   /* tf_column_is_numeric () */
  TfCompare       compare;
  double          value;
  const TfColumn *other;    /* non-NULL: compared with this column's value, not @value */
} TfCondition;

typedef struct
{
  guint min;
  guint max;
} TfQueryRange;

typedef struct
{
  guint           statuses;         /* bits (1 << TfStatus); 0 lets every status through */
  GArray         *chips_per_board;  /* TfQueryRange: C_board in one of them; none: any */
  GArray         *conditions;       /* TfCondition: every one holds */
  char           *match;            /* a part of the id, any case; NULL: any id */
  const TfColumn *sort;             /* NULL: the engine's order */
  gboolean        descending;
} TfQuery;

void     tf_query_init (TfQuery *query);
void     tf_query_clear (TfQuery *query);
void     tf_query_copy (const TfQuery *query, TfQuery *out);
void     tf_query_add_chips_per_board (TfQuery *query, guint min, guint max);
void     tf_query_add_condition (TfQuery *query, const TfColumn *column, TfCompare compare,
                                 double value);
/* @column compared with @other, both numeric, on the same result: "full bisection" is
 * bisection_bandwidth_per_chip >= injection_bandwidth_per_chip. */
void     tf_query_add_column_condition (TfQuery *query, const TfColumn *column,
                                        TfCompare compare, const TfColumn *other);
/* One condition as text, "COLUMN<OP>VALUE": a column's name (tf_column_lookup ()), one of
 * <, <=, =, >=, > and a value, spaces allowed around each; the value a whole number in digits
 * for a count column, a real (C locale, exponent allowed) for a real one, or another numeric
 * column's name ("bisection_bandwidth_per_chip>=injection_bandwidth_per_chip"). Fails with
 * TF_ERROR_INVALID_QUERY, or TF_ERROR_NOT_A_NUMBER for id, family and status, leaving @query
 * as it was; the message names the column and the text, never a caller's option. */
gboolean tf_query_add_condition_text (TfQuery *query, const char *text, GError **error);
/* NULL or "" matches every id. */
void     tf_query_set_match (TfQuery *query, const char *text);
/* Whether the query lets some legal result out, and what of a result's metrics it needs to
 * decide that or to sort (the most any condition or the sort column waits for). */
gboolean tf_query_filters (const TfQuery *query);
TfNeeds  tf_query_needs_metrics (const TfQuery *query);
/* Whether @result passes every filter; a condition on a metric reads result->metrics. */
gboolean tf_query_match (const TfQuery *query, const TfResult *result);
/* The query's order: by the sort column (either way), ties in the registry's order of
 * families and then each family's own (recommended first, fewer warnings, its traversal).
 * Sorting by id is the engine's order itself, so descending reverses it whole. A total order:
 * 0 only for the same result. */
int      tf_query_compare (const TfQuery *query, const TfResult *a, const TfResult *b);

/* Enumerations */

typedef struct
{
  const TfFamily *family;
  guint64         total;      /* legal results before the query and the limit */
  guint64         matched;    /* legal results that pass the query (total without filters) */
  guint64         capped;     /* results the limit asked for beyond TF_ENUMERATE_MAX_RESULTS,
                               * left out */
  guint64         oversize;   /* legal by the spec, beyond TF_LINK_COUNT_MAX; not in total */
  char           *excluded;   /* why the family has no results in this context, or NULL */
  guint           n_results;
  TfResult       *results;    /* the first that match, in the query's order (recommended
                               * first without a sort) */
} TfFamilyEnumeration;

typedef struct
{
  TfContext            context;
  guint                limit;
  TfQuery              query;
  guint                n_families;
  TfFamilyEnumeration *families;
  guint64              matched;      /* over every family */
  guint64              measured;     /* results whose metrics were computed: those kept, or
                                      * every one that passed the other filters when a
                                      * condition or the sort reads a metric */
  /* Across families in the query's order: the first @limit that match (all when 0), as far as
   * the kept results tell the order exactly; rows_capped more were left out because a family
   * kept at most TF_ENUMERATE_MAX_RESULTS. The rows point into families[].results. */
  guint                n_rows;
  const TfResult     **rows;
  guint64              rows_capped;
  /* Every C_board some legal result of the families has, before the query, ascending. */
  guint                n_chips_per_board;
  guint               *chips_per_board;
} TfEnumeration;

/* Enumerates @families (all registered ones when @n_families is 0), keeping at most @limit
 * results per family (no limit when 0), and never more than TF_ENUMERATE_MAX_RESULTS. Every
 * family is walked before any metrics are computed; @progress sees 0 while walking and then
 * the estimated share of the work done, and may stop the call at any time. */
gboolean tf_enumerate (const TfContext        *ctx,
                       const TfFamily *const  *families,
                       guint                   n_families,
                       guint                   limit,
                       TfProgressFunc          progress,
                       gpointer                progress_data,
                       TfEnumeration          *out,
                       GError                **error);
/* The same under @query (NULL: none): filters that need no metrics run while walking, so only
 * the results that pass them are ever measured, and only those that are needed: all of them
 * when a condition or the sort reads a metric, else the ones kept. The limit and the cap apply
 * after sorting, to what is kept; total and matched always count every legal result. */
gboolean tf_enumerate_query (const TfContext        *ctx,
                             const TfFamily *const  *families,
                             guint                   n_families,
                             const TfQuery          *query,
                             guint                   limit,
                             TfProgressFunc          progress,
                             gpointer                progress_data,
                             TfEnumeration          *out,
                             GError                **error);
void     tf_enumeration_clear (TfEnumeration *enumeration);

/* The NetworkGraph: chips are nodes 0 .. n_chip-1, switch i is node n_chip + i. Parallel links
 * between two nodes are one TfLink with a multiplicity. */

typedef struct
{
  char  *id;
  TfTier tier;        /* TF_TIER_RACK, TF_TIER_POD or TF_TIER_DATACENTER */
  guint  container;   /* rack index for rack switches, pod index for pod switches */
  guint  port_count;  /* physical links attached */
} TfSwitch;

typedef struct
{
  guint32 a;
  guint32 b;
  guint32 multiplicity;
  guint8  type;   /* TfLinkType */
  guint8  reach;  /* TfReach */
} TfLink;

typedef struct
{
  guint     n_chip;
  guint     n_switch;
  TfSwitch *switches;
  guint     n_links;
  TfLink   *links;

  /* Physical grouping chip -> board -> rack -> pod */
  guint     chips_per_board;
  guint     n_board;
  guint     n_rack;
  guint     n_pod;
  guint32  *board_chips;  /* board b holds board_chips[b * chips_per_board ...] */
  guint32  *board_rack;
  guint32  *rack_pod;
} TfNetworkGraph;

void     tf_network_graph_init (TfNetworkGraph *graph);
void     tf_network_graph_clear (TfNetworkGraph *graph);
guint    tf_network_graph_get_n_nodes (const TfNetworkGraph *graph);
/* Writes "chip<i>" or the switch id. */
void     tf_network_graph_append_node_name (const TfNetworkGraph *graph, guint32 node,
                                            GString *out);
/* The type and reach a link between @a and @b must have: the reach is the smallest container
 * holding both; the type C2C between chips, else the boundary of that reach. */
void     tf_network_graph_link_kind (const TfNetworkGraph *graph, guint32 a, guint32 b,
                                     TfLinkType *type, TfReach *reach);
/* Every invariant of @tbl-spec-topo-20a; the first violation becomes a TF_ERROR_INVARIANT. */
gboolean tf_network_graph_check_invariants (const TfNetworkGraph *graph,
                                            guint                 chip_radix,
                                            GError              **error);

/* The bandwidth of each of @graph's links (all its parallel links), GB/s each way, into @gbps
 * (n_links long): a chip-to-chip link the smaller of its two chips' shares, a link to a switch
 * the slower of its ports (tf_context_c2c_gbps, tf_context_port_gbps). */
void     tf_network_graph_link_gbps (const TfNetworkGraph *graph, const TfContext *ctx,
                                     double *gbps);
/* The chip-to-chip links (parallel links counted) each chip drives, into @links (n_chip). */
void     tf_network_graph_c2c_links (const TfNetworkGraph *graph, guint *links);

/* Whether every node reaches every other. */
gboolean tf_network_graph_is_connected (const TfNetworkGraph *graph);

/* Dead hardware (dead-hardware.c, docs/optimizer.md "No dead hardware"): a switch that costs
 * money and does nothing. Distinct neighbours count, not links; board (scale-up) switches are
 * judged like the others. */
typedef enum
{
  TF_DEAD_SWITCH_NONE = 0,
  TF_DEAD_SWITCH_DEAD_END,       /* one distinct neighbour, or none */
  TF_DEAD_SWITCH_PASS_THROUGH,   /* two, one of them at least a switch (two chips are fine) */
  TF_DEAD_SWITCH_TRAPPED_CHIPS,  /* chips and no switch neighbour, not every chip of the graph,
                                  * and a chip of it with no link but to it */
} TfDeadSwitch;

/* The first dead switch of @graph, by index: its kind (TF_DEAD_SWITCH_NONE when there is
 * none, @index and @why then untouched), its index into graph->switches in @index and, in @why
 * (either may be NULL), the reason in English naming it ("switch spine3 is a dead end: one
 * neighbour (leaf0), no chip under it and fewer than three distinct neighbours"). */
TfDeadSwitch tf_network_graph_find_dead_switch (const TfNetworkGraph *graph, guint *index,
                                                GString *why);

/* What each board, rack and switch of @graph draws, W (docs/spec-notes.md, "Rack power"): a
 * board its chips (package and host) and its scale-up switches; a rack its boards and the rack
 * switches standing in it (pod and datacenter switches stand in network racks of their own); a
 * switch its ports. Each array (n_board, n_rack, n_switch long) may be NULL. */
void tf_network_graph_power_w (const TfContext *ctx, const TfNetworkGraph *graph,
                               double *board_w, double *rack_w, double *switch_w);

/* Diameter and average path length with every chip a source, no shortcuts (what
 * tf_network_graph_path_metrics is checked against). */
gboolean tf_network_graph_path_metrics_all_sources (const TfNetworkGraph *graph,
                                                    guint                *diameter,
                                                    double               *average_path_length,
                                                    GError              **error);

/* Exact path metrics over chip pairs by breadth-first search on the graph. */
gboolean tf_network_graph_path_metrics (const TfNetworkGraph *graph,
                                        gboolean              chip_transitive,
                                        TfProgressFunc        progress,
                                        gpointer              progress_data,
                                        guint                *diameter,
                                        double               *average_path_length,
                                        GError              **error);

/* What the topology optimizer adds to a topology's metadata (docs/optimizer.md): the candidate's
 * id, its origin, and its evaluated values under metadata.metrics. Plain data of the file
 * format, with its names (candidate-metadata.c); the optimizer fills and reads it. */
#define TF_CANDIDATE_MAX_VALUES 64u
#define TF_CANDIDATE_MAX_COLLECTIVES 64u

/* How a candidate was made: metadata.origin.method. */
typedef enum
{
  TF_ORIGIN_FAMILY_ENUM = 0,
  TF_ORIGIN_FAMILY_SAMPLE,
  TF_ORIGIN_GENERIC_TEMPLATE,
  TF_ORIGIN_GRAPH_MUTATION,
  TF_ORIGIN_CROSSOVER,
  TF_ORIGIN_MANUAL_SEED,
  TF_N_ORIGIN_METHODS
} TfOriginMethod;

const char *tf_origin_method_to_string (TfOriginMethod method);   /* "family_enum", ... */
/* For people, untranslated (N_): "Graph mutation"; the caller translates it. */
const char *tf_origin_method_label (TfOriginMethod method);
gboolean    tf_origin_method_from_string (const char *str, TfOriginMethod *out);

/* The communication of one training iteration, by parallelism: the optimizer's Layer 3 times
 * each, and a candidate's metadata.metrics names its values after them ("tp_time_us"). */
typedef enum
{
  TF_COMM_TP = 0,   /* tensor-parallel AllReduce of activations */
  TF_COMM_PP,       /* pipeline point-to-point of activations between stages */
  TF_COMM_DP,       /* data-parallel AllReduce of gradients */
  TF_COMM_EP,       /* expert-parallel AllToAll of tokens (ep > 1 only) */
  TF_N_COMMS
} TfComm;

const char *tf_comm_to_string (TfComm comm);   /* "tp", "pp", "dp", "ep" */

/* One collective at one message size (metadata.metrics.collectives): the optimizer's Layer 2
 * over all chips. */
typedef struct
{
  char      *primitive;         /* "AllReduce", as the optimizer spells it */
  guint64    bytes;
  double     time_us;           /* alpha-beta */
  double     bound_us;          /* the ForestColl bound, or NAN where none is known */
} TfCollectiveRecord;

typedef struct
{
  char      *candidate_id;
  char      *method;            /* origin.method */
  char      *seed_family;       /* origin.seed_family, or NULL */
  char      *seed_id;           /* origin.seed_id, or NULL */
  GPtrArray *parent_ids;        /* char *: origin.parent_ids, or NULL */
  GPtrArray *mutations;         /* char *: origin.mutations_applied, or NULL */
  gboolean   has_mutations_total;
  guint64    mutations_total;   /* origin.mutations_total */
  char      *template_params;   /* origin.template_params, or NULL */
  guint      n_values;
  guint8     value_keys[TF_CANDIDATE_MAX_VALUES];  /* into tf_candidate_value_names () */
  double     values[TF_CANDIDATE_MAX_VALUES];
  char      *texts[TF_CANDIDATE_MAX_VALUES];   /* a value that is text ("*_bottleneck"), or NULL */
  guint      n_collectives;
  TfCollectiveRecord collectives[TF_CANDIDATE_MAX_COLLECTIVES];
} TfCandidateMetadata;

/* The names metadata.metrics may hold beside the generator's: "iter_time_us", ... (NULL-ended);
 * those ending in "_bottleneck" are text, the others numbers. */
const char *const *tf_candidate_value_names (void);
void               tf_candidate_metadata_free (TfCandidateMetadata *metadata);

/* The lattice a family lays its chips on: chip i sits at the digits of i in the mixed radix
 * @dims (dims[0] varies fastest), and translations of the lattice are the family's symmetries
 * up to where boards, racks and pods break them: a torus's dimensions, a hypercube's bits, a
 * ring's or a full mesh's boards (and the chips of a board). A hint, not a promise: whoever uses
 * a translation checks that it maps the links onto the links. n_dims 0: none. */
#define TF_LATTICE_MAX_DIMS 24u

typedef struct
{
  guint   n_dims;
  guint32 dims[TF_LATTICE_MAX_DIMS];
} TfChipLattice;

/* A topology: the context it was made in, its result (metadata) and graph. A topology loaded
 * from a file without an id has result.family NULL and, without metrics in the file,
 * result.metrics.counts_method TF_METHOD_NONE. */
typedef struct
{
  TfContext      context;
  TfResult       result;
  TfNetworkGraph graph;
  char          *source;      /* metadata.source as loaded; NULL for this version's own */
  GPtrArray     *extensions;  /* metadata keys Topoforge does not read ("x-" ones and any
                               * other, at any depth) as loaded, written back unchanged */
  GPtrArray     *notices;     /* char *: "FILE:LINE:COLUMN: notice: ..." for each such key
                               * not starting with "x-", as loaded; NULL when none */
  gboolean       chip_transitive;  /* generated by a family whose chip graph is
                                    * vertex-transitive (torus, hypercube, ring, full-mesh) */
  TfChipLattice  lattice;     /* the family's lattice of chips, n_dims 0 when none */
  TfCandidateMetadata *candidate;  /* the optimizer's metadata, or NULL */
} TfTopology;

gboolean tf_generate (const TfContext *ctx,
                      const char      *id,
                      TfProgressFunc   progress,
                      gpointer         progress_data,
                      TfTopology      *out,
                      GError         **error);
void     tf_topology_clear (TfTopology *topology);

/* Reading topology files (docs/yaml-format.md). Every error is one line,
 * "FILE:LINE:COLUMN: field 'a.b.c': what is wrong", in TF_ERROR_INVALID_FILE (or
 * TF_ERROR_IO, TF_ERROR_NO_MEMORY). The loaded graph has passed every invariant. */

#define TF_LOAD_MAX_BYTES (G_GUINT64_CONSTANT (256) << 20)

typedef struct
{
  guint64 max_bytes;      /* refuse larger files; 0 means TF_LOAD_MAX_BYTES */
  guint   fail_alloc_at;  /* testing seam: the Nth allocation of the load fails; 0 never */
} TfLoadOptions;

gboolean tf_topology_load_file (const char *path, const TfLoadOptions *options,
                                TfTopology *out, GError **error);
gboolean tf_topology_load_data (const char *name, const char *data, gsize length,
                                const TfLoadOptions *options, TfTopology *out,
                                GError **error);

/* Measures every metric of @topology on its graph again, as generate does for a family's
 * result, or with generic exact searches and bounds for a topology without an id. */
gboolean tf_topology_measure (TfTopology *topology, TfProgressFunc progress,
                              gpointer progress_data, GError **error);

/* Parses an id and checks it against @ctx with the same rules enumerate applies. */
gboolean tf_result_from_id (const TfContext *ctx, const char *id, TfResult *out,
                            GError **error);

/* YAML (docs/yaml-format.md) */

gboolean tf_enumeration_write_yaml (const TfEnumeration *enumeration, GString *out,
                                    GError **error);
gboolean tf_topology_write_yaml (const TfTopology *topology, GString *out, GError **error);
/* Only the metadata block ("metadata:" and what is under it). */
gboolean tf_topology_write_metadata_yaml (const TfTopology *topology, GString *out,
                                          GError **error);
/* GraphML (networkx, Gephi, SST): one edge per link with its multiplicity as an attribute.
 * Graphviz DOT: one edge per physical link, parallel links repeated. */
gboolean tf_topology_write_graphml (const TfTopology *topology, GString *out, GError **error);
gboolean tf_topology_write_dot (const TfTopology *topology, GString *out, GError **error);
/* A SimGrid platform (docs/yaml-format.md): chips as hosts, switches as routers, one
 * SPLITDUPLEX link per pair of linked nodes, and one shortest route per pair of chips. */
gboolean tf_topology_write_simgrid (const TfTopology *topology, GString *out, GError **error);
/* BookSim 2's anynet network file and SST/Merlin's anytopo GraphML: switches are routers, a chip
 * whose only link is one cable to a switch is that switch's endpoint, any other chip a router
 * with itself as endpoint (docs/yaml-format.md). */
gboolean tf_topology_write_booksim (const TfTopology *topology, GString *out, GError **error);
gboolean tf_topology_write_sst (const TfTopology *topology, GString *out, GError **error);
/* ASTRA-sim's analytical network YAML, for a topology that is dimensions of rings, fully
 * connected groups or one switch (docs/yaml-format.md); else TF_ERROR_INVALID_CONTEXT saying
 * why. */
gboolean tf_topology_write_astra_sim (const TfTopology *topology, GString *out, GError **error);

/* The formats a topology is exported in (export-formats.c): one table, which the command line
 * and the app both read. */
typedef enum
{
  TF_EXPORT_YAML,
  TF_EXPORT_GRAPHML,
  TF_EXPORT_DOT,
  TF_EXPORT_SIMGRID,
  TF_EXPORT_BOOKSIM,
  TF_EXPORT_SST,
  TF_EXPORT_ASTRA_SIM,
  TF_N_EXPORT_FORMATS
} TfExportFormat;

typedef gboolean (*TfTopologyWriteFunc) (const TfTopology *topology, GString *out,
                                         GError **error);

/* Its name on the command line: "yaml", "graphml", "dot", "simgrid", "booksim", "sst",
 * "astra-sim". */
const char        *tf_export_format_get_name (TfExportFormat format);
/* For people, translated: "YAML topology". */
const char        *tf_export_format_get_label (TfExportFormat format);
/* File name extensions without the dot, the usual one first; NULL-terminated. */
const char *const *tf_export_format_get_extensions (TfExportFormat format);
/* The format of that command-line name; FALSE for any other. */
gboolean           tf_export_format_from_name (const char *name, TfExportFormat *out);
/* The format a file name's extension names (case-insensitive); FALSE for any other name. */
gboolean           tf_export_format_from_path (const char *path, TfExportFormat *out);
/* "yaml, graphml, dot, simgrid, booksim, sst or astra-sim", for messages. */
char              *tf_export_format_dup_names (void);
gboolean           tf_export_format_write (const TfTopology *topology, TfExportFormat format,
                                           GString *out, GError **error);
/* Writes @topology to @path in @format, atomically (tf_write_file_atomic ()). */
gboolean           tf_export_write (const TfTopology *topology, TfExportFormat format,
                                    const char *path, GError **error);

/* Writes @contents to @path atomically: a temp file renamed over the target, so a failed write
 * leaves the previous file as it was. */
gboolean tf_write_file_atomic (const char *path, const char *contents, gsize length,
                               GError **error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TfEnumeration, tf_enumeration_clear)
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TfQuery, tf_query_clear)
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TfTopology, tf_topology_clear)
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TfNetworkGraph, tf_network_graph_clear)

G_END_DECLS
