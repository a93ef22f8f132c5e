/* SPDX-License-Identifier: GPL-3.0-or-later */
/* optimizer.h: the topology optimizer's public door (topology-optimizer-spec-v1.0.0).
 *
 * A search configuration (TfSearchConfig, the spec's search_config.yaml) names the chip count,
 * the workload, the hardware constraints, the objectives, the generators and the search. The
 * search unit is a TopologyCandidate (TfCandidate): a whole NetworkGraph with its origin and a
 * cache of evaluated metrics. Generators (family seeds, graph mutation) make candidates; the
 * layered evaluator (Layer 1 graph structure, 2 collectives, 3 iteration, 4 workflow, 5 cost)
 * scores them; NSGA-II keeps the non-dominated ones. docs/optimizer.md explains the formulas.
 *
 * Like the rest of the engine: no global mutable state, caller-owned structs, GError.
 */
#pragma once

#ifdef TF_BELOW_OPTIMIZER
#error "optimizer.h is the optimizer's door: the layers below it may not use it (engine/DESIGN.md)"
#endif

#include "topoforge.h"

G_BEGIN_DECLS

/* Collective primitives (Layer 2) */

typedef enum
{
  TF_PRIMITIVE_ALL_REDUCE = 0,
  TF_PRIMITIVE_ALL_GATHER,
  TF_PRIMITIVE_REDUCE_SCATTER,
  TF_PRIMITIVE_ALL_TO_ALL,
  TF_N_PRIMITIVES
} TfPrimitive;

const char *tf_primitive_to_string (TfPrimitive primitive);  /* "AllReduce", ... */

/* Objectives: every one is minimised; bisection bandwidth is maximised by minimising its
 * negative, which is how the front stores it (tf_objective_value gives it back positive). */
typedef enum
{
  TF_OBJECTIVE_ITER_TIME = 0,   /* Layer 3 (Layer 4 with several workloads), microseconds */
  TF_OBJECTIVE_NETWORK_COST,    /* Layer 5, USD */
  TF_OBJECTIVE_APL_FAIL,        /* Layer 1, hops */
  TF_OBJECTIVE_APL,             /* Layer 1, hops */
  TF_OBJECTIVE_DIAMETER,        /* Layer 1, hops */
  TF_OBJECTIVE_BISECTION,       /* Layer 1, GB/s, maximised */
  TF_OBJECTIVE_ALL_REDUCE_TIME, /* Layer 2, us, largest message over all chips */
  TF_OBJECTIVE_DISCONNECTED,    /* Layer 1, the chip pairs a single failure cuts apart */
  TF_OBJECTIVE_APL_FAIL_EXCESS, /* Layer 1, hops: what every single failure adds, summed */
  TF_OBJECTIVE_FORESTCOLL_ALL_REDUCE, /* Layer 2, us, ForestColl's lower bound on the largest
                                       * AllReduce over all chips */
  TF_N_OBJECTIVES
} TfObjective;

const char *tf_objective_to_string (TfObjective objective);   /* "iter_time", ... */
gboolean    tf_objective_from_string (const char *str, TfObjective *out);
const char *tf_objective_unit (TfObjective objective);        /* "us", "USD", "hops", "GB/s" */
/* What people call it ("Iteration time"), untranslated: the app shows _() of it. */
const char *tf_objective_label (TfObjective objective);

/* Mutation operators of the GraphMutator */
typedef enum
{
  TF_MUTATION_ADD_EDGE = 0,
  TF_MUTATION_REMOVE_EDGE,
  TF_MUTATION_REWIRE_SWITCH,
  TF_MUTATION_SPLIT_SWITCH,
  TF_MUTATION_MERGE_SWITCH,
  TF_MUTATION_CHANGE_PORT_ASYMMETRY,
  TF_MUTATION_REHOME_CHIP,        /* a chip-switch link moves, or a chip gets one more */
  TF_MUTATION_DUAL_HOME,          /* every leaf gets a twin, every chip a link to it (HPN) */
  TF_MUTATION_TIER_EDIT,          /* every switch of a tier: one uplink more, or one fewer */
  TF_MUTATION_ADD_SPINE_PLANE,    /* a top switch more, wired as an existing one */
  TF_MUTATION_REMOVE_SPINE_PLANE, /* a top switch fewer */
  TF_MUTATION_CHANGE_BOARD_TOPOLOGY, /* every board wired as another board topology */
  TF_MUTATION_CHANGE_CHIPS_PER_BOARD, /* boards paired into one, or split in two */
  TF_N_MUTATIONS
} TfMutation;

/* The operators a configuration without generators.graph_mutator.operators enables: the local
 * edits, so that the structural moves, added later, leave earlier runs as they were. */
#define TF_MUTATIONS_DEFAULT ((1u << (TF_MUTATION_DUAL_HOME + 1)) - 1)

const char *tf_mutation_to_string (TfMutation mutation);      /* "add_edge", ... */
gboolean    tf_mutation_from_string (const char *str, TfMutation *out);

/* What limits a collective's bandwidth (Layer 2): the most loaded link of its routing, a chip's
 * injection bandwidth (AllToAll) or the network's bisection (AllToAll). */
typedef enum
{
  TF_BOTTLENECK_NONE = 0,   /* nothing to send (one rank, or not computed) */
  TF_BOTTLENECK_LINK,
  TF_BOTTLENECK_INJECTION,
  TF_BOTTLENECK_BISECTION,
} TfBottleneckKind;

const char *tf_bottleneck_kind_to_string (TfBottleneckKind kind);   /* "link", ... */

typedef struct
{
  guint8  kind;        /* TfBottleneckKind */
  guint8  link_type;   /* TfLinkType of the link (kind LINK) */
  guint8  reach;       /* TfReach of the link (kind LINK) */
  double  load;        /* flows sharing that link direction (kind LINK) */
  double  gbps;        /* the bandwidth it gives each flow, GB/s */
} TfBottleneck;

/* "B2B@rack" for a link, else the kind ("injection", "bisection"); and back. */
char       *tf_bottleneck_to_text (const TfBottleneck *bottleneck);
gboolean    tf_bottleneck_from_text (const char *text, TfBottleneck *bottleneck);

/* Search configuration */

#define TF_SEARCH_MAX_WORKLOADS      8u
#define TF_SEARCH_MAX_MESSAGE_SIZES  16u
#define TF_SEARCH_MAX_RADIX_OPTIONS  TF_PRICE_MAX_SWITCHES
#define TF_SEARCH_MAX_POPULATION     10000u
#define TF_SEARCH_MAX_GENERATIONS    100000u
#define TF_SEARCH_MAX_CHIPS_PER_BOARD 16u
#define TF_SEARCH_MAX_EDITS_PER_CHILD 16u
#define TF_SEARCH_MAX_MANUAL_FILES   64u
#define TF_SEARCH_MAX_STAGE_0        1000000u
#define TF_SEARCH_MAX_GENERATOR_SECTIONS 8u

