/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-preset-drop-down.h: a drop-down of presets, then Custom: the button shows the chosen
 * preset's short name ("NVIDIA B200" for "NVIDIA B200 (HGX)") at the width of the widest, the
 * list the whole names with a check mark on the chosen one. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* @drop_down lists @names (translated, NULL-terminated), then Custom. */
void tf_preset_drop_down_build (GtkDropDown *drop_down, const char *const *names);
/* The chosen item's whole name as @drop_down's tooltip. */
void tf_preset_drop_down_sync_tooltip (GtkDropDown *drop_down);

G_END_DECLS
