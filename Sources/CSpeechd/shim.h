// speech-dispatcher's client library (Debian: libspeechd-dev; pkg-config speech-dispatcher).
#include <speech-dispatcher/libspeechd.h>
