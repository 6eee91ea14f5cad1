// The Hunspell functions Parla calls, each forwarding to libhunspell, which is loaded with dlopen on the
// first call (a command that checks no spelling no longer loads it and the C++ library at every start).
// Without the library no dictionary opens (NULL), which Parla already takes as "no dictionary"; the
// other functions are only ever called on a dictionary that opened.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>
#pragma GCC visibility push(hidden)
#include "CHunspell.h"

static struct {
    __typeof__(Hunspell_create) *create;
    __typeof__(Hunspell_destroy) *destroy;
    __typeof__(Hunspell_spell) *spell;
    __typeof__(Hunspell_get_dic_encoding) *get_dic_encoding;
    __typeof__(Hunspell_suggest) *suggest;
    __typeof__(Hunspell_free_list) *free_list;
} api;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libhunspell-1.7.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    api.create = dlsym(library, "Hunspell_create");
    api.destroy = dlsym(library, "Hunspell_destroy");
    api.spell = dlsym(library, "Hunspell_spell");
    api.get_dic_encoding = dlsym(library, "Hunspell_get_dic_encoding");
    api.suggest = dlsym(library, "Hunspell_suggest");
    api.free_list = dlsym(library, "Hunspell_free_list");
}

Hunhandle *Hunspell_create(const char *affix, const char *dictionary) {
    pthread_once(&loaded, load);
    return api.create ? api.create(affix, dictionary) : NULL;
}

void Hunspell_destroy(Hunhandle *handle) {
    pthread_once(&loaded, load);
    if (api.destroy) api.destroy(handle);
}

int Hunspell_spell(Hunhandle *handle, const char *word) {
    pthread_once(&loaded, load);
    return api.spell ? api.spell(handle, word) : 0;
}

char *Hunspell_get_dic_encoding(Hunhandle *handle) {
    pthread_once(&loaded, load);
    return api.get_dic_encoding ? api.get_dic_encoding(handle) : NULL;
}

int Hunspell_suggest(Hunhandle *handle, char ***list, const char *word) {
    pthread_once(&loaded, load);
    if (api.suggest) return api.suggest(handle, list, word);
    *list = NULL;
    return 0;
}

void Hunspell_free_list(Hunhandle *handle, char ***list, int count) {
    pthread_once(&loaded, load);
    if (api.free_list) api.free_list(handle, list, count);
}
