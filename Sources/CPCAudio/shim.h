// pcaudiolib, the audio library eSpeak-NG itself uses (Debian: libpcaudio-dev; no .pc file).
#include <pcaudiolib/audio.h>
