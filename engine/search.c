/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search.c: the search loop. */
#include "optimizer-private.h"
