/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-private.h: what the topoforge-cli commands share. */
#pragma once

#include <stdio.h>

#include "optimizer.h"
#include "topoforge.h"

G_BEGIN_DECLS

/* Where optimize evaluates its candidates: NULL, the worker threads; topoforge-mpi sets its
 * worker processes' (mpi/). */
extern const TfBatchEvaluator *tf_cli_search_evaluator;

/* Exit statuses: 2 for bad input (nothing on stdout, one line on stderr), 1 when the work
 * itself failed (a write, say). */
#define TF_CLI_EXIT_FAILURE 1
#define TF_CLI_EXIT_USAGE   2

typedef int (*TfCommandFunc) (int argc, char **argv);

typedef struct
{
  const char    *name;
  const char    *summary;
  TfCommandFunc  run;
} TfCommand;

int tf_command_families (int argc, char **argv);
int tf_command_enumerate (int argc, char **argv);
int tf_command_generate (int argc, char **argv);
int tf_command_validate (int argc, char **argv);
int tf_command_metrics (int argc, char **argv);
int tf_command_convert (int argc, char **argv);
int tf_command_optimize (int argc, char **argv);
int tf_command_evaluate (int argc, char **argv);

/* A command's options. The entries given to tf_cli_parser_add that take one value
 * (G_OPTION_ARG_STRING, _FILENAME, or _NONE for a flag) are parsed by a callback that refuses a
 * second occurrence ("--n-chip is given twice") where GOption would keep the last; string arrays
 * stay repeatable. Values land where the entries point, as strings the caller frees (or TRUE),
 * and those must start NULL (FALSE). The parser must stay where it was initialised: its option
 * group points at it. */
typedef struct
{
  GOptionContext *context;   /* for g_option_context_parse */
  GOptionGroup   *group;     /* the main group, owned by the context */
  GArray         *singles;
} TfCliParser;

/* g_option_context_parse, with a value that is not UTF-8 refused naming its option. */
gboolean tf_cli_parse_options (GOptionContext *context, int *argc, char ***argv,
                               GError **error);
void tf_cli_parser_init (TfCliParser *parser, const char *parameter_string, const char *summary);
void tf_cli_parser_add (TfCliParser *parser, const GOptionEntry *entries);
void tf_cli_parser_clear (TfCliParser *parser);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TfCliParser, tf_cli_parser_clear)

/* The values a number option takes; @field names it in messages, in the spec's or the search
 * configuration's words: "--n-chip: 0 is out of range: n_chip must be from 2 to 1048576". */
typedef struct
{
  const char *field;
  guint64     min;
  guint64     max;
} TfCliRange;

/* Parses a whole number strictly: decimal digits only (no sign, base prefix, fraction or
 * exponent), no leading zero ("0" alone is fine), within @range. @option is the long name
 * without its dashes. */
gboolean tf_cli_parse_uint64 (const char *option, const char *text, const TfCliRange *range,
                              guint64 *out, GError **error);
gboolean tf_cli_parse_uint (const char *option, const char *text, const TfCliRange *range,
                            guint *out, GError **error);

/* The EnumerationContext flags every command that needs a context accepts. */
typedef struct
{
  char  *n_chip;
  char  *scope;
  char  *chips_per_board_max;
  char  *boards_per_rack_max;
  char  *racks_per_pod_max;
  char  *chip_radix;
  char  *intra_board_topo;
  char **bandwidth;
  char **latency;
  char  *switch_radix;
  char  *switch_latency;
  char  *scale_up_links;
  char  *scale_up_radix;
  char  *chip;
  char  *scale_up_gbps;
  char  *scale_up_ports;
  char  *nic_gbps;
  char  *chip_power;
  char  *switch_port_gbps;
  char  *host_power;
  char  *switch_port_power;
  char  *rack_power;
  char **threshold;
  char  *threshold_help;   /* --threshold's, listing the engine's names */
} TfContextOptions;

/* Adds the flags to @parser's main options, so --help lists them. */
void     tf_context_options_add (TfCliParser *parser, TfContextOptions *options);
gboolean tf_context_options_apply (TfContextOptions *options, TfContext *ctx, GError **error);
void     tf_context_options_clear (TfContextOptions *options);

/* Prints one line to @stream, with control characters (a newline in an id or a file name,
 * say) shown as escapes: \n, \t, \r, \xNN. Every message the command line prints about its
 * input goes through here. */
void     tf_cli_print_line (FILE *stream, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* One line on stderr: "topoforge-cli <command>: <message>", through tf_cli_print_line. */
void     tf_cli_error (const char *command, const char *message);
/* Writes @text to stdout, or atomically to @path. */
gboolean tf_cli_output (const char *path, const GString *text, GError **error);

/* Topology formats: the engine's export table (tf_export_format_from_name ()). */
gboolean tf_cli_check_format (const char *format, GError **error);
gboolean tf_cli_write_topology (const TfTopology *topology, const char *format, GString *out,
                                GError **error);

/* Ctrl-C (interrupt.c): after tf_cli_interrupt_catch, the first SIGINT (or SIGUSR1, which
 * mpirun forwards to its processes where it ends the job on SIGINT) sets the flag it returns
 * (tf_cli_interrupted) for the work to stop cleanly, and the second ends the program. A command
 * stopped this way exits with TF_CLI_EXIT_INTERRUPTED. */
#define TF_CLI_EXIT_INTERRUPTED 130

volatile gint *tf_cli_interrupt_catch (void);
gboolean       tf_cli_interrupted (void);
void           tf_cli_interrupt_release (void);

/* A long command's progress on stderr (progress.c): on a terminal a line rewritten in place
 * after the first half second, elsewhere a line every ten seconds. */
typedef struct
{
  const char *command;   /* "topoforge-cli enumerate" */
  gboolean    tty;
  gint64      start;
  gint64      last;
  gboolean    shown;
} TfCliProgress;

void tf_cli_progress_init (TfCliProgress *progress, const char *command);
void tf_cli_progress_update (TfCliProgress *progress, double fraction);
/* Erases the terminal line, if one is shown. */
void tf_cli_progress_finish (TfCliProgress *progress);

/* The query flags of enumerate (query-options.c). */
typedef struct
{
  char  *chips_per_board;
  char  *status;
  char **where;
  char  *match;
  char  *sort;
} TfQueryOptions;

void     tf_query_options_add (TfCliParser *parser, TfQueryOptions *options);
/* Initialises @query from the flags; every message names its flag. */
gboolean tf_query_options_apply (TfQueryOptions *options, TfQuery *query, GError **error);
void     tf_query_options_clear (TfQueryOptions *options);

/* Aligned text table of an enumeration: a table per family, or with @flat one of its rows
 * across families. */
void tf_cli_print_table (const TfEnumeration *enumeration, gboolean flat, GString *out);
/* CSV of its rows across families, with a header row (RFC 4180, CRLF line ends). */
void tf_cli_print_csv (const TfEnumeration *enumeration, GString *out);

G_END_DECLS
