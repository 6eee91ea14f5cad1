// The chafa functions Parla calls, each forwarding to libchafa, which is loaded with dlopen on the first
// picture drawn (a command that draws none never loads it and GLib). Parla asks CChafa_available() first and
// calls the others only when the library was found.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#pragma GCC visibility push(hidden)
#include "CChafa.h"

static struct {
    __typeof__(chafa_symbol_map_new) *symbol_map_new;
    __typeof__(chafa_symbol_map_unref) *symbol_map_unref;
    __typeof__(chafa_symbol_map_add_by_tags) *symbol_map_add_by_tags;
    __typeof__(chafa_canvas_config_new) *canvas_config_new;
    __typeof__(chafa_canvas_config_unref) *canvas_config_unref;
    __typeof__(chafa_canvas_config_set_geometry) *canvas_config_set_geometry;
    __typeof__(chafa_canvas_config_set_canvas_mode) *canvas_config_set_canvas_mode;
    __typeof__(chafa_canvas_config_set_symbol_map) *canvas_config_set_symbol_map;
    __typeof__(chafa_canvas_config_set_fg_color) *canvas_config_set_fg_color;
    __typeof__(chafa_canvas_config_set_bg_color) *canvas_config_set_bg_color;
    __typeof__(chafa_canvas_config_set_preprocessing_enabled) *canvas_config_set_preprocessing_enabled;
    __typeof__(chafa_canvas_new) *canvas_new;
    __typeof__(chafa_canvas_unref) *canvas_unref;
    __typeof__(chafa_canvas_draw_all_pixels) *canvas_draw_all_pixels;
    __typeof__(chafa_canvas_get_char_at) *canvas_get_char_at;
    __typeof__(chafa_calc_canvas_geometry) *calc_canvas_geometry;
    __typeof__(chafa_canvas_config_set_pixel_mode) *canvas_config_set_pixel_mode;
    __typeof__(chafa_canvas_config_set_cell_geometry) *canvas_config_set_cell_geometry;
    __typeof__(chafa_canvas_print) *canvas_print;
    __typeof__(g_string_free) *string_free;
} api;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static int found;

