/* SPDX-License-Identifier: GPL-3.0-or-later */
/* topoforge-simgrid: the optimizer's Stage 2 simulator (engine/optimizer/search/stage-2.c runs it,
 * one process a candidate: SimGrid has one engine per process).
 *
 *   topoforge-simgrid PLATFORM.xml FLOWS.txt [SIMGRID OPTIONS...]
 *
 * PLATFORM is a SimGrid platform whose hosts are "chip<i>" (engine/io/export/export-simgrid.c
 * writes it, with a route for every pair of chips that communicates). FLOWS is a list of phases:
 *
 *   phases P
 *   phase N          then N lines "SRC DST BYTES" (chip numbers, bytes >= 1)
 *
 * All the flows of a phase start together: each waits its route's latency, then contends for
 * links, which SimGrid shares max-min fairly (the CM02 model without cross traffic); the phase
 * ends when the last one arrives, and the next phase starts then (a barrier). For each phase,
 * stdout gets one line: its duration in seconds (%.17g). Errors go to stderr, with exit
 * status 1.
 *
 * Equal shares: CM02 weighs a flow's share by the inverse of its route's latency, TCP's bias
 * against long round trips. An AI fabric's link-level flow control has no such bias, and
 * Layer 3 shares links equally, so the latencies are read off the routes, the links set to
 * none, and each flow sent when its latency has passed: the same arrival, without the bias.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simgrid/actor.h>
#include <simgrid/barrier.h>
#include <simgrid/comm.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/link.h>
#include <simgrid/mailbox.h>

typedef struct
{
  unsigned src, dst;
  long     bytes;
  double   latency;  /* of its route, in seconds */
} Flow;

typedef struct
{
  unsigned first;   /* its flows: flows[first .. first + n) */
  unsigned n;
} Phase;

/* One simulation per process: the program's state is global, as SimGrid's is. */
static Flow     *flows;
static unsigned  n_flows;
static Phase    *phases;
static unsigned  n_phases;
static unsigned *chip_of_actor;
static unsigned  n_actors;
static double   *durations;
static double    phase_start;
static sg_bar_t  barrier;

static void
die (const char *path,
     unsigned    line,
     const char *message)
{
  if (line > 0)
    fprintf (stderr, "topoforge-simgrid: %s:%u: %s\n", path, line, message);
  else
    fprintf (stderr, "topoforge-simgrid: %s: %s\n", path, message);
  exit (1);
}

static void *
xcalloc (size_t n,
         size_t size)
{
  void *p = calloc (n > 0 ? n : 1, size);

  if (p == NULL)
    {
      fprintf (stderr, "topoforge-simgrid: out of memory\n");
      exit (1);
    }
  return p;
}

static void
read_flows (const char *path)
{
  FILE *f = fopen (path, "r");
  unsigned line = 1, capacity = 0;

  if (f == NULL)
    die (path, 0, strerror (errno));
  if (fscanf (f, " phases %u", &n_phases) != 1)
    die (path, line, "expected \"phases P\"");
  phases = xcalloc (n_phases, sizeof *phases);
  for (unsigned p = 0; p < n_phases; p++)
    {
      line++;
      if (fscanf (f, " phase %u", &phases[p].n) != 1)
        die (path, line, "expected \"phase N\"");
      phases[p].first = n_flows;
      if (n_flows + phases[p].n > capacity)
        {
          capacity = 2 * (n_flows + phases[p].n);
          flows = realloc (flows, sizeof *flows * capacity);
          if (flows == NULL)
            die (path, line, "out of memory");
        }
      for (unsigned i = 0; i < phases[p].n; i++)
        {
          Flow *fl = &flows[n_flows++];

          line++;
          if (fscanf (f, " %u %u %ld", &fl->src, &fl->dst, &fl->bytes) != 3 || fl->bytes < 1
              || fl->src == fl->dst)
            die (path, line, "expected \"SRC DST BYTES\" with SRC != DST and BYTES >= 1");
        }
    }
  fclose (f);
}

static sg_host_t
chip_host (unsigned chip)
{
  char name[32];
  sg_host_t host;

  snprintf (name, sizeof name, "chip%u", chip);
  host = sg_host_by_name (name);
  if (host == NULL)
    {
      fprintf (stderr, "topoforge-simgrid: the platform has no host %s\n", name);
      exit (1);
    }
  return host;
}

static sg_mailbox_t
flow_mailbox (unsigned flow)
{
  char name[32];

  snprintf (name, sizeof name, "f%u", flow);
  return sg_mailbox_by_name (name);
}

static int
by_latency (const void *a,
            const void *b)
{
  const Flow *x = a, *y = b;

  return x->latency < y->latency ? -1 : x->latency > y->latency;
}

/* Each flow's route latency, then links without latency (see the top of the file); each
 * phase's flows in the order they start. */
