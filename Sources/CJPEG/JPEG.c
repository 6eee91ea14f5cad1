// libjpeg-turbo's decompressor, loaded with dlopen on the first picture (a command that shows none never
// loads it). Errors longjmp back here with libjpeg's own message; warnings are silent (libjpeg's default
// prints them on stderr, which would corrupt the screen), except that a file cut short is an error: libjpeg
// would otherwise pad it with grey and call it decoded.
#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#pragma GCC visibility push(hidden)
#include <jpeglib.h>
#include <jerror.h>
#include "CJPEG.h"

static struct {
    __typeof__(jpeg_std_error) *std_error;
    __typeof__(jpeg_CreateDecompress) *create_decompress;
    __typeof__(jpeg_mem_src) *mem_src;
    __typeof__(jpeg_read_header) *read_header;
    __typeof__(jpeg_start_decompress) *start_decompress;
    __typeof__(jpeg_read_scanlines) *read_scanlines;
    __typeof__(jpeg_finish_decompress) *finish_decompress;
    __typeof__(jpeg_destroy_decompress) *destroy_decompress;
} api;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libjpeg.so.62", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    api.std_error = dlsym(library, "jpeg_std_error");
    api.create_decompress = dlsym(library, "jpeg_CreateDecompress");
    api.mem_src = dlsym(library, "jpeg_mem_src");
    api.read_header = dlsym(library, "jpeg_read_header");
    api.start_decompress = dlsym(library, "jpeg_start_decompress");
    api.read_scanlines = dlsym(library, "jpeg_read_scanlines");
    api.finish_decompress = dlsym(library, "jpeg_finish_decompress");
    api.destroy_decompress = dlsym(library, "jpeg_destroy_decompress");
}

struct failure {
    struct jpeg_error_mgr manager;
    jmp_buf back;
    char *message;
    size_t messageSize;
};

static void fail(j_common_ptr info) {
    struct failure *failure = (struct failure *)info->err;
    if (failure->message && failure->messageSize > 0) {
        char text[JMSG_LENGTH_MAX];
        failure->manager.format_message(info, text);
        snprintf(failure->message, failure->messageSize, "%s", text);
    }
    longjmp(failure->back, 1);
}

static void warn(j_common_ptr info, int level) {
    if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) fail(info);
}

static void silent(j_common_ptr info) { (void)info; }

int CJPEG_decodeGray(const uint8_t *data, size_t size, uint64_t maxPixels, int minWidth, int minHeight,
                     uint8_t **pixels, int *width, int *height, char *message, size_t messageSize) {
    pthread_once(&loaded, load);
    if (!api.std_error || !api.create_decompress || !api.mem_src || !api.read_header || !api.start_decompress
        || !api.read_scanlines || !api.finish_decompress || !api.destroy_decompress) return CJPEG_NO_LIBRARY;
    *pixels = NULL;
    struct jpeg_decompress_struct info;
    struct failure failure;
    memset(&info, 0, sizeof info);
    memset(&failure, 0, sizeof failure);
    info.err = api.std_error(&failure.manager);
    failure.manager.error_exit = fail;
    failure.manager.emit_message = warn;
    failure.manager.output_message = silent;
    failure.message = message;
    failure.messageSize = messageSize;
    uint8_t *volatile out = NULL;
    uint8_t *volatile line = NULL;
    if (setjmp(failure.back)) {
        free(out);
        free(line);
        api.destroy_decompress(&info);
        return CJPEG_DAMAGED;
    }
    api.create_decompress(&info, JPEG_LIB_VERSION, sizeof info);
    api.mem_src(&info, data, (unsigned long)size);
    api.read_header(&info, TRUE);
    if ((uint64_t)info.image_width * (uint64_t)info.image_height > maxPixels || info.image_width == 0 || info.image_height == 0) {
        api.destroy_decompress(&info);
        return CJPEG_TOO_LARGE;
    }
    unsigned int denominator = 1;
    if (minWidth > 0 || minHeight > 0) {
        while (denominator < 8 && info.image_width / (denominator * 2) >= (unsigned)minWidth
               && info.image_height / (denominator * 2) >= (unsigned)minHeight) denominator *= 2;
    }
    info.scale_num = 1;
    info.scale_denom = denominator;
    info.out_color_space = (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) ? JCS_CMYK : JCS_GRAYSCALE;
    api.start_decompress(&info);
    size_t columns = info.output_width, rows = info.output_height, components = (size_t)info.output_components;
    out = malloc(columns * rows);
    line = components > 1 ? malloc(columns * components) : NULL;
    if (!out || (components > 1 && !line)) {
        free(out);
        free(line);
        api.destroy_decompress(&info);
        return CJPEG_NO_MEMORY;
    }
    while (info.output_scanline < info.output_height) {
        size_t row = info.output_scanline;
        JSAMPROW target = components > 1 ? line : out + row * columns;
        api.read_scanlines(&info, &target, 1);
        if (components > 1) {
            // Adobe's CMYK is stored inverted: each channel is how much ink is NOT used.
            for (size_t x = 0; x < columns; x++) {
                const uint8_t *p = line + x * components;
                unsigned k = p[3];
                unsigned grey = (p[0] * 30u + p[1] * 59u + p[2] * 11u) / 100u;
                out[row * columns + x] = (uint8_t)(grey * k / 255u);
            }
        }
    }
    free(line);
    api.finish_decompress(&info);
    api.destroy_decompress(&info);
    *pixels = out;
    *width = (int)columns;
    *height = (int)rows;
    return CJPEG_OK;
}
