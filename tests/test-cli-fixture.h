/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-fixture.h: the CLI tests' way of running topoforge-cli (the build's, named by TF_CLI)
 * and the checks on what it prints that they share. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  int   status;
  char *out;
  char *err;
} Run;

void run_clear (Run *r);
/* Runs topoforge-cli with @args, up to a NULL. */
Run  run_strv (const char *const *args);
/* Runs topoforge-cli with the arguments from @first, up to a NULL. */
Run  run (const char *first, ...);
/* @text is one line, ending in a newline. */
void assert_one_line (const char *text);
/* @r exited 2 with @fragment in a one-line message and nothing on stdout; clears @r. */
void assert_usage_error (Run *r, const char *fragment);

/* @err holds nothing but @command's progress lines ("C: 76% done, 10 s"), which a slow build
 * (the sanitizer's) prints on a pipe every ten seconds. */
void assert_only_progress (const char *err,
                           const char *command);

/* Two run folders of the same run (optimize --out): the same front files and evaluated.csv byte
 * for byte, and the same summary but for times, thread counts and the configuration's path. */
void assert_same_run (const char *whole, const char *other);

G_END_DECLS