typedef struct
{
  char   *name;                   /* workload name (or the model's) */
  double  weight;                 /* Layer 4 weight; 1 for a single workload */
  char   *model;                  /* preset name from data/models.yaml, or NULL */
  guint   tp, pp, dp, ep;         /* parallelism; tp * pp * dp == n_chip */
  guint   n_message_sizes;
  guint64 message_sizes[TF_SEARCH_MAX_MESSAGE_SIZES];  /* bytes, Layer 2 */
  guint   primitives;             /* bits (1 << TfPrimitive): required_primitives */

  /* The model (from the preset, overridable key by key) */
  double  parameters;             /* weights */
  guint   layers;
  guint   hidden_size;
  guint   sequence_length;
  guint   global_batch_size;      /* sequences per iteration */
  guint   micro_batch_size;       /* sequences per micro-batch */
  guint   bytes_per_value;        /* activations and gradients, e.g. 2 for bf16 */
  double  chip_peak_tflops;       /* dense TFLOP/s of one chip */
  double  mfu;                    /* model FLOPs utilisation, 0 < mfu <= 1 */
  double  compute_time_us;        /* T_compute; derived from the above unless given */
  gboolean compute_time_given;    /* compute_time_us was given, not derived: a configuration
                                   * written back keeps it (and drops a derived one) */
  double  overlap[TF_N_COMMS];    /* eta per kind of communication (docs/optimizer.md) */
} TfWorkload;

typedef struct
{
  const TfChipPreset *chip;       /* the part named (hardware_constraints.chip), or NULL: the
                                   * generic chip's figures; the numbers below override it */
  double nic_bandwidth_gbps;      /* GB/s each way of one NIC port (and a switch port) */
  double c2c_bandwidth_gbps;      /* GB/s each way of a chip's chip-to-chip links in all */
  double chip_power_w;            /* a chip package's power, W */
  double host_power_w;            /* the rest of a board's power per chip, W */
  double rack_power_kw;           /* what a rack may draw (docs/spec-notes.md, "Rack power") */
  guint  n_radix_options;
  guint  radix_options[TF_SEARCH_MAX_RADIX_OPTIONS];  /* ascending */
  double link_latency_us;         /* per hop */
  double max_optical_cable_length_m;
  double budget_usd;              /* 0: no budget */
  /* A chip's ports, hard constraints (docs/optimizer.md, "Hard constraints") */
  guint  nic_ports_per_chip;       /* links from a chip to switches, at most (2: dual-homed) */
  guint  on_board_links_per_chip;  /* links to chips of the same board, at most */
  guint  off_board_ports_per_chip; /* links leaving the chip's board (switch or chip), at most */
} TfHardwareConstraints;

/* Stage 2 of the evaluator (evaluator.stage_2; docs/optimizer.md, "Stage 2") */
typedef enum
{
  TF_STAGE_2_G5_SIMULATION = 0,   /* the spec's name: no g5 here; SimGrid's where it is built,
                                   * else skipped (tf_stage_2_simulator_for), with a notice */
  TF_STAGE_2_NONE,
  TF_STAGE_2_SIMGRID,             /* the front simulated with SimGrid (topoforge-simgrid) */
  TF_N_STAGE_2
} TfStage2;

const char *tf_stage_2_to_string (TfStage2 stage_2);   /* "g5_simulation", "none", "simgrid" */
gboolean    tf_stage_2_from_string (const char *str, TfStage2 *out);

/* What fails, one element at a time, for apl_fail (docs/optimizer.md, Layer 1) */
typedef enum
{
  TF_FAILURES_SWITCHES = 0,       /* every routing node: the switches, or the chips with none */
  TF_FAILURES_SWITCHES_AND_LINKS, /* those, and every link on its own */
} TfFailures;

typedef enum
{
  TF_SEARCH_NSGA2 = 0,
  TF_SEARCH_RANDOM,
} TfSearchAlgorithm;

/* How many edits each design point of the Random + QMC baseline gets (search.baseline_edits). */
typedef enum
{
  TF_BASELINE_EDITS_MATCHED = 0,  /* as many as a candidate the search evaluated, drawn from
                                   * its rows: as far from the families as the search went */
  TF_BASELINE_EDITS_UNIFORM,      /* 0 to 16, whatever the search did */
} TfBaselineEdits;

/* generators.<name> of a generator the configuration's reader has no table of its own for
 * (search-config-generators.c): any registered generator takes these options, so a new one
 * needs no change to the reader or the writer. */
typedef struct
{
  char     name[32];    /* the generator's, as TfGenerator.name spells it */
  gboolean enabled;     /* default yes: naming the section turns the generator on */
  guint    initial;     /* designs it adds to the first population (default 16) */
  double   rate;        /* its weight when it can mutate a parent (default 0.1) */
} TfGeneratorSection;

