/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-renderer.c: draws a TfScene with OpenGL 3.3 core through libepoxy.
 *
 * One instanced draw for the solid blocks (chips, switches and the boards, which are PCB slabs),
 * one for the translucent containers (racks, pods), one line draw for the links and one for the
 * outlines. Solids and lines first with depth writes, so hidden fragments are rejected early;
 * translucent containers last, blended, without depth writes, so what is inside shows through.
 * A highlight (a hovered element's neighbours and links) dims everything else with a uniform
 * and draws on top: its boxes depth-tested, its lines over everything, so they are never hidden.
 */
#include <epoxy/gl.h>
#include <gio/gio.h>
#include <string.h>

#include "tf-renderer.h"

#define SHADER_PATH "/io/github/topoforge/Topoforge/shaders/"

typedef struct
{
  GLuint vao;
  GLuint instances;
  GLsizei count;
} Blocks;

struct _TfRenderer
{
  GLuint box_program;
  GLuint line_program;
  GLint  box_vp, box_light, box_dim, line_vp, line_dim;
  GLuint cube;
  GLuint cube_indices;
  Blocks solids;       /* switches */
  Blocks fine;         /* chips and boards, when they are drawn large enough to read */
  Blocks rack_blocks;  /* racks as solid blocks, when the chips are not */
  Blocks containers;   /* racks, pods */
  float    chip_extent;   /* the scene's, for the level of detail */
  GLuint link_vao, link_vbo;
  GLsizei link_vertices;
  GLuint band_vao, band_vbo;     /* bundles' bands, triangles */
  GLsizei band_vertices;
  GLuint outline_vao, outline_vbo;
  GLsizei outline_vertices;
  GLuint mark_vao, mark_vbo;
  GLsizei mark_vertices;
  Blocks lit;          /* a highlight's neighbours */
  GLuint lit_vao, lit_vbo;
  GLsizei lit_vertices;
  gboolean highlight;
};

/* How bright the rest stays while something is highlighted: blocks, and lines (fainter, so
 * the highlighted links, in the same colours, stand out). */
#define DIM      0.3f
#define DIM_LINE 0.12f

/* A unit cube: 24 vertices of position and normal (4 per face, flat normals), and the 36
 * indices of its 12 triangles, so each vertex is shaded once per box rather than once per
 * triangle corner. */
static void
cube_vertices (float  out[24][6],
               guint8 indices[36])
{
  static const int faces[6][4][3] = {
    { { 1, 0, 0 }, { 1, 1, 0 }, { 1, 1, 1 }, { 1, 0, 1 } },
    { { 0, 0, 1 }, { 0, 1, 1 }, { 0, 1, 0 }, { 0, 0, 0 } },
    { { 0, 1, 0 }, { 0, 1, 1 }, { 1, 1, 1 }, { 1, 1, 0 } },
    { { 0, 0, 1 }, { 0, 0, 0 }, { 1, 0, 0 }, { 1, 0, 1 } },
    { { 0, 0, 1 }, { 1, 0, 1 }, { 1, 1, 1 }, { 0, 1, 1 } },
    { { 1, 0, 0 }, { 0, 0, 0 }, { 0, 1, 0 }, { 1, 1, 0 } },
  };
  static const float normals[6][3] = {
    { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 }, { 0, 0, 1 }, { 0, 0, -1 },
  };
  static const guint8 triangles[6] = { 0, 1, 2, 0, 2, 3 };

  for (guint f = 0; f < 6; f++)
    {
      for (guint v = 0; v < 4; v++)
        for (guint axis = 0; axis < 3; axis++)
          {
            out[4 * f + v][axis] = faces[f][v][axis] - 0.5f;
            out[4 * f + v][3 + axis] = normals[f][axis];
          }
      for (guint t = 0; t < 6; t++)
        indices[6 * f + t] = (guint8) (4 * f + triangles[t]);
    }
}

static GLuint
compile (GLenum       kind,
         const char  *name,
         GError     **error)
{
  g_autofree char *path = g_strconcat (SHADER_PATH, name, NULL);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, error);
  const char *source;
  GLint length, ok;
  GLuint shader;

  if (bytes == NULL)
    return 0;
  source = g_bytes_get_data (bytes, NULL);
  length = (GLint) g_bytes_get_size (bytes);
  shader = glCreateShader (kind);
  glShaderSource (shader, 1, &source, &length);
  glCompileShader (shader);
  glGetShaderiv (shader, GL_COMPILE_STATUS, &ok);
  if (!ok)
    {
      char log[2048] = "";

      glGetShaderInfoLog (shader, sizeof log, NULL, log);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "shader %s: %s", name, log);
      glDeleteShader (shader);
      return 0;
    }
  return shader;
}

