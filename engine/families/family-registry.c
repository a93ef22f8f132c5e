/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-registry.c: the registered families. The list itself is engine/families/meson.build's
 * `families`, one line per family; it becomes TF_FAMILY_LIST in family-list.h. */
#include "family-private.h"
#include "family-list.h"

#define DECLARE_FAMILY(name) extern const TfFamily tf_family_##name;
#define LIST_FAMILY(name) &tf_family_##name,

TF_FAMILY_LIST (DECLARE_FAMILY)

static const TfFamily *const registry[] = {
  TF_FAMILY_LIST (LIST_FAMILY)
};

guint
tf_families_get_count (void)
{
  return G_N_ELEMENTS (registry);
}

const TfFamily *
tf_families_get (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (registry), NULL);
  return registry[index];
}

const TfFamily *
tf_family_lookup (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (registry); i++)
    if (g_strcmp0 (registry[i]->name, name) == 0)
      return registry[i];
  return NULL;
}

guint
tf_family_get_registry_index (const TfFamily *family)
{
  for (guint i = 0; i < G_N_ELEMENTS (registry); i++)
    if (registry[i] == family)
      return i;
  g_return_val_if_reached (G_N_ELEMENTS (registry));
}