typedef struct
{
  char                 *file;            /* as named by the user, for messages; may be NULL */
  guint                 n_chip;
  guint                 n_workloads;
  TfWorkload            workloads[TF_SEARCH_MAX_WORKLOADS];
  TfHardwareConstraints hardware;
  TfPriceTable          prices;
  TfFloorPlan           floor;
  guint                 n_objectives;
  TfObjective           objectives[TF_N_OBJECTIVES];

  /* generators.family */
  gboolean              family_enabled;
  guint                 n_families;      /* 0 with family_enabled: every registered one */
  const TfFamily       *families[TF_N_FAMILIES];
  gboolean              family_edge_cases;  /* edge-case results too, in Stage 0, the seeds and
                                             * the family's steps (default yes) */
  gboolean              family_stage_0;     /* Stage 0: every buildable result evaluated before
                                             * the search, the family front (default yes) */
  guint                 family_stage_0_max; /* beyond this many, a stratified sample of it */
  TfContext             context;         /* scope, chips_per_board_max, ... for enumeration;
                                          * intra_board_topo: the first of intra_board_topos */
  guint                 intra_board_topos;  /* bits (1 << TfIntraBoardTopo): a seed enumeration
                                             * per topology (default: all four) */
  guint                 n_chips_per_board;  /* 0: every C_board the enumeration gives */
  guint                 chips_per_board[TF_SEARCH_MAX_CHIPS_PER_BOARD];  /* ascending */
  /* generators.manual: the user's designs seeding the search (generator-manual.c), absolute */
  guint                 n_manual_files;
  char                 *manual_files[TF_SEARCH_MAX_MANUAL_FILES];
  /* generators.graph_mutator */
  gboolean              mutator_enabled;
  guint                 operators;       /* bits (1 << TfMutation) */
  guint                 edits_per_child; /* a mutated child is 1 .. this many edits (default 1) */
  /* generators.generic_template */
  gboolean              template_enabled;
  guint                 template_initial;  /* design points in the initial population */
  double                template_rate;     /* its weight when it can mutate a parent, beside
                                            * mutation_rate and 1 - mutation_rate */
  double                template_crossover_rate;  /* the chance two template parents cross */
  /* generators.graph_crossover */
  gboolean              crossover_enabled;
  double                crossover_rate;    /* the chance two switched graphs of one grouping
                                            * cross (pods or racks of one, the rest of the
                                            * other), when the template does not cross them */

  /* generators.<name>: the generic sections, in file order */
  guint                 n_generator_sections;
  TfGeneratorSection    generator_sections[TF_SEARCH_MAX_GENERATOR_SECTIONS];

  /* search */
  TfSearchAlgorithm     algorithm;
  guint                 population_size;
  guint                 generations;
  guint                 threads;         /* 0: all cores; more than the cores: the cores */
  guint64               seed;
  double                mutation_rate;   /* chance a child is mutated rather than a family step */
  double                reference_point[TF_N_OBJECTIVES];  /* search.reference_point, in the
                                                          * objective's unit; NAN: the default */
  guint                 front_max;       /* search.front_max: representatives the front is
                                          * written as (0: every candidate of it) */
  TfBaselineEdits       baseline_edits;  /* search.baseline_edits */

  /* evaluator */
  TfStage2              stage_2;           /* evaluator.stage_2 */
  double                pareto_threshold;  /* the share of Stage 1's evaluations Stage 2 may
                                            * simulate (docs/optimizer.md, "Stage 2") */
  TfFailures            failures;          /* evaluator.failures */
  double                disconnected_penalty_hops;  /* a chip pair a failure cuts apart counts
                                                     * as this many hops in apl_fail */

  GPtrArray            *warnings;        /* char *: "FILE:L:C: field 'x': ..." not errors */
} TfSearchConfig;

void     tf_search_config_init (TfSearchConfig *config);  /* the defaults docs/optimizer.md lists */
void     tf_search_config_clear (TfSearchConfig *config);
/* The generic section generators.<@name>, or NULL when the file has none. */
const TfGeneratorSection *tf_search_config_get_generator_section (const TfSearchConfig *config,
                                                                  const char *name);
/* A deep copy of @src into @dest (uninitialised); clear both. */
void     tf_search_config_copy (const TfSearchConfig *src, TfSearchConfig *dest);
/* Errors are one line "FILE:LINE:COLUMN: field 'a.b': what is wrong" (TF_ERROR_INVALID_FILE). */
gboolean tf_search_config_load_file (const char *path, TfSearchConfig *out, GError **error);
gboolean tf_search_config_load_data (const char *name, const char *data, gsize length,
                                     TfSearchConfig *out, GError **error);

/* TopologyCandidate */

/* TfOriginMethod and TfComm are the candidate file's vocabulary: topoforge.h. */

#define TF_ORIGIN_MAX_PARENTS   2u
#define TF_ORIGIN_MAX_MUTATIONS 64u
#define TF_ORIGIN_MAX_TEMPLATE_PARAMS 192u

typedef struct
{
  TfOriginMethod method;
  char          *seed_id;       /* the family result id it descends from, or NULL */
  guint          n_parents;
  guint          parents[TF_ORIGIN_MAX_PARENTS];
  guint          n_mutations;   /* the trail, oldest first (kept to the last 64) */
  guint8         mutations[TF_ORIGIN_MAX_MUTATIONS];
  guint          n_mutations_total;
  /* The generic template's design point it is or descends from ("layers=2,...",
   * docs/optimizer.md), or empty. Held inline so that copying an origin copies it. */
  char           template_params[TF_ORIGIN_MAX_TEMPLATE_PARAMS];
} TfOrigin;

/* Evaluated metrics, layer by layer. A layer's values are valid when its bit is in `layers`. */
typedef enum
{
  TF_LAYER_STRUCTURE   = 1 << 1,
  TF_LAYER_COLLECTIVES = 1 << 2,
  TF_LAYER_ITERATION   = 1 << 3,
  TF_LAYER_WORKFLOW    = 1 << 4,
  TF_LAYER_COST        = 1 << 5,
  TF_LAYER_PATHS       = 1 << 6,  /* Layer 1's paths: diameter, apl, bisection, failure_cases
                                   * and sole_cut_pairs */
  TF_LAYER_FAILURES    = 1 << 7,  /* Layer 1's failure analysis: apl_fail and
                                   * disconnected_fraction (with the paths in one pass when both
                                   * are asked); TF_LAYER_STRUCTURE is all of Layer 1, with
                                   * switch_diversity (its max flows, which no objective reads,
                                   * for the front only) */
  TF_LAYER_FORESTCOLL  = 1 << 8,  /* Layer 2's ForestColl bound: forestcoll_us */
} TfLayer;