static GLuint
link_program (const char  *vertex,
              const char  *fragment,
              GError     **error)
{
  GLuint vs = compile (GL_VERTEX_SHADER, vertex, error);
  GLuint fs = vs ? compile (GL_FRAGMENT_SHADER, fragment, error) : 0;
  GLuint program;
  GLint ok;

  if (fs == 0)
    {
      if (vs)
        glDeleteShader (vs);
      return 0;
    }
  program = glCreateProgram ();
  glAttachShader (program, vs);
  glAttachShader (program, fs);
  glLinkProgram (program);
  glDeleteShader (vs);
  glDeleteShader (fs);
  glGetProgramiv (program, GL_LINK_STATUS, &ok);
  if (!ok)
    {
      char log[2048] = "";

      glGetProgramInfoLog (program, sizeof log, NULL, log);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "program %s + %s: %s", vertex,
                   fragment, log);
      glDeleteProgram (program);
      return 0;
    }
  return program;
}

static void
blocks_init (Blocks *b,
             GLuint  cube,
             GLuint  cube_indices)
{
  glGenVertexArrays (1, &b->vao);
  glGenBuffers (1, &b->instances);
  glBindVertexArray (b->vao);
  glBindBuffer (GL_ELEMENT_ARRAY_BUFFER, cube_indices);
  glBindBuffer (GL_ARRAY_BUFFER, cube);
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof (float), (void *) 0);
  glEnableVertexAttribArray (1);
  glVertexAttribPointer (1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof (float),
                         (void *) (3 * sizeof (float)));
  glBindBuffer (GL_ARRAY_BUFFER, b->instances);
  glEnableVertexAttribArray (2);
  glVertexAttribPointer (2, 3, GL_FLOAT, GL_FALSE, sizeof (TfSceneBox),
                         (void *) G_STRUCT_OFFSET (TfSceneBox, center));
  glEnableVertexAttribArray (3);
  glVertexAttribPointer (3, 3, GL_FLOAT, GL_FALSE, sizeof (TfSceneBox),
                         (void *) G_STRUCT_OFFSET (TfSceneBox, size));
  glEnableVertexAttribArray (4);
  glVertexAttribPointer (4, 4, GL_FLOAT, GL_FALSE, sizeof (TfSceneBox),
                         (void *) G_STRUCT_OFFSET (TfSceneBox, color));
  for (guint i = 2; i <= 4; i++)
    glVertexAttribDivisor (i, 1);
  glBindVertexArray (0);
}

static void
lines_init (GLuint *vao,
            GLuint *vbo)
{
  glGenVertexArrays (1, vao);
  glGenBuffers (1, vbo);
  glBindVertexArray (*vao);
  glBindBuffer (GL_ARRAY_BUFFER, *vbo);
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 3, GL_FLOAT, GL_FALSE, sizeof (TfSceneVertex),
                         (void *) G_STRUCT_OFFSET (TfSceneVertex, position));
  glEnableVertexAttribArray (1);
  glVertexAttribPointer (1, 4, GL_FLOAT, GL_FALSE, sizeof (TfSceneVertex),
                         (void *) G_STRUCT_OFFSET (TfSceneVertex, color));
  glBindVertexArray (0);
}

