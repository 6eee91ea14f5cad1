#!/usr/bin/env python3
"""Writes the word lists that word prediction completes from: Localization/<lang>/words.txt.

One word a line, the most frequent first, from wordfreq (pinned in the Makefile's `wordlists` target).
Only whole words a person types are kept: letters (with the language's apostrophes and hyphens inside),
no numbers, no fragments such as Catalan's "l" and "d" that wordfreq splits from "l'" and "d'".
Run by `make wordlists`; the lists are committed, as the sounds are, with their licence beside them.
"""
import os
import sys
import unicodedata

import wordfreq

COUNT = 20000
# Words of one letter that are words in each language.
SINGLE = {"en": {"a", "i"}, "es": {"a", "e", "o", "u", "y"}, "ca": {"a", "e", "i", "o", "u"}}
# How a word is written when it starts a sentence does not matter; these are always capitalised.
ALWAYS_CAPITAL = {"en": {"i": "I", "i'm": "I'm", "i'll": "I'll", "i've": "I've", "i'd": "I'd"}}


def keep(word, lang):
    if len(word) == 1:
        return word in SINGLE[lang]
    if not all(unicodedata.category(c).startswith("L") or c in "'’-·" for c in word):
        return False
    if not unicodedata.category(word[0]).startswith("L") or not unicodedata.category(word[-1]).startswith("L"):
        return False
    return True


def main(root):
    for lang in ("en", "es", "ca"):
        words = []
        seen = set()
        for word in wordfreq.iter_wordlist(lang, wordlist="large" if lang in ("en", "es", "ca") else "best"):
            word = word.replace("’", "'")
            word = ALWAYS_CAPITAL.get(lang, {}).get(word, word)
            if word in seen or not keep(word.lower(), lang):
                continue
            seen.add(word)
            words.append(word)
            if len(words) == COUNT:
                break
        path = os.path.join(root, "Localization", lang, "words.txt")
        with open(path, "w", encoding="utf-8") as out:
            out.write("\n".join(words) + "\n")
        print(f"{path}: {len(words)} words")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
