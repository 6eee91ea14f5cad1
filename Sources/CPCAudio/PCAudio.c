// The pcaudiolib functions Parla calls, each forwarding to libpcaudio, which is loaded with dlopen on the
// first call (with it come PulseAudio and ALSA: a command that never plays a sound no longer loads them).
// Without the library no device is made (NULL), which Parla already reports as an unavailable device;
// the other functions are only ever called on a device that was made.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>
#pragma GCC visibility push(hidden)
#include "CPCAudio.h"

static struct {
    __typeof__(create_audio_device_object) *create;
    __typeof__(audio_object_open) *open;
    __typeof__(audio_object_close) *close;
    __typeof__(audio_object_destroy) *destroy;
    __typeof__(audio_object_write) *write;
    __typeof__(audio_object_drain) *drain;
    __typeof__(audio_object_flush) *flush;
    __typeof__(audio_object_strerror) *strerror;
} api;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libpcaudio.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    api.create = dlsym(library, "create_audio_device_object");
    api.open = dlsym(library, "audio_object_open");
    api.close = dlsym(library, "audio_object_close");
    api.destroy = dlsym(library, "audio_object_destroy");
    api.write = dlsym(library, "audio_object_write");
    api.drain = dlsym(library, "audio_object_drain");
    api.flush = dlsym(library, "audio_object_flush");
    api.strerror = dlsym(library, "audio_object_strerror");
}

#define FORWARD(function, failure, ...) \
    pthread_once(&loaded, load); \
    return api.function ? api.function(__VA_ARGS__) : failure

struct audio_object *create_audio_device_object(const char *device, const char *application, const char *description) {
    FORWARD(create, NULL, device, application, description);
}

int audio_object_open(struct audio_object *object, enum audio_object_format format, uint32_t rate, uint8_t channels) {
    FORWARD(open, -1, object, format, rate, channels);
}

void audio_object_close(struct audio_object *object) {
    pthread_once(&loaded, load);
    if (api.close) api.close(object);
}

void audio_object_destroy(struct audio_object *object) {
    pthread_once(&loaded, load);
    if (api.destroy) api.destroy(object);
}

int audio_object_write(struct audio_object *object, const void *data, size_t bytes) { FORWARD(write, -1, object, data, bytes); }

int audio_object_drain(struct audio_object *object) { FORWARD(drain, -1, object); }

int audio_object_flush(struct audio_object *object) { FORWARD(flush, -1, object); }

const char *audio_object_strerror(struct audio_object *object, int error) { FORWARD(strerror, NULL, object, error); }