TfRenderer *
tf_renderer_new (GError **error)
{
  TfRenderer *r = g_new0 (TfRenderer, 1);
  float cube[24][6];
  guint8 indices[36];

  r->box_program = link_program ("box.vert", "box.frag", error);
  r->line_program = r->box_program ? link_program ("line.vert", "line.frag", error) : 0;
  if (r->line_program == 0)
    {
      if (r->box_program)
        glDeleteProgram (r->box_program);
      g_free (r);
      return NULL;
    }
  r->box_vp = glGetUniformLocation (r->box_program, "u_view_projection");
  r->box_light = glGetUniformLocation (r->box_program, "u_light");
  r->box_dim = glGetUniformLocation (r->box_program, "u_dim");
  r->line_vp = glGetUniformLocation (r->line_program, "u_view_projection");
  r->line_dim = glGetUniformLocation (r->line_program, "u_dim");

  cube_vertices (cube, indices);
  glGenBuffers (1, &r->cube);
  glBindBuffer (GL_ARRAY_BUFFER, r->cube);
  glBufferData (GL_ARRAY_BUFFER, sizeof cube, cube, GL_STATIC_DRAW);
  glGenBuffers (1, &r->cube_indices);
  glBindBuffer (GL_ELEMENT_ARRAY_BUFFER, r->cube_indices);
  glBufferData (GL_ELEMENT_ARRAY_BUFFER, sizeof indices, indices, GL_STATIC_DRAW);
  blocks_init (&r->solids, r->cube, r->cube_indices);
  blocks_init (&r->fine, r->cube, r->cube_indices);
  blocks_init (&r->rack_blocks, r->cube, r->cube_indices);
  blocks_init (&r->containers, r->cube, r->cube_indices);
  lines_init (&r->link_vao, &r->link_vbo);
  lines_init (&r->band_vao, &r->band_vbo);
  lines_init (&r->outline_vao, &r->outline_vbo);
  lines_init (&r->mark_vao, &r->mark_vbo);
  blocks_init (&r->lit, r->cube, r->cube_indices);
  lines_init (&r->lit_vao, &r->lit_vbo);
  return r;
}

void
tf_renderer_free (TfRenderer *r)
{
  if (r == NULL)
    return;
  glDeleteProgram (r->box_program);
  glDeleteProgram (r->line_program);
  glDeleteBuffers (1, &r->cube);
  glDeleteBuffers (1, &r->cube_indices);
  for (guint i = 0; i < 5; i++)
    {
      Blocks *b = i == 0 ? &r->solids : i == 1 ? &r->containers : i == 2 ? &r->lit
                  : i == 3 ? &r->fine : &r->rack_blocks;

      glDeleteVertexArrays (1, &b->vao);
      glDeleteBuffers (1, &b->instances);
    }
  glDeleteVertexArrays (1, &r->link_vao);
  glDeleteBuffers (1, &r->link_vbo);
  glDeleteVertexArrays (1, &r->band_vao);
  glDeleteBuffers (1, &r->band_vbo);
  glDeleteVertexArrays (1, &r->outline_vao);
  glDeleteBuffers (1, &r->outline_vbo);
  glDeleteVertexArrays (1, &r->mark_vao);
  glDeleteBuffers (1, &r->mark_vbo);
  glDeleteVertexArrays (1, &r->lit_vao);
  glDeleteBuffers (1, &r->lit_vbo);
  g_free (r);
}

static void
upload (GLuint        buffer,
        const GArray *data)
{
  glBindBuffer (GL_ARRAY_BUFFER, buffer);
  glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) data->len * g_array_get_element_size ((GArray *) data),
                data->len ? data->data : NULL, GL_STATIC_DRAW);
}

/* The boxes of @kind that @filter shows. */
static void
append_visible (GArray              *out,
                const TfScene       *scene,
                const TfSceneFilter *filter,
                TfSceneKind          kind)
{
  const GArray *boxes = scene->boxes[kind];

  if (filter == NULL || (kind != TF_SCENE_SWITCH && kind != TF_SCENE_GROUP)
      || filter->hidden_tiers == 0)
    {
      g_array_append_vals (out, boxes->data, boxes->len);
      return;
    }
  for (guint i = 0; i < boxes->len; i++)
    if (tf_scene_box_visible (scene, filter, kind, i))
      g_array_append_val (out, g_array_index (boxes, TfSceneBox, i));
}

/* The groups of @per vertices whose line @filter shows: group i is line i, or line
 * @line_of[i]. */
static GArray *
visible_vertices (const TfScene       *scene,
                  const TfSceneFilter *filter,
                  GArray              *vertices,
                  guint                per,
                  const GArray        *line_of)
{
  GArray *out;

  if (filter == NULL || (filter->hidden_reaches | filter->hidden_tiers) == 0)
    return g_array_ref (vertices);
  out = g_array_new (FALSE, FALSE, sizeof (TfSceneVertex));
  for (guint i = 0; i < vertices->len / per; i++)
    if (tf_scene_line_visible (scene, filter, line_of ? g_array_index (line_of, guint, i) : i))
      g_array_append_vals (out, &g_array_index (vertices, TfSceneVertex, per * i), per);
  return out;
}

