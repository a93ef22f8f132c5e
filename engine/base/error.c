/* SPDX-License-Identifier: GPL-3.0-or-later */
/* error.c: the engine's error domain, TF_ERROR (its codes: topoforge.h). */
#include "topoforge.h"

G_DEFINE_QUARK (tf-error-quark, tf_error)
