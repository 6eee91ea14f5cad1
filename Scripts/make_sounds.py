#!/usr/bin/env python3
"""Generates Parla's sound packs into a folder: python3 Scripts/make_sounds.py Sounds

Each pack goes to <folder>/<pack>/ with a manifest.json naming the file of each earcon:
  default  the standard set: sine, square, saw and bell timbres
  soft     the same gestures a fourth lower, in sine and triangle only, with gentler attacks

Python standard library only (wave, math, struct, json). Every sound is mono, 16-bit, 22050 Hz (the
rate of eSpeak-NG's speech, so they mix without resampling), shorter than 250 ms, and normalised
to the same peak level (-6 dBFS). Each differs from the others in pitch, timbre and envelope.
The file names are the `Earcon` raw values in Sources/SpeechKit/Utterance.swift.
"""
import json
import math
import os
import struct
import sys
import wave

RATE = 22050
PEAK = 0.5  # -6 dBFS

# The pack being made: frequencies are multiplied by SCALE, timbres mapped by TIMBRE, attacks at least ATTACK.
SCALE = 1.0
TIMBRE = {}
ATTACK = 0.0


def env(t, length, attack=0.004, release=0.02, shape="linear"):
    """Amplitude envelope at time t of a sound lasting length seconds."""
    if t < attack:
        a = t / attack
    elif shape == "exp":
        a = math.exp(-5.0 * (t - attack) / max(length - attack, 1e-6))
    else:
        a = 1.0
    if t > length - release:
        a *= max(0.0, (length - t) / release)
    return a


def wave_at(kind, phase):
    kind = TIMBRE.get(kind, kind)
    if kind == "sine":
        return math.sin(phase)
    if kind == "triangle":
        return 2.0 / math.pi * math.asin(math.sin(phase))
    if kind == "square":  # band-limited: odd harmonics 1, 3, 5, 7
        return sum(math.sin(k * phase) / k for k in (1, 3, 5, 7)) * 0.9
    if kind == "saw":  # band-limited: harmonics 1..8
        return sum(math.sin(k * phase) / k for k in range(1, 9)) * 0.6
    raise ValueError(kind)


def tone(freq, length, kind="sine", shape="linear", attack=0.004, release=0.02, end_freq=None):
    """A tone of `length` seconds, optionally gliding to end_freq."""
    out = []
    phase = 0.0
    n = int(length * RATE)
    freq *= SCALE
    end_freq = None if end_freq is None else end_freq * SCALE
    attack = max(attack, ATTACK)
    for i in range(n):
        t = i / RATE
        f = freq if end_freq is None else freq + (end_freq - freq) * (i / max(n - 1, 1))
        phase += 2 * math.pi * f / RATE
        out.append(wave_at(kind, phase) * env(t, length, attack, release, shape))
    return out


def bell(freq, length):
    """An inharmonic bell: partials 1, 2.76, 5.4 with decaying envelopes."""
    out = []
    freq *= SCALE
    for i in range(int(length * RATE)):
        t = i / RATE
        s = (math.sin(2 * math.pi * freq * t)
             + 0.5 * math.sin(2 * math.pi * freq * 2.76 * t) * math.exp(-t * 30)
             + 0.25 * math.sin(2 * math.pi * freq * 5.4 * t) * math.exp(-t * 50))
        out.append(s * env(t, length, 0.002, 0.015, "exp"))
    return out


def chord(freqs, length, kind="sine", shape="linear"):
    parts = [tone(f, length, kind, shape) for f in freqs]
    return [sum(p[i] for p in parts) for i in range(len(parts[0]))]


def silence(length):
    return [0.0] * int(length * RATE)


def seq(*parts):
    out = []
    for p in parts:
        out.extend(p)
    return out


def warble(f1, f2, length, rate_hz):
    f1, f2 = f1 * SCALE, f2 * SCALE
    out = []
    phase = 0.0
    for i in range(int(length * RATE)):
        t = i / RATE
        f = f1 if int(t * rate_hz * 2) % 2 == 0 else f2
        phase += 2 * math.pi * f / RATE
        out.append(math.sin(phase) * env(t, length, 0.004, 0.02))
    return out


