// The eSpeak-NG functions Parla calls, each forwarding to libespeak-ng, which is loaded with dlopen on
// the first call (with it come pcaudiolib, PulseAudio, ALSA and their own libraries, some 30 in all: a
// command that never speaks no longer loads them at every start). Without the library every function
// fails the way eSpeak-NG itself reports failure (-1, EE_INTERNAL_ERROR or NULL), which Parla already
// handles by going on without speech.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>
#pragma GCC visibility push(hidden)
#include "CEspeakNG.h"

static struct {
    __typeof__(espeak_Initialize) *Initialize;
    __typeof__(espeak_SetSynthCallback) *SetSynthCallback;
    __typeof__(espeak_ListVoices) *ListVoices;
    __typeof__(espeak_SetVoiceByProperties) *SetVoiceByProperties;
    __typeof__(espeak_GetCurrentVoice) *GetCurrentVoice;
    __typeof__(espeak_SetParameter) *SetParameter;
    __typeof__(espeak_SetPunctuationList) *SetPunctuationList;
    __typeof__(espeak_Synth) *Synth;
} api;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libespeak-ng.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    api.Initialize = dlsym(library, "espeak_Initialize");
    api.SetSynthCallback = dlsym(library, "espeak_SetSynthCallback");
    api.ListVoices = dlsym(library, "espeak_ListVoices");
    api.SetVoiceByProperties = dlsym(library, "espeak_SetVoiceByProperties");
    api.GetCurrentVoice = dlsym(library, "espeak_GetCurrentVoice");
    api.SetParameter = dlsym(library, "espeak_SetParameter");
    api.SetPunctuationList = dlsym(library, "espeak_SetPunctuationList");
    api.Synth = dlsym(library, "espeak_Synth");
}

#define FORWARD(function, failure, ...) \
    pthread_once(&loaded, load); \
    return api.function ? api.function(__VA_ARGS__) : failure

int espeak_Initialize(espeak_AUDIO_OUTPUT output, int buflength, const char *path, int options) {
    FORWARD(Initialize, -1, output, buflength, path, options);
}

void espeak_SetSynthCallback(t_espeak_callback *callback) {
    pthread_once(&loaded, load);
    if (api.SetSynthCallback) api.SetSynthCallback(callback);
}

const espeak_VOICE **espeak_ListVoices(espeak_VOICE *spec) { FORWARD(ListVoices, NULL, spec); }

espeak_ERROR espeak_SetVoiceByProperties(espeak_VOICE *spec) { FORWARD(SetVoiceByProperties, EE_INTERNAL_ERROR, spec); }

espeak_VOICE *espeak_GetCurrentVoice(void) {
    pthread_once(&loaded, load);
    return api.GetCurrentVoice ? api.GetCurrentVoice() : NULL;
}

espeak_ERROR espeak_SetParameter(espeak_PARAMETER parameter, int value, int relative) {
    FORWARD(SetParameter, EE_INTERNAL_ERROR, parameter, value, relative);
}

espeak_ERROR espeak_SetPunctuationList(const wchar_t *list) { FORWARD(SetPunctuationList, EE_INTERNAL_ERROR, list); }

espeak_ERROR espeak_Synth(const void *text, size_t size, unsigned int position, espeak_POSITION_TYPE type,
                          unsigned int end, unsigned int flags, unsigned int *identifier, void *userData) {
    FORWARD(Synth, EE_INTERNAL_ERROR, text, size, position, type, end, flags, identifier, userData);
}
