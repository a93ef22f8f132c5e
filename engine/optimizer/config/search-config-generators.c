/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-config-generators.c: generators.<name> for a generator the reader has no table of its
 * own for. The names are the registered generators' (registered-generators.h, made from
 * engine/optimizer/meson.build's list), so a new generator is configured, checked and written
 * back without a change here: the section's keys are the ones every generator can use
 * (enabled, initial, rate), and the generator reads them with
 * tf_search_config_get_generator_section. A name no generator has is an error listing them. */
#include <string.h>

#include "search-config-private.h"
#include "registered-generators.h"

#define GENERATOR_NAME(name) #name,

TF_STATIC_NAMES (generator_names, TF_GENERATOR_LIST (GENERATOR_NAME));

static const TfYamlKey section_keys[] = {
  TF_YAML_KEY_BOOL ("enabled", TfGeneratorSection, enabled),
  TF_YAML_KEY_GUINT ("initial", TfGeneratorSection, initial, 0, TF_SEARCH_MAX_POPULATION),
  TF_YAML_KEY_REAL_IN ("rate", TfGeneratorSection, rate, 0, FALSE, 1, NULL),
};

gboolean
tf_config_read_generator_section (TfYamlReader  *r,
                                  TfYamlMapping *m,
                                  const char    *key,
                                  gpointer       target,
                                  gpointer       data)
{
  TfSearchConfig *c = target;
  TfGeneratorSection *section;
  guint index;

  (void) data;
  if (!tf_names_find (generator_names, key, &index))
    {
      g_autofree char *list = tf_names_join (generator_names);

      return tf_yaml_reader_fail_at (r, m->key_mark, "unknown key '%s'; the generators are %s",
                                     key, list);
    }
  if (c->n_generator_sections == TF_SEARCH_MAX_GENERATOR_SECTIONS)
    return tf_yaml_reader_fail_at (r, m->key_mark, "more than %u generator sections",
                                   TF_SEARCH_MAX_GENERATOR_SECTIONS);
  section = &c->generator_sections[c->n_generator_sections];
  *section = (TfGeneratorSection) { .enabled = TRUE, .initial = 16, .rate = 0.1 };
  g_strlcpy (section->name, key, sizeof section->name);
  if (!tf_yaml_read_keys (r, section_keys, G_N_ELEMENTS (section_keys), section, NULL, NULL,
                          NULL, NULL))
    return FALSE;
  c->n_generator_sections++;
  return TRUE;
}

void
tf_config_write_generator_sections (TfYamlEmitter        *e,
                                    const TfSearchConfig *c)
{
  for (guint i = 0; i < c->n_generator_sections; i++)
    {
      const TfGeneratorSection *section = &c->generator_sections[i];

      tf_yaml_emitter_string (e, section->name);
      tf_yaml_emitter_mapping_start (e, FALSE);
      tf_yaml_emitter_key_boolean (e, "enabled", section->enabled);
      tf_yaml_emitter_key_uint (e, "initial", section->initial);
      tf_yaml_emitter_key_real (e, "rate", section->rate);
      tf_yaml_emitter_mapping_end (e);
    }
}

const TfGeneratorSection *
tf_search_config_get_generator_section (const TfSearchConfig *config,
                                        const char           *name)
{
  g_return_val_if_fail (config != NULL && name != NULL, NULL);

  for (guint i = 0; i < config->n_generator_sections; i++)
    if (strcmp (config->generator_sections[i].name, name) == 0)
      return &config->generator_sections[i];
  return NULL;
}