typedef struct
{
  guint   layers;
  /* Layer 1 */
  guint   diameter;
  double  apl;                    /* over ordered chip pairs */
  double  apl_fail;               /* mean over failed routing nodes of the APL of reachable pairs */
  double  disconnected_fraction;  /* mean over failed routing nodes of unreachable chip pairs */
  guint   failure_cases;          /* routing nodes removed (switches, or chips with none) */
  /* Before the failure analysis (TF_LAYER_PATHS without TF_LAYER_FAILURES), lower bounds: on
   * the hops the failures add to the mean path, summed over the failures (apl_fail_excess),
   * and on the fraction of pairs they cut, summed likewise; 0 with no switches. What the
   * objectives are bounded by (objectives.c) */
  double  failure_hops_bound;
  double  failure_cut_bound;
  double  bisection_bandwidth;    /* GB/s; an upper bound (a real cut) */
  guint   switch_diversity;       /* min over leaf pairs of switch-disjoint paths, see docs */
  /* Layer 2: [workload][primitive][message size], us, over all chips */
  double  collective_us[TF_SEARCH_MAX_WORKLOADS][TF_N_PRIMITIVES][TF_SEARCH_MAX_MESSAGE_SIZES];
  TfBottleneck collective_bottleneck[TF_SEARCH_MAX_WORKLOADS][TF_N_PRIMITIVES];  /* all chips */
  /* ForestColl's lower bound on an AllGather (and a ReduceScatter) over all chips of the first
   * workload's largest message, us; an AllReduce's is twice it (TF_LAYER_FORESTCOLL) */
  double  forestcoll_us;
  /* Layer 3: per workload, us */
  double  iter_time_us[TF_SEARCH_MAX_WORKLOADS];
  double  iter_compute_us[TF_SEARCH_MAX_WORKLOADS];
  double  iter_comm_us[TF_SEARCH_MAX_WORKLOADS][TF_N_COMMS];  /* T_p * N_p * eta_p: exposed */
  double  iter_comm_total_us[TF_SEARCH_MAX_WORKLOADS][TF_N_COMMS];  /* T_p * N_p: exposed and
                                                                      * overlapped */
  TfBottleneck iter_bottleneck[TF_SEARCH_MAX_WORKLOADS][TF_N_COMMS];  /* of the slowest group */
  /* Layer 4 */
  double  workflow_time_us;
  /* Stage 2 (evaluator.stage_2: simgrid), when simulated is set: T_p simulated with every group
   * of a kind at once (one call, us), and Layers 3 and 4 again with it */
  gboolean simulated;
  double  comm_sim_us[TF_SEARCH_MAX_WORKLOADS][TF_N_COMMS];       /* T_p */
  double  iter_comm_sim_us[TF_SEARCH_MAX_WORKLOADS][TF_N_COMMS];  /* T_p * N_p * eta_p */
  double  iter_time_sim_us[TF_SEARCH_MAX_WORKLOADS];
  double  workflow_time_sim_us;
  gboolean dominated_after_simulation;   /* by another simulated candidate of its front, with
                                          * simulated iteration times */
  /* Layer 5 */
  double  network_cost_usd;
  double  switch_cost_usd;
  double  link_cost_usd;
  double  nic_cost_usd;
  double  longest_cable_m;
  guint   optical_links;          /* physical */
  guint   max_switch_ports;
  gboolean port_asymmetric;       /* some switches of one tier have unequal port counts */
} TfEvaluation;

typedef struct
{
  guint          id;            /* written cand_NNNNNN */
  TfTopology     topology;      /* graph, grouping, context; result.family set for seeds */
  gboolean       chip_transitive;  /* declared by the family, cleared by any mutation */
  TfOrigin       origin;
  TfEvaluation   evaluation;
  double         objectives[TF_N_OBJECTIVES];  /* as the search minimises them */
  char          *rejected;      /* the hard constraint it breaks, or NULL */
  gboolean       pruned;        /* the baseline left Layer 1's failure analysis out: its bounds
                                 * could not enter the archive (search.c); those objectives NaN */
  gpointer       hop_cache;     /* private: the chip hop table Layer 1 made for Layers 2-3 */
} TfCandidate;

TfCandidate *tf_candidate_new (void);
/* A deep copy: graph, origin, evaluation and objectives (not the hop table). */
TfCandidate *tf_candidate_copy (const TfCandidate *candidate);
void         tf_candidate_free (TfCandidate *candidate);
/* The topology format with the optimizer's metadata (docs/optimizer.md). */
gboolean     tf_candidate_write_yaml (const TfCandidate *candidate, const TfSearchConfig *config,
                                      GString *out, GError **error);
/* Loads a candidate file into @out, a new candidate (tf_candidate_new ()). */
gboolean     tf_candidate_load_data (const char *name, const char *data, gsize length,
                                     TfCandidate *out, GError **error);
/* Any topology file as a candidate, into @out (a new candidate): an optimizer candidate file
 * with its id and origin; any other (generated, edited by hand, a reference design) as a
 * manual seed (origin manual_seed, id 0, a generated file's id as its seed, its family's
 * symmetry restored when the graph is still the family's). Errors are the loader's
 * FILE:LINE:COLUMN lines. */
gboolean     tf_candidate_load_file (const char *path, TfCandidate *out, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TfCandidate, tf_candidate_free)
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TfSearchConfig, tf_search_config_clear)

/* The layered evaluator. Layers needed by @layers (and what they depend on) are computed once
 * and cached in candidate->evaluation; hard constraints set candidate->rejected. */
#define TF_N_LAYER_SLOTS 6u

typedef struct
{
  guint  computed[TF_N_LAYER_SLOTS];   /* times each layer was computed, by layer number */
  double seconds[TF_N_LAYER_SLOTS];    /* time spent per layer */
} TfEvaluatorStats;

/* A layer's name by its number (1 structure ... 5 cost); NULL for 0. */
const char *tf_layer_to_string (guint index);

/* The layers (TfLayer bits) a candidate of the front shows: what the configured objectives
 * need, and Layer 2 whenever a workload names primitives (its times are in the breakdown), and
 * all of Layer 1 (switch_diversity too: TF_LAYER_STRUCTURE) wherever Layer 1 is shown. */
guint    tf_search_config_get_layers (const TfSearchConfig *config);
/* The layers the configured objectives need: all the search computes for a candidate until it
 * reaches the front. */
guint    tf_search_config_get_objective_layers (const TfSearchConfig *config);
gboolean tf_evaluate (const TfSearchConfig *config, TfCandidate *candidate, guint layers,
                      TfEvaluatorStats *stats, GError **error);
/* @config's hardware (the chip's budgets, the switch ports, per-link figures, the rack's power)
 * in @candidate's context, as the search's own designs have it, its layers to compute again;
 * FALSE with @error when it has another chip count than the configuration's. */
gboolean tf_candidate_adopt_hardware (const TfSearchConfig *config, TfCandidate *candidate,
                                      GError **error);
/* A design of the user's (tf_candidate_load_file) evaluated as the search evaluates its own:
 * @config's hardware (the chip's budgets, the switch ports, per-link figures, the rack's power)
 * put in its context, every layer of every objective (and Layer 2 where a workload names
 * primitives) computed whether or not a hard constraint holds, and @violation (may be NULL)
 * given the first hard constraint it breaks, else left empty. FALSE with @error when it
 * cannot be: another chip count than the configuration's. A graph that is not connected gets
 * Layer 5 alone. */
gboolean tf_candidate_evaluate_design (const TfSearchConfig *config, TfCandidate *candidate,
                                       GString *violation, GError **error);
/* The hard constraints alone (connected, ports within the largest radix, no dead hardware,
 * cables within the maximum, budget); FALSE with the first one broken in @why. */
gboolean tf_candidate_check_constraints (const TfSearchConfig *config, TfCandidate *candidate,
                                         GString *why);

