/* SPDX-License-Identifier: GPL-3.0-or-later */
/* escape-private.h: showing untrusted text inside a one-line message. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A copy of @text with each control character (bytes below 0x20, and 0x7f) written as an
 * escape: \n, \t, \r, else \xNN. Every other byte, UTF-8 included, stays as it is, so a
 * message built from a file's contents or a command line's arguments stays one line. */
char *tf_escape_control (const char *text);

G_END_DECLS