static void
take_latencies (void)
{
  sg_link_t *links = sg_link_list ();
  size_t n_links = sg_link_count ();

  for (unsigned i = 0; i < n_flows; i++)
    flows[i].latency = sg_host_get_route_latency (chip_host (flows[i].src),
                                                  chip_host (flows[i].dst));
  for (size_t l = 0; l < n_links; l++)
    sg_link_set_latency (links[l], 0.0);
  free (links);
  for (unsigned p = 0; p < n_phases; p++)
    qsort (&flows[phases[p].first], phases[p].n, sizeof *flows, by_latency);
}

/* A chip's actor: in each phase, receives the flows to it and sends its own, each when its
 * latency has passed. */
static void
chip_main (int    argc,
           char **argv)
{
  unsigned chip = (unsigned) strtoul (argv[1], NULL, 10);
  sg_comm_t *comms = xcalloc (2 * n_flows, sizeof *comms);
  void *payload;

  (void) argc;
  for (unsigned p = 0; p < n_phases; p++)
    {
      size_t n = 0;
      double start;

      /* The first actor keeps the time: every actor leaves a barrier at the same date. */
      sg_barrier_wait (barrier);
      start = simgrid_get_clock ();
      if (chip == chip_of_actor[0])
        phase_start = start;
      for (unsigned i = phases[p].first; i < phases[p].first + phases[p].n; i++)
        if (flows[i].dst == chip)
          comms[n++] = sg_mailbox_get_async (flow_mailbox (i), &payload);
      for (unsigned i = phases[p].first; i < phases[p].first + phases[p].n; i++)
        if (flows[i].src == chip)
          {
            if (start + flows[i].latency > simgrid_get_clock ())
              sg_actor_sleep_until (start + flows[i].latency);
            comms[n++] = sg_mailbox_put_async (flow_mailbox (i), &flows[i], flows[i].bytes);
          }
      sg_comm_wait_all (comms, n);
      sg_barrier_wait (barrier);
      if (chip == chip_of_actor[0])
        durations[p] = simgrid_get_clock () - phase_start;
    }
  free (comms);
}

int
main (int    argc,
      char **argv)
{
  /* The model Stage 2 is defined with (docs/optimizer.md, "Stage 2"); options after the two
   * files come later and win. */
  const char *fixed[] = {
    "--cfg=network/model:CM02", "--cfg=network/crosstraffic:0", "--cfg=network/TCP-gamma:0",
    "--cfg=contexts/stack-size:256", "--log=root.thres:critical",
  };
  int sg_argc = 0;
  char **sg_argv;
  unsigned char *seen;
  unsigned n_chips = 0;

  if (argc < 3)
    {
      fprintf (stderr, "usage: topoforge-simgrid PLATFORM.xml FLOWS.txt [SIMGRID OPTIONS...]\n");
      return 2;
    }
  sg_argv = xcalloc (argc + sizeof fixed / sizeof fixed[0] + 1, sizeof *sg_argv);
  sg_argv[sg_argc++] = argv[0];
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
    sg_argv[sg_argc++] = (char *) fixed[i];
  for (int i = 3; i < argc; i++)
    sg_argv[sg_argc++] = argv[i];

  read_flows (argv[2]);
  simgrid_init (&sg_argc, sg_argv);
  simgrid_load_platform (argv[1]);
  take_latencies ();

  /* An actor for every chip in a flow, in chip order. */
  for (unsigned i = 0; i < n_flows; i++)
    {
      unsigned top = flows[i].src > flows[i].dst ? flows[i].src : flows[i].dst;

      n_chips = top + 1 > n_chips ? top + 1 : n_chips;
    }
  seen = xcalloc (n_chips, 1);
  for (unsigned i = 0; i < n_flows; i++)
    seen[flows[i].src] = seen[flows[i].dst] = 1;
  chip_of_actor = xcalloc (n_chips, sizeof *chip_of_actor);
  for (unsigned c = 0; c < n_chips; c++)
    if (seen[c])
      chip_of_actor[n_actors++] = c;
  durations = xcalloc (n_phases, sizeof *durations);
  if (n_actors > 0)
    {
      barrier = sg_barrier_init (n_actors);
      for (unsigned a = 0; a < n_actors; a++)
        {
          char number[16], name[32];
          char *actor_argv[] = { name, number, NULL };

          snprintf (number, sizeof number, "%u", chip_of_actor[a]);
          snprintf (name, sizeof name, "chip%u", chip_of_actor[a]);
          sg_actor_create (name, chip_host (chip_of_actor[a]), chip_main, 2, actor_argv);
        }
      simgrid_run ();
      sg_barrier_destroy (barrier);
    }
  for (unsigned p = 0; p < n_phases; p++)
    printf ("%.17g\n", durations[p]);

  free (seen);
  free (chip_of_actor);
  free (durations);
  free (flows);
  free (phases);
  free (sg_argv);
  return fflush (stdout) == 0 ? 0 : 1;
}
