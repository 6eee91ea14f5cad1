// The speech-dispatcher client functions Parla calls, each forwarding to libspeechd, which is loaded with
// dlopen on the first call (with it comes GLib: a command that does not use speech-dispatcher no longer
// loads them). Without the library no connection is made (NULL, with the reason in *error_result as
// libspeechd gives it, to be freed by the caller); the other functions are only ever called on a
// connection that was made.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>
#include <string.h>
#pragma GCC visibility push(hidden)
#include "CSpeechd.h"

static struct {
    __typeof__(spd_open2) *open2;
    __typeof__(spd_close) *close;
    __typeof__(spd_say) *say;
    __typeof__(spd_cancel) *cancel;
    __typeof__(spd_set_data_mode) *set_data_mode;
    __typeof__(spd_set_voice_rate) *set_voice_rate;
    __typeof__(spd_set_voice_pitch) *set_voice_pitch;
    __typeof__(spd_set_volume) *set_volume;
    __typeof__(spd_set_punctuation) *set_punctuation;
    __typeof__(spd_set_capital_letters) *set_capital_letters;
    __typeof__(spd_set_spelling) *set_spelling;
    __typeof__(spd_set_language) *set_language;
} api;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libspeechd.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    api.open2 = dlsym(library, "spd_open2");
    api.close = dlsym(library, "spd_close");
    api.say = dlsym(library, "spd_say");
    api.cancel = dlsym(library, "spd_cancel");
    api.set_data_mode = dlsym(library, "spd_set_data_mode");
    api.set_voice_rate = dlsym(library, "spd_set_voice_rate");
    api.set_voice_pitch = dlsym(library, "spd_set_voice_pitch");
    api.set_volume = dlsym(library, "spd_set_volume");
    api.set_punctuation = dlsym(library, "spd_set_punctuation");
    api.set_capital_letters = dlsym(library, "spd_set_capital_letters");
    api.set_spelling = dlsym(library, "spd_set_spelling");
    api.set_language = dlsym(library, "spd_set_language");
}

#define FORWARD(function, ...) \
    pthread_once(&loaded, load); \
    return api.function ? api.function(__VA_ARGS__) : -1

SPDConnection *spd_open2(const char *client, const char *connection, const char *user, SPDConnectionMode mode,
                         const SPDConnectionAddress *address, int autospawn, char **error_result) {
    pthread_once(&loaded, load);
    if (api.open2) return api.open2(client, connection, user, mode, address, autospawn, error_result);
    if (error_result) *error_result = strdup("libspeechd.so.2 is not installed");
    return NULL;
}

void spd_close(SPDConnection *connection) {
    pthread_once(&loaded, load);
    if (api.close) api.close(connection);
}

int spd_say(SPDConnection *connection, SPDPriority priority, const char *text) { FORWARD(say, connection, priority, text); }

int spd_cancel(SPDConnection *connection) { FORWARD(cancel, connection); }

int spd_set_data_mode(SPDConnection *connection, SPDDataMode mode) { FORWARD(set_data_mode, connection, mode); }

int spd_set_voice_rate(SPDConnection *connection, signed int rate) { FORWARD(set_voice_rate, connection, rate); }

int spd_set_voice_pitch(SPDConnection *connection, signed int pitch) { FORWARD(set_voice_pitch, connection, pitch); }

int spd_set_volume(SPDConnection *connection, signed int volume) { FORWARD(set_volume, connection, volume); }

int spd_set_punctuation(SPDConnection *connection, SPDPunctuation type) { FORWARD(set_punctuation, connection, type); }

int spd_set_capital_letters(SPDConnection *connection, SPDCapitalLetters type) { FORWARD(set_capital_letters, connection, type); }

int spd_set_spelling(SPDConnection *connection, SPDSpelling type) { FORWARD(set_spelling, connection, type); }

int spd_set_language(SPDConnection *connection, const char *language) { FORWARD(set_language, connection, language); }