/* The configuration (complete, as the run had it with every override) and the baseline
 * option a checkpoint was written with, to resume it (TfSearchOptions). */
gboolean tf_search_checkpoint_load_config (const char *path, TfSearchConfig *config,
                                           gboolean *baseline, GError **error);

/* The search: NSGA-II over candidates (or random search), and the Random + QMC baseline with
 * the same number of evaluations. Deterministic for a seed, whatever the number of threads:
 * children are made on the calling thread from one random stream, only evaluation is parallel. */
typedef struct
{
  guint   generation;      /* 0 for the initial population */
  guint   generations;
  guint   evaluations;
  guint   front_size;
  double  hypervolume;     /* of the current front, normalised (docs/optimizer.md) */
  double  elapsed;         /* seconds */
  gboolean baseline;       /* TRUE while the Random + QMC baseline runs */
  guint   stage_2;         /* non-zero once the search is over and Stage 2 simulates that many
                            * front candidates, of which stage_2_done are simulated so far */
  guint   stage_2_done;
  guint   stage_0_done;    /* while Stage 0 runs (stage_0_total non-zero): the family results */
  guint   stage_0_total;   /* evaluated so far, of that many; front is then the family front's */
  /* Borrowed for the call only: the current front (TfCandidate *, by first objective) and the
   * objective rows (as the search minimises them) of every feasible candidate evaluated so
   * far, of Stage 0, the search or the baseline, whichever runs. */
  const GPtrArray *front;
  const GArray    *evaluated;
} TfSearchProgress;

/* Return FALSE to stop; the search then ends cleanly with what it has. */
typedef gboolean (*TfSearchProgressFunc) (const TfSearchProgress *progress, gpointer user_data);

/* Where a run's candidates are evaluated: on its worker threads (TfSearchOptions.evaluator
 * NULL), or elsewhere, as by the worker processes of the search on MPI (topoforge-mpi).
 * evaluate treats every candidate of @batch as tf_evaluate_candidate does with @layers and
 * @check, and returns FALSE when @cancel stopped it before the end. */
typedef struct
{
  gboolean (*evaluate) (gpointer data, const TfSearchConfig *config, GPtrArray *batch,
                        guint layers, gboolean check, guint threads, volatile gint *cancel,
                        TfEvaluatorStats *stats);
  gpointer   data;
} TfBatchEvaluator;

/* One candidate as the search evaluates it, wherever that runs: with @check, Layer 5 and the
 * hard constraints first (a breach sets candidate->rejected), then @layers and the objectives;
 * without, @layers alone (completing a front candidate). */
void tf_evaluate_candidate (const TfSearchConfig *config, TfCandidate *candidate, guint layers,
                            gboolean check, TfEvaluatorStats *stats);
/* What an evaluation gives a candidate (evaluation, objectives, rejection), packed to travel
 * back from where it ran, and set on the candidate from @data at *@offset (moved past it). */
void     tf_evaluation_pack (const TfCandidate *candidate, GByteArray *out);
gboolean tf_evaluation_unpack (TfCandidate *candidate, const guint8 *data, gsize size,
                               gsize *offset, GError **error);

typedef struct
{
  guint                threads;       /* 0: config->threads (at most the cores), else all */
  gboolean             baseline;      /* also run the Random + QMC baseline */
  gboolean             unpruned;      /* evaluate every baseline design in full (search.c's
                                       * pruning is exact: for tests) */
  TfSearchProgressFunc progress;
  gpointer             progress_data;
  volatile gint       *cancel;        /* set non-zero (from a signal handler) to stop */
  /* Checkpoints (docs/optimizer.md, "Checkpoint and resume"): the run's whole state is written
   * to this file, atomically, after a generation (or a batch of random search or of the
   * baseline) once checkpoint_seconds have passed since the last one (0: after every one), and
   * when the run stops early; NULL: none. With resume the run starts from it instead, and ends
   * as the run it was would have. */
  const char          *checkpoint;
  double               checkpoint_seconds;
  gboolean             resume;
  const TfBatchEvaluator *evaluator;  /* NULL: the worker threads */
} TfSearchOptions;

/* What a row of evaluated.csv says of its candidate beside the objectives. */
typedef struct
{
  guint   id;                /* the run's candidate id (cand_NNNNNN) */
  guint8  origin;            /* TfOriginMethod */
  guint8  intra_board_topo;  /* TfIntraBoardTopo of its boards */
  guint16 chips_per_board;
  guint16 mutations;         /* edits from its seed (n_mutations_total, at most 65,535) */
} TfEvaluatedInfo;

/* A candidate of the front that a representative stands for (search.front_max, docs/optimizer.md
 * "A front a person can read"): no file of its own, its row in evaluated.csv. */
typedef struct
{
  TfEvaluatedInfo info;
  guint           representative;              /* its index in the front */
  double          objectives[TF_N_OBJECTIVES]; /* as the search minimises them */
} TfFrontMember;

typedef struct
{
  guint      n_objectives;
  GPtrArray *front;              /* TfCandidate *: feasible, non-dominated, by first objective
                                  * (ties by cost); with front_max its representatives */
  GArray    *front_members;      /* TfFrontMember: the rest of the front, which they stand for
                                  * (empty without front_max or with a smaller front) */
  GPtrArray *baseline_front;     /* the same for the Random + QMC baseline */
  GArray    *evaluated;          /* double[n_objectives] of every feasible candidate evaluated */
  GArray    *evaluated_info;     /* TfEvaluatedInfo, one per row of evaluated */
  GArray    *baseline_evaluated;
  GArray    *baseline_evaluated_info;
  /* Stage 0, the family front (docs/optimizer.md, "Stage 0"): every buildable result of the
   * configured families and boards (a stratified sample beyond family_stage_0_max) evaluated
   * before the search, which starts from its front; the baseline starts from it too. */
  GPtrArray *family_front;       /* TfCandidate *: as front */
  GArray    *family_evaluated;   /* rows of its feasible results, as evaluated */
  GArray    *family_evaluated_info;
  double     family_hypervolume;
  guint      family_buildable;   /* buildable results of the configured families and boards */
  guint      family_evaluations; /* of them evaluated: all, or the sample */
  guint      family_rejected;    /* of those, broke a hard constraint */
  guint      family_left_out;    /* of the buildable (or the sample), not evaluated: a graph
                                  * equal to one built before (a ring of two chips is their
                                  * full mesh), or one that could not be built after all */
  gboolean   family_sampled;     /* family_evaluations < family_buildable */
  double     family_seconds;
  double     ideal[TF_N_OBJECTIVES];            /* the hypervolume's box (tf_search_config_get_box) */
  double     reference_point[TF_N_OBJECTIVES];
  double     hypervolume;                       /* of the front, a fraction of the box */
  double     baseline_hypervolume;
  double     initial_hypervolume;               /* of the first population's front */
  guint      generations_done;
  guint      evaluations;        /* candidates evaluated by the search */
  guint      rejected;           /* of those, broke a hard constraint */
  guint      invalid_mutations;  /* edits refused before evaluation */
  guint      baseline_evaluations;
  guint      baseline_pruned;    /* of those, left before Layer 1's failure analysis: an archive
                                  * member matched or beat their bounds (search.c) */
  guint      duplicates;         /* children equal to a graph already made, edited again */
  guint      duplicates_dropped; /* still equal after DUPLICATE_EDITS_MAX edits: not evaluated */
  guint      immigrants;         /* fresh design points filling a generation edits could not */
  gboolean   cancelled;
  double     seconds;
  double     baseline_seconds;
  double     init_seconds;       /* enumerating and generating the seeds */
  guint      threads;
  TfEvaluatorStats stats;
  /* Stage 2 (evaluator.stage_2: simgrid, or g5_simulation where SimGrid's helper is built):
   * whether it ran, front candidates chosen, simulated, failed (the first failure's message),
   * and the time it took */
  gboolean   stage_2_ran;
  guint      stage_2_candidates;
  guint      simulated;
  guint      simulation_failures;
  char      *simulation_error;
  double     stage_2_seconds;
} TfSearchResult;