static void load(void) {
    void *library = dlopen("libchafa.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    api.symbol_map_new = dlsym(library, "chafa_symbol_map_new");
    api.symbol_map_unref = dlsym(library, "chafa_symbol_map_unref");
    api.symbol_map_add_by_tags = dlsym(library, "chafa_symbol_map_add_by_tags");
    api.canvas_config_new = dlsym(library, "chafa_canvas_config_new");
    api.canvas_config_unref = dlsym(library, "chafa_canvas_config_unref");
    api.canvas_config_set_geometry = dlsym(library, "chafa_canvas_config_set_geometry");
    api.canvas_config_set_canvas_mode = dlsym(library, "chafa_canvas_config_set_canvas_mode");
    api.canvas_config_set_symbol_map = dlsym(library, "chafa_canvas_config_set_symbol_map");
    api.canvas_config_set_fg_color = dlsym(library, "chafa_canvas_config_set_fg_color");
    api.canvas_config_set_bg_color = dlsym(library, "chafa_canvas_config_set_bg_color");
    api.canvas_config_set_preprocessing_enabled = dlsym(library, "chafa_canvas_config_set_preprocessing_enabled");
    api.canvas_new = dlsym(library, "chafa_canvas_new");
    api.canvas_unref = dlsym(library, "chafa_canvas_unref");
    api.canvas_draw_all_pixels = dlsym(library, "chafa_canvas_draw_all_pixels");
    api.canvas_get_char_at = dlsym(library, "chafa_canvas_get_char_at");
    api.calc_canvas_geometry = dlsym(library, "chafa_calc_canvas_geometry");
    api.canvas_config_set_pixel_mode = dlsym(library, "chafa_canvas_config_set_pixel_mode");
    api.canvas_config_set_cell_geometry = dlsym(library, "chafa_canvas_config_set_cell_geometry");
    api.canvas_print = dlsym(library, "chafa_canvas_print");
    api.string_free = dlsym(library, "g_string_free");
    found = api.symbol_map_new && api.symbol_map_unref && api.symbol_map_add_by_tags;
    found = found && api.canvas_config_new;
    found = found && api.canvas_config_unref;
    found = found && api.canvas_config_set_geometry;
    found = found && api.canvas_config_set_canvas_mode;
    found = found && api.canvas_config_set_symbol_map;
    found = found && api.canvas_config_set_fg_color;
    found = found && api.canvas_config_set_bg_color;
    found = found && api.canvas_config_set_preprocessing_enabled;
    found = found && api.canvas_new;
    found = found && api.canvas_unref;
    found = found && api.canvas_draw_all_pixels;
    found = found && api.canvas_get_char_at;
    found = found && api.calc_canvas_geometry;
    found = found && api.canvas_config_set_pixel_mode;
    found = found && api.canvas_config_set_cell_geometry;
    found = found && api.canvas_print;
    found = found && api.string_free;
}

int CChafa_available(void) {
    pthread_once(&loaded, load);
    return found;
}

ChafaSymbolMap *chafa_symbol_map_new(void) { return api.symbol_map_new(); }

void chafa_symbol_map_unref(ChafaSymbolMap *symbol_map) { api.symbol_map_unref(symbol_map); }

void chafa_symbol_map_add_by_tags(ChafaSymbolMap *symbol_map, int tags) { api.symbol_map_add_by_tags(symbol_map, tags); }

ChafaCanvasConfig *chafa_canvas_config_new(void) { return api.canvas_config_new(); }

void chafa_canvas_config_unref(ChafaCanvasConfig *config) { api.canvas_config_unref(config); }

void chafa_canvas_config_set_geometry(ChafaCanvasConfig *config, int width, int height) { api.canvas_config_set_geometry(config, width, height); }

void chafa_canvas_config_set_canvas_mode(ChafaCanvasConfig *config, int mode) { api.canvas_config_set_canvas_mode(config, mode); }

void chafa_canvas_config_set_symbol_map(ChafaCanvasConfig *config, const ChafaSymbolMap *symbol_map) { api.canvas_config_set_symbol_map(config, symbol_map); }

void chafa_canvas_config_set_fg_color(ChafaCanvasConfig *config, uint32_t fg_color_packed_rgb) { api.canvas_config_set_fg_color(config, fg_color_packed_rgb); }

void chafa_canvas_config_set_bg_color(ChafaCanvasConfig *config, uint32_t bg_color_packed_rgb) { api.canvas_config_set_bg_color(config, bg_color_packed_rgb); }

void chafa_canvas_config_set_preprocessing_enabled(ChafaCanvasConfig *config, int preprocessing_enabled) { api.canvas_config_set_preprocessing_enabled(config, preprocessing_enabled); }

ChafaCanvas *chafa_canvas_new(const ChafaCanvasConfig *config) { return api.canvas_new(config); }

void chafa_canvas_unref(ChafaCanvas *canvas) { api.canvas_unref(canvas); }

void chafa_canvas_draw_all_pixels(ChafaCanvas *canvas, int src_pixel_type, const uint8_t *src_pixels, int src_width, int src_height, int src_rowstride) { api.canvas_draw_all_pixels(canvas, src_pixel_type, src_pixels, src_width, src_height, src_rowstride); }

uint32_t chafa_canvas_get_char_at(ChafaCanvas *canvas, int x, int y) { return api.canvas_get_char_at(canvas, x, y); }

void chafa_calc_canvas_geometry(int src_width, int src_height, int *dest_width_inout, int *dest_height_inout, float font_ratio, int zoom, int stretch) { api.calc_canvas_geometry(src_width, src_height, dest_width_inout, dest_height_inout, font_ratio, zoom, stretch); }

void chafa_canvas_config_set_pixel_mode(ChafaCanvasConfig *config, int pixel_mode) { api.canvas_config_set_pixel_mode(config, pixel_mode); }

void chafa_canvas_config_set_cell_geometry(ChafaCanvasConfig *config, int cell_width, int cell_height) { api.canvas_config_set_cell_geometry(config, cell_width, cell_height); }

GString *chafa_canvas_print(ChafaCanvas *canvas, void *term_info) { return api.canvas_print(canvas, term_info); }

char *g_string_free(GString *string, int free_segment) { return api.string_free(string, free_segment); }
