// The libpng functions Parla calls, each forwarding to libpng16, which is loaded with dlopen on the first
// call (a command that shows no picture never loads it). Without the library every call fails (0), with
// the message saying so, which Parla reports as it reports any other unreadable picture.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#pragma GCC visibility push(hidden)
#include "CPNG.h"

static struct {
    __typeof__(png_image_begin_read_from_memory) *begin_read_from_memory;
    __typeof__(png_image_finish_read) *finish_read;
    __typeof__(png_image_free) *free;
} api;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libpng16.so.16", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    api.begin_read_from_memory = dlsym(library, "png_image_begin_read_from_memory");
    api.finish_read = dlsym(library, "png_image_finish_read");
    api.free = dlsym(library, "png_image_free");
}

static int missing(png_imagep image) {
    snprintf(image->message, sizeof image->message, "libpng16.so.16 is not installed");
    image->warning_or_error = PNG_IMAGE_ERROR;
    return 0;
}

int png_image_begin_read_from_memory(png_imagep image, png_const_voidp memory, size_t size) {
    pthread_once(&loaded, load);
    return api.begin_read_from_memory ? api.begin_read_from_memory(image, memory, size) : missing(image);
}

int png_image_finish_read(png_imagep image, png_const_colorp background, void *buffer, png_int_32 row_stride, void *colormap) {
    pthread_once(&loaded, load);
    return api.finish_read ? api.finish_read(image, background, buffer, row_stride, colormap) : missing(image);
}

void png_image_free(png_imagep image) {
    pthread_once(&loaded, load);
    if (api.free) api.free(image);
}