gboolean tf_search_run (const TfSearchConfig  *config,
                        const TfSearchOptions *options,
                        TfSearchResult        *out,
                        GError               **error);
void     tf_search_result_clear (TfSearchResult *result);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TfSearchResult, tf_search_result_clear)

/* How two fronts compare (front-indicators.c; docs/optimizer.md, "Comparing fronts"), on rows
 * as the search minimises them (@config's objectives), values as people read them compared by
 * ratio (a value below a thousandth of its box counting as that).
 * tf_front_epsilon: the multiplicative epsilon indicator I(A, B), the least factor e such that
 * every point of B has a point of A at most e times worse in every objective: at most 1 when A
 * covers B, and how many times better B's best point is than A's nearest when above 1 (1 for
 * an empty B, infinite for an empty A).
 * tf_front_gains: per objective k (@gains, n_objectives), the most times better a point of B
 * is in k than a point of A that it equals or beats in every other objective (1: none). */
double   tf_front_epsilon (const TfSearchConfig *config, const double *a, guint na,
                           const double *b, guint nb);
void     tf_front_gains (const TfSearchConfig *config, const double *a, guint na,
                         const double *b, guint nb, double *gains);
/* The rows of @front (TfCandidate *) and, when not NULL, of @members (TfFrontMember): every
 * point of a front written as representatives; *@n rows of @m. */
double  *tf_front_rows (const GPtrArray *front, const GArray *members, guint m, guint *n);

/* Stage 2's simulator, topoforge-simgrid: its path ($TOPOFORGE_SIMGRID, built beside this build,
 * or installed), or NULL and an error saying how to get it. */
char    *tf_stage_2_find_simulator (GError **error);
/* The simulator Stage 2 runs for @config's evaluator.stage_2 in *@simulator (free it), NULL
 * when it runs none: for simgrid, tf_stage_2_find_simulator's, or FALSE and its error; for the
 * spec's g5_simulation, the same where it is found, else none (Stage 2 skipped); none for none.
 * The one rule the search, the CLI and the app's Stage 2 check follow. */
gboolean tf_stage_2_simulator_for (const TfSearchConfig *config, char **simulator,
                                   GError **error);
/* Stage 2 on one evaluated design (tf_candidate_evaluate_design), as a run's front gets it:
 * its communication simulated with SimGrid by @simulator (tf_stage_2_find_simulator), and its
 * iteration time again with it (evaluation.simulated). */
gboolean tf_candidate_simulate (const TfSearchConfig *config, const char *simulator,
                                TfCandidate *candidate, GError **error);

/* What a run written into @dir would replace: nothing (it does not exist, or is an empty
 * folder), a run (*@mark, if not NULL, names the file that says so: its summary, checkpoint,
 * configuration or evaluated.csv), other files, or a file that is not a folder. */
typedef enum
{
  TF_RUN_FOLDER_FREE,
  TF_RUN_FOLDER_HOLDS_RUN,
  TF_RUN_FOLDER_NOT_EMPTY,
  TF_RUN_FOLDER_NOT_A_FOLDER,
} TfRunFolderState;

TfRunFolderState tf_search_output_folder_state (const char *dir, const char **mark);
/* Whether a run may be written into @dir without replacing anything by surprise: a free folder,
 * or one holding a run or other files with @overwrite; else one line naming it and the ways on
 * (another folder, --overwrite, --resume), as optimize --out says it. */
gboolean tf_search_output_may_write (const char *dir, gboolean overwrite, GError **error);

/* The life of a run folder DIR (run-folder.c; docs/optimizer.md, "Checkpoint and
 * resume"): a run, a resume or a save writes its checkpoints and outputs into DIR.partial
 * beside it, which takes DIR's place only when everything is written; a failure leaves DIR as
 * it was. Zero-initialise, then begin or resume, write into staging, then commit or abandon. */
typedef struct
{
  char     *dir;          /* DIR, without trailing separators */
  char     *staging;      /* DIR.partial: where the run writes */
  char     *checkpoint;   /* DIR.partial/checkpoint.bin: TfSearchOptions.checkpoint */
  gboolean  created;      /* this run made DIR.partial (abandoning it removes it) */
  char     *made;         /* the outermost of DIR's parents this run made, or NULL: abandoning
                           * removes those left empty */
  char     *note;         /* after commit or abandon, a line to show, or NULL: what could not
                           * be tidied and where it is */
} TfRunFolder;

void     tf_run_folder_clear (TfRunFolder *folder);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TfRunFolder, tf_run_folder_clear)
/* Whether a new run may begin into @dir: FALSE with one line when DIR.partial exists (a run
 * going on or killed) or DIR is a symbolic link. Changes nothing. */
gboolean tf_run_folder_may_begin (const char *dir, GError **error);
/* A new run (or save) into @dir: DIR's parent made with its parents, DIR.partial made on its
 * own (refused, changing nothing, when it exists). DIR itself is not touched. */
gboolean tf_run_folder_begin (TfRunFolder *folder, const char *dir, GError **error);
/* The checkpoint optimize --resume @dir continues from, in *@checkpoint (free it):
 * DIR.partial/checkpoint.bin (a killed run) where it exists, else DIR/checkpoint.bin (a
 * stopped run); FALSE with one line when there is neither. */