void
tf_renderer_set_scene (TfRenderer    *r,
                       const TfScene *scene)
{
  tf_renderer_set_scene_filtered (r, scene, NULL);
}

void
tf_renderer_set_scene_filtered (TfRenderer          *r,
                                const TfScene       *scene,
                                const TfSceneFilter *filter)
{
  g_autoptr(GArray) solids = g_array_new (FALSE, FALSE, sizeof (TfSceneBox));
  g_autoptr(GArray) fine = g_array_new (FALSE, FALSE, sizeof (TfSceneBox));
  g_autoptr(GArray) racks = g_array_new (FALSE, FALSE, sizeof (TfSceneBox));
  g_autoptr(GArray) containers = g_array_new (FALSE, FALSE, sizeof (TfSceneBox));
  g_autoptr(GArray) links = NULL;
  g_autoptr(GArray) bands = NULL;
  float rack_color[4];

  g_return_if_fail (r != NULL && scene != NULL);

  append_visible (solids, scene, filter, TF_SCENE_SWITCH);
  append_visible (fine, scene, filter, TF_SCENE_CHIP);
  g_array_append_vals (fine, scene->boxes[TF_SCENE_BOARD]->data,
                       scene->boxes[TF_SCENE_BOARD]->len);
  /* Seen from afar, a rack is a solid block of the racks' colour, opaque. */
  tf_scene_kind_color (TF_SCENE_RACK, 0, rack_color);
  for (guint i = 0; i < scene->boxes[TF_SCENE_RACK]->len; i++)
    {
      TfSceneBox b = g_array_index (scene->boxes[TF_SCENE_RACK], TfSceneBox, i);

      for (guint c = 0; c < 3; c++)
        {
          b.size[c] *= 0.96f;
          b.color[c] = rack_color[c];
        }
      b.color[3] = 1;
      g_array_append_val (racks, b);
    }
  r->chip_extent = scene->chip_extent;
  upload (r->fine.instances, fine);
  r->fine.count = (GLsizei) fine->len;
  upload (r->rack_blocks.instances, racks);
  r->rack_blocks.count = (GLsizei) racks->len;
  /* Racks before the pods around them: they read best blended in that order. */
  g_array_append_vals (containers, scene->boxes[TF_SCENE_RACK]->data,
                       scene->boxes[TF_SCENE_RACK]->len);
  g_array_append_vals (containers, scene->boxes[TF_SCENE_POD]->data,
                       scene->boxes[TF_SCENE_POD]->len);
  append_visible (containers, scene, filter, TF_SCENE_GROUP);
  upload (r->solids.instances, solids);
  r->solids.count = (GLsizei) solids->len;
  upload (r->containers.instances, containers);
  r->containers.count = (GLsizei) containers->len;
  links = visible_vertices (scene, filter, scene->link_vertices, 2, NULL);
  upload (r->link_vbo, links);
  r->link_vertices = (GLsizei) links->len;
  /* A band shows when its line does. */
  bands = visible_vertices (scene, filter, scene->band_vertices, 6, scene->band_lines);
  upload (r->band_vbo, bands);
  r->band_vertices = (GLsizei) bands->len;
  upload (r->outline_vbo, scene->outline_vertices);
  r->outline_vertices = (GLsizei) scene->outline_vertices->len;
  r->mark_vertices = 0;
  tf_renderer_set_highlight (r, NULL, NULL);
}

void
tf_renderer_set_highlight (TfRenderer   *r,
                           const GArray *boxes,
                           const GArray *vertices)
{
  g_return_if_fail (r != NULL);

  r->highlight = boxes != NULL && vertices != NULL;
  if (!r->highlight)
    {
      r->lit.count = 0;
      r->lit_vertices = 0;
      return;
    }
  upload (r->lit.instances, boxes);
  r->lit.count = (GLsizei) boxes->len;
  upload (r->lit_vbo, vertices);
  r->lit_vertices = (GLsizei) vertices->len;
}