SOUNDS = {
    # Navigation and actions
    "focus": lambda: tone(880, 0.045, "sine", "exp", 0.002, 0.01),
    "leave": lambda: tone(620, 0.05, "triangle", "exp", 0.002, 0.012, end_freq=440),
    "activate": lambda: seq(tone(660, 0.04, "square"), tone(990, 0.05, "square")),
    "edge": lambda: tone(200, 0.09, "triangle", "exp", 0.002, 0.02, end_freq=140),
    "error": lambda: seq(tone(440, 0.09, "saw"), silence(0.02), tone(330, 0.11, "saw")),
    "cancel": lambda: tone(1200, 0.12, "sine", "linear", 0.004, 0.03, end_freq=400),
    "toggle-on": lambda: seq(tone(600, 0.05, "sine"), tone(900, 0.06, "sine")),
    "toggle-off": lambda: seq(tone(900, 0.05, "sine"), tone(600, 0.06, "sine")),
    "keypad-centre": lambda: seq(tone(1000, 0.025, "square"), silence(0.035), tone(1000, 0.025, "square")),
    "loading": lambda: seq(tone(523, 0.08, "sine", "linear", 0.03, 0.04), silence(0.03),
                           tone(523, 0.08, "sine", "linear", 0.03, 0.04)),
    # Events
    "new-post": lambda: bell(1320, 0.18),
    "mention": lambda: seq(bell(1046, 0.08), bell(1568, 0.1)),
    "direct-message": lambda: seq(tone(784, 0.06, "triangle"), tone(988, 0.06, "triangle"),
                                  tone(1175, 0.09, "triangle", "exp")),
    "sent": lambda: tone(400, 0.15, "sine", "linear", 0.01, 0.04, end_freq=1600),
    # Cues read before a post
    "cue-boost": lambda: seq(tone(700, 0.03, "square"), tone(880, 0.03, "square"), tone(1050, 0.05, "square")),
    "cue-reply": lambda: seq(tone(880, 0.06, "triangle"), tone(660, 0.07, "triangle")),
    "cue-content-warning": lambda: warble(1000, 1250, 0.16, 25),
    "cue-poll": lambda: seq(*[seq(tone(1500, 0.022, "sine"), silence(0.018)) for _ in range(4)]),
    "cue-media-alt": lambda: chord([523, 659, 784], 0.14, "sine", "exp"),
    "cue-media-no-alt": lambda: chord([523, 554], 0.14, "saw", "exp"),
}


def normalise(samples):
    peak = max(abs(s) for s in samples) or 1.0
    return [s / peak * PEAK for s in samples]


def write(path, samples):
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(round(s * 32767))) for s in samples))


PACKS = {
    "default": dict(scale=1.0, timbre={}, attack=0.0),
    "soft": dict(scale=0.75, timbre={"square": "triangle", "saw": "triangle"}, attack=0.008),
}


def main():
    global SCALE, TIMBRE, ATTACK
    folder = sys.argv[1] if len(sys.argv) > 1 else "Sounds"
    for pack, settings in PACKS.items():
        SCALE, TIMBRE, ATTACK = settings["scale"], settings["timbre"], settings["attack"]
        target = os.path.join(folder, pack)
        os.makedirs(target, exist_ok=True)
        files = {}
        for name, make in SOUNDS.items():
            samples = normalise(make())
            length_ms = len(samples) * 1000 / RATE
            if length_ms >= 250:
                raise SystemExit(f"{pack}/{name} lasts {length_ms:.0f} ms; earcons must be under 250 ms")
            write(os.path.join(target, name + ".wav"), samples)
            files[name] = name + ".wav"
            print(f"{pack}/{name}.wav: {length_ms:.0f} ms")
        with open(os.path.join(target, "manifest.json"), "w") as manifest:
            json.dump({"name": pack, "sounds": files}, manifest, indent=2, sort_keys=True)
            manifest.write("\n")


if __name__ == "__main__":
    main()
