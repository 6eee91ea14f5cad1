// libespeak-ng's public API (Debian: libespeak-ng-dev). The library is not linked: EspeakNG.c loads it
// the first time Parla speaks, so that a line command never pays for it.
#include <espeak-ng/speak_lib.h>
