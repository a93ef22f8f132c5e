/* SPDX-License-Identifier: GPL-3.0-or-later */
/* progress-private.h: calling a TfProgressFunc. */
#pragma once

#include "topoforge.h"

G_BEGIN_DECLS

/* Reports @fraction; FALSE with TF_ERROR_CANCELLED when the hook asks to stop. */
static inline gboolean
tf_progress_report (TfProgressFunc   progress,
                    gpointer         data,
                    double           fraction,
                    GError         **error)
{
  if (progress != NULL && !progress (fraction, data))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_CANCELLED, "cancelled");
      return FALSE;
    }
  return TRUE;
}

G_END_DECLS
