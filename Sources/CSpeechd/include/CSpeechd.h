// speech-dispatcher's client library (Debian: libspeechd-dev). The library is not linked: Speechd.c
// loads it the first time Parla connects to speech-dispatcher.
#include <speech-dispatcher/libspeechd.h>
