// libespeak-ng's public API (Debian: libespeak-ng-dev).
#include <espeak-ng/speak_lib.h>
