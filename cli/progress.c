/* SPDX-License-Identifier: GPL-3.0-or-later */
/* progress.c: a long command's progress on stderr, never on stdout (which carries the
 * command's output). On a terminal, one line rewritten in place at most ten times a second
 * once the work has run for half a second, and erased at the end; elsewhere (a log, a pipe)
 * one line every ten seconds. Short runs print nothing either way. */
#include <unistd.h>

#include "cli-private.h"

#define TTY_DELAY_US   (G_USEC_PER_SEC / 2)
#define TTY_PERIOD_US  (G_USEC_PER_SEC / 10)
#define LOG_PERIOD_US  (10 * G_USEC_PER_SEC)

void
tf_cli_progress_init (TfCliProgress *progress,
                      const char    *command)
{
  progress->command = command;
  progress->tty = isatty (STDERR_FILENO);
  progress->start = progress->last = g_get_monotonic_time ();
  progress->shown = FALSE;
}

void
tf_cli_progress_update (TfCliProgress *progress,
                        double         fraction)
{
  gint64 now = g_get_monotonic_time ();
  double seconds = (double) (now - progress->start) / G_USEC_PER_SEC;

  if (progress->tty)
    {
      if (now - progress->start < TTY_DELAY_US || now - progress->last < TTY_PERIOD_US)
        return;
      g_printerr ("\r%s: %3.0f%%, %.0f s", progress->command, 100 * fraction, seconds);
      progress->shown = TRUE;
    }
  else
    {
      if (now - progress->last < LOG_PERIOD_US)
        return;
      g_printerr ("%s: %.0f%% done, %.0f s\n", progress->command, 100 * fraction, seconds);
    }
  progress->last = now;
}

void
tf_cli_progress_finish (TfCliProgress *progress)
{
  /* Erase the line, so what follows on stderr starts clean. */
  if (progress->shown)
    g_printerr ("\r\033[K");
  progress->shown = FALSE;
}