gboolean tf_run_folder_find_checkpoint (const char *dir, char **checkpoint, GError **error);
/* A resume of @dir from @checkpoint (as found): DIR.partial as it is when the checkpoint is
 * in it, else DIR.partial made and given DIR's checkpoint (DIR itself untouched). */
gboolean tf_run_folder_resume (TfRunFolder *folder, const char *dir, const char *checkpoint,
                               GError **error);
/* Before a save of a run with @config over DIR: when DIR holds the checkpoint of that very
 * run (a run stopped, opened and saved again), it goes into DIR.partial too, so the run can
 * still be resumed; TRUE when it did (commit with keep_checkpoint). Another run's checkpoint
 * is not kept. */
gboolean tf_run_folder_keep_checkpoint (TfRunFolder *folder, const TfSearchConfig *config);
/* Puts DIR.partial, its outputs written, in DIR's place: with its checkpoint when
 * @keep_checkpoint (a stopped run, to resume), else without. An earlier DIR is exchanged for
 * it atomically, then loses the files a run writes and gives the new DIR every other file
 * (folder->note says so when some could not be moved). FALSE with one line, DIR as it was. */
gboolean tf_run_folder_commit (TfRunFolder *folder, gboolean keep_checkpoint, GError **error);
/* After a failure: removes the files the run wrote in DIR.partial, and DIR.partial itself (and
 * DIR's parents left empty) when the run made it; a resumed killed run's checkpoint stays. DIR
 * is not touched. */
void     tf_run_folder_abandon (TfRunFolder *folder);

/* A run folder as optimize --out writes it, and as the app saves and opens it
 * (docs/optimizer.md, "Output"): config.yaml (the configuration of the run, complete),
 * pareto/candidate_NNN.yaml (the front, first objective ascending), summary.yaml and
 * evaluated.csv (the objectives of every feasible candidate evaluated, search and baseline).
 * Writing measures front members that lack the generator's metrics, counts in @violations the
 * ones that break a hard constraint or an invariant (a bug), removes candidate files an earlier,
 * longer front left, and writes every file atomically. @config_path is what summary.yaml says
 * the configuration came from (NULL: config.yaml). */
gboolean tf_search_output_write (const char *dir, const char *config_path,
                                 const TfSearchConfig *config, TfSearchResult *result,
                                 guint *violations, GError **error);
/* Loads a run folder: @config from its config.yaml, @result with the front's candidates (their
 * graphs, origins, evaluations and objectives), the baseline's front (candidates with only
 * objectives and ids), evaluated rows, counters and hypervolumes. Errors name the file. */
gboolean tf_search_output_load (const char *dir, TfSearchConfig *config, TfSearchResult *result,
                                GError **error);

/* selection.yaml at @path: the front candidates at @indices (0-based) of a run (from
 * @run_folder, or NULL) picked and written as @files (one name each), with what summary.yaml
 * says of each and where it is in the run. */
gboolean tf_search_output_write_selection (const char *path, const char *run_folder,
                                           const TfSearchConfig *config,
                                           const TfSearchResult *result,
                                           const guint *indices, guint n_indices,
                                           const char *const *files, GError **error);

/* topoforge-cli evaluate's report into @out: the configuration (@config_path, or NULL), then
 * per design its file, the hard constraint it breaks (@violations[i], NULL: "none"), every
 * objective its layers computed by name as people read it (`metrics`), and what summary.yaml
 * says of a front candidate (origin, the configured objectives, counts, breakdown). */
gboolean tf_designs_write_yaml (const TfSearchConfig *config, const char *config_path,
                                const char *const *files, TfCandidate *const *designs,
                                const char *const *violations, guint n, GString *out,
                                GError **error);

/* optimize --repeat: what each run of a configuration under another seed gave, and repeat.yaml
 * (@path) with one entry per run, then the spread of each figure over the runs. */
typedef struct
{
  guint64  seed;
  char    *dir;                   /* the run's folder, relative to repeat.yaml's */
  guint    evaluations;
  guint    front_size;
  double   hypervolume;
  double   initial_hypervolume;   /* of the initial population */
  gboolean has_baseline;
  double   baseline_hypervolume;
  gboolean has_family;            /* Stage 0 ran: the family front's figures */
  double   family_hypervolume;
  double   epsilon_search_to_family;  /* tf_front_epsilon (search, family): <= 1 covers it */
  double   epsilon_family_to_search;  /* the search's best gain beyond the family front */
  guint    n_objectives;
  double   gains[TF_N_OBJECTIVES];    /* tf_front_gains (family, search), per objective */
} TfRepeatRun;

/* Appends @result's figures, as a run of @config under @seed in @dir, to @runs (TfRepeatRun;
 * dir owned). */
void     tf_repeat_runs_add (GArray *runs, const TfSearchConfig *config, guint64 seed,
                             const char *dir, const TfSearchResult *result);
void     tf_repeat_run_clear (gpointer run);
/* Writes repeat.yaml (the objectives' names from @config); *@n_without_ratio (may be NULL) is
 * how many runs with a baseline have no ratio to it (its front adds no hypervolume inside the
 * box). */
gboolean tf_repeat_runs_write (const char *path, const char *config_path,
                               const TfSearchConfig *config, guint n_repeats,
                               const GArray *runs, guint *n_without_ratio, GError **error);

/* The configuration as the YAML file tf_search_config_load_file reads (search_config.yaml),
 * appended to @out, so that loading it gives the same configuration back: every value that
 * shapes the search explicit, but a preset's keys, a derived compute time (compute_time_given
 * unset) and built-in prices left to be taken again (docs/optimizer.md, "Writing a
 * configuration back"). On failure @out is as it was. */
gboolean tf_search_config_write_yaml (const TfSearchConfig *config, GString *out,
                                      GError **error);
/* The model presets' names (data/models.yaml, compiled in), in file order, NULL-terminated,
 * for a model drop-down; free with g_strfreev. */
char   **tf_search_config_list_models (void);

/* The objective values of @candidate in config order, as the search minimises them. */
void     tf_candidate_get_objectives (const TfSearchConfig *config, const TfCandidate *candidate,
                                      double *values);
/* Like tf_candidate_get_objectives(), where the layers computed leave an objective out (Layer 1's
 * failure analysis after its paths), a bound no better than its value would be: what the
 * baseline prunes by (search.c). FALSE when an objective has neither value nor bound; an
 * objective left out is a NaN in @exact (may be NULL). */