void
tf_renderer_set_mark (TfRenderer       *r,
                      const TfSceneBox *box)
{
  TfSceneVertex v[24];

  g_return_if_fail (r != NULL);

  if (box == NULL)
    {
      r->mark_vertices = 0;
      return;
    }
  for (guint e = 0; e < 12; e++)
    for (guint end = 0; end < 2; end++)
      {
        TfSceneVertex *x = &v[2 * e + end];

        tf_scene_box_corner (box, tf_scene_box_edges[e][end], 1.1f, x->position);
        x->color[0] = x->color[1] = x->color[2] = x->color[3] = 1.0f;
      }
  glBindBuffer (GL_ARRAY_BUFFER, r->mark_vbo);
  glBufferData (GL_ARRAY_BUFFER, sizeof v, v, GL_DYNAMIC_DRAW);
  r->mark_vertices = 24;
}

gboolean
tf_renderer_draw (TfRenderer     *r,
                  const TfCamera *camera,
                  int             width,
                  int             height,
                  const float     background[4])
{
  float view_projection[16];
  const float light[3] = { 0.36f, 0.80f, 0.48f };

  g_return_val_if_fail (r != NULL && camera != NULL, FALSE);

  tf_camera_view_projection (camera, (float) width / MAX (height, 1), view_projection);
  glViewport (0, 0, width, height);
  glClearColor (background[0], background[1], background[2], background[3]);
  glClear (GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable (GL_DEPTH_TEST);
  glDepthFunc (GL_LEQUAL);
  glDisable (GL_BLEND);
  glDepthMask (GL_TRUE);
  glEnable (GL_CULL_FACE);
  glCullFace (GL_BACK);
  glFrontFace (GL_CCW);

  glUseProgram (r->box_program);
  glUniformMatrix4fv (r->box_vp, 1, GL_FALSE, view_projection);
  glUniform3fv (r->box_light, 1, light);
  glUniform1f (r->box_dim, r->highlight ? DIM : 1.0f);
  glBindVertexArray (r->solids.vao);
  glDrawElementsInstanced (GL_TRIANGLES, 36, GL_UNSIGNED_BYTE, NULL, r->solids.count);
  /* The level of detail: chips and boards where a chip is drawn large enough to read, racks
   * as solid blocks where it is not. */
  {
    Blocks *detail = tf_scene_lod_shows_chips (r->chip_extent, (guint) r->rack_blocks.count,
                                               tf_camera_pixels_per_unit (camera, (float) height))
                       ? &r->fine : &r->rack_blocks;

    glBindVertexArray (detail->vao);
    glDrawElementsInstanced (GL_TRIANGLES, 36, GL_UNSIGNED_BYTE, NULL, detail->count);
  }

  glEnable (GL_BLEND);
  glBlendFunc (GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glUseProgram (r->line_program);
  glUniformMatrix4fv (r->line_vp, 1, GL_FALSE, view_projection);
  glUniform1f (r->line_dim, r->highlight ? DIM_LINE : 1.0f);
  glBindVertexArray (r->link_vao);
  glDrawArrays (GL_LINES, 0, r->link_vertices);
  glBindVertexArray (r->outline_vao);
  glDrawArrays (GL_LINES, 0, r->outline_vertices);
  /* Bundles' bands: faint, seen from either side, hiding nothing behind them. */
  glDisable (GL_CULL_FACE);
  glDepthMask (GL_FALSE);
  glBindVertexArray (r->band_vao);
  glDrawArrays (GL_TRIANGLES, 0, r->band_vertices);
  glDepthMask (GL_TRUE);
  glEnable (GL_CULL_FACE);

  glDepthMask (GL_FALSE);
  glUseProgram (r->box_program);
  glBindVertexArray (r->containers.vao);
  glDrawElementsInstanced (GL_TRIANGLES, 36, GL_UNSIGNED_BYTE, NULL, r->containers.count);
  glDepthMask (GL_TRUE);

  if (r->highlight)
    {
      glUniform1f (r->box_dim, 1.0f);
      glBindVertexArray (r->lit.vao);
      glDrawElementsInstanced (GL_TRIANGLES, 36, GL_UNSIGNED_BYTE, NULL, r->lit.count);
    }
  glUseProgram (r->line_program);
  glUniform1f (r->line_dim, 1.0f);
  glDisable (GL_DEPTH_TEST);
  glBindVertexArray (r->lit_vao);
  glDrawArrays (GL_LINES, 0, r->lit_vertices);
  glBindVertexArray (r->mark_vao);
  glDrawArrays (GL_LINES, 0, r->mark_vertices);
  glEnable (GL_DEPTH_TEST);

  glBindVertexArray (0);
  glUseProgram (0);
  return glGetError () == GL_NO_ERROR;
}
