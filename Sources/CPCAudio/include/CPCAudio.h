// pcaudiolib, the audio library eSpeak-NG itself uses (Debian: libpcaudio-dev). The library is not
// linked: PCAudio.c loads it the first time a sound device is opened.
#include <pcaudiolib/audio.h>