gboolean tf_candidate_bound_objectives (const TfSearchConfig *config,
                                        const TfCandidate *candidate, double *bounds,
                                        gboolean *all_exact);
/* One objective of @candidate as people read it (bisection positive), configured or not; its
 * layers (tf_objective_get_layers) must have been evaluated. */
double   tf_candidate_get_objective (const TfSearchConfig *config, const TfCandidate *candidate,
                                     TfObjective objective);
/* The layers (TfLayer bits) an objective is computed in. */
guint    tf_objective_get_layers (TfObjective objective);
/* An objective's value as people read it (bisection positive again). */
double   tf_objective_value (TfObjective objective, double minimised);
/* The box the hypervolume measures in, per configured objective as the search minimises them:
 * an ideal no candidate can beat and the reference point (docs/optimizer.md, "Hypervolume"). */
void     tf_search_config_get_box (const TfSearchConfig *config, double *ideal, double *reference);

/* The search's parts, for drivers of their own (topoforge-mpi) and the benchmarks */

/* A candidate in a compact binary form (candidate-pack.c) for checkpoints and the search's
 * messages between processes: appended to @out, and read back from @data at *@offset (moved
 * past it), or NULL with TF_ERROR_INVALID_FILE when cut short, damaged or of another build. */
void         tf_candidate_pack (const TfCandidate *candidate, GByteArray *out);
TfCandidate *tf_candidate_unpack (const guint8 *data, gsize size, gsize *offset,
                                  GError **error);
/* NSGA-II (Deb et al. 2002) on n points of m objectives, row-major, all minimised. */
gboolean tf_dominates (const double *a, const double *b, guint m);
/* Fast non-dominated sort: rank[i] is the front of point i, 0 the best. Returns the number of
 * fronts. */
guint    tf_nsga2_sort (const double *objectives, guint n, guint m, guint *rank);
/* Crowding distance within each front (G_MAXDOUBLE at a front's extremes). */
void     tf_nsga2_crowding (const double *objectives, guint n, guint m, const guint *rank,
                            double *crowding);
/* Binary tournament by rank, then crowding. */
guint    tf_nsga2_tournament (const guint *rank, const double *crowding, guint n, GRand *rng);
/* The @n_keep survivors of @n points, by rank then crowding; their indices into @keep. */
void     tf_nsga2_select (const double *objectives, guint n, guint m, guint n_keep,
                          guint *keep);

/* Generators: the spec's TopologyGenerator protocol. */
typedef enum
{
  TF_GENERATOR_INIT      = 1 << 0,
  TF_GENERATOR_MUTATE    = 1 << 1,
  TF_GENERATOR_CROSSOVER = 1 << 2,
  TF_GENERATOR_SAMPLE    = 1 << 3,
} TfGeneratorCapability;

typedef struct _TfGenerator TfGenerator;

struct _TfGenerator
{
  const char *name;
  guint       capabilities;
  gboolean  (*enabled) (const TfSearchConfig *config);
  /* State shared by the calls below (for example the family enumeration). */
  gpointer  (*state_new) (const TfSearchConfig *config, GError **error);
  void      (*state_free) (gpointer state);
  /* Appends initial candidates to @out (TfCandidate *, owned by @out). */
  gboolean  (*init) (gpointer state, const TfSearchConfig *config, GRand *rng, GPtrArray *out,
                     GError **error);
  gboolean  (*can_mutate) (gpointer state, const TfCandidate *parent);
  /* A new candidate, or NULL with TF_ERROR_INVALID_MUTATION when the result would break a hard
   * constraint (the caller retries or picks another generator). */
  TfCandidate *(*mutate) (gpointer state, const TfSearchConfig *config,
                          const TfCandidate *parent, GRand *rng, GError **error);
  TfCandidate *(*crossover) (gpointer state, const TfSearchConfig *config,
                             const TfCandidate *a, const TfCandidate *b, GRand *rng,
                             GError **error);
  /* The baseline's sampler: the design point at @u in [0, 1) of the generator's whole space
   * (every result, whatever its status), independent of any population; NULL with
   * TF_ERROR_INVALID_MUTATION when that point cannot be built (the caller draws again). */
  TfCandidate *(*sample) (gpointer state, const TfSearchConfig *config, double u,
                          GError **error);
  /* Its weight when the search picks among the generators able to mutate a parent: the
   * configured rate (the mutator's mutation_rate, the family's 1 - mutation_rate). */
  double    (*rate) (const TfSearchConfig *config);
  /* The chance NSGA-II crosses a parent this generator can mutate with a second parent, when it
   * can mutate that one too (NULL: never). */
  double    (*crossover_rate) (const TfSearchConfig *config);
  /* Told, on the search's own thread, of every candidate the search keeps (after its duplicate
   * check, before evaluation), and given NULL to forget all the run told it, this and what
   * credit taught (before the baseline), so its mutations can steer away from what was made
   * without building it again (NULL: not told). Never called while init, mutate, crossover or
   * sample run; those only read the state, and may run on several threads at once. */
  void      (*made) (gpointer state, const TfCandidate *candidate);
  /* Told, on the search's own thread after each generation's evaluation, whether each child it
   * made entered the front, then once with NULL when the generation is over: the credit of
   * adaptive operator rates (docs/optimizer.md, "Adaptive rates"; NULL: not told). Same rules
   * as made. */
  void      (*credit) (gpointer state, const TfCandidate *child, gboolean entered);
  /* What made and credit taught the state, appended to @out for a checkpoint, and given back
   * to a state new for the same configuration (FALSE when @data does not fit it). NULL: the
   * state learns nothing while the search runs. */
  void      (*state_save) (gconstpointer state, GByteArray *out);
  gboolean  (*state_load) (gpointer state, const guint8 *data, gsize size);
  /* Stage 0 (stage-0.c): the design points of the generator's whole buildable space as handles
   * into its state, appended to @handles (guint) in a fixed order, at most @max of them (beyond,
   * a stratified sample, every stratum represented), with how many there are in
   * *@n_buildable; and the candidate of one handle, or NULL with TF_ERROR_INVALID_MUTATION
   * when it cannot be built after all (NULL: no Stage 0). stage_0_build may run on several
   * threads at once. */
  void         (*stage_0) (gpointer state, const TfSearchConfig *config, guint max,
                           GArray *handles, guint *n_buildable);
  TfCandidate *(*stage_0_build) (gpointer state, const TfSearchConfig *config, guint handle,
                                 GError **error);
};

/* The registered generators (engine/optimizer/generators/meson.build's `generators`), in the
 * search's order. */
guint              tf_generators_get_count (void);
const TfGenerator *tf_generators_get (guint index);

G_END_DECLS
