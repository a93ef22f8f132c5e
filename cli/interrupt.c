/* SPDX-License-Identifier: GPL-3.0-or-later */
/* interrupt.c: Ctrl-C during a long command: the first SIGINT asks the work to stop cleanly,
 * the second ends the program at once. SIGUSR1 asks the same (kill -USR1 to mpirun reaches the
 * search on MPI, which a Ctrl-C to mpirun ends at once). */
#include <signal.h>

#include "cli-private.h"

static volatile gint interrupted;

static void
on_sigint (int signum)
{
  g_atomic_int_set (&interrupted, 1);
  if (signum == SIGINT)
    signal (SIGINT, SIG_DFL);   /* the second Ctrl-C ends the program */
}

volatile gint *
tf_cli_interrupt_catch (void)
{
  g_atomic_int_set (&interrupted, 0);
  signal (SIGINT, on_sigint);
  signal (SIGUSR1, on_sigint);
  return &interrupted;
}

gboolean
tf_cli_interrupted (void)
{
  return g_atomic_int_get (&interrupted) != 0;
}

void
tf_cli_interrupt_release (void)
{
  signal (SIGINT, SIG_DFL);
  signal (SIGUSR1, SIG_DFL);
}
