import ParlaBase

/// Names emoji for the synthesiser and says a run of the same emoji once with its count.
///
/// "Great news 🎉🎉🎉" becomes "Great news party popper, 3 times"; different emoji in a row are named
/// one after another with commas. Skin tones and the emoji variation selector do not change the name.
/// Names come from `emoji.<code points>` keys (upper-case hex joined by `-`) in the interface language;
/// an emoji not in the table is named by its Unicode name in lowercase.
struct EmojiNamer {
    let localizer: Localizer

    /// Whether a character is shown as an emoji (not a digit, `#` or `*` that merely may be one).
    static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        if first.properties.isEmojiPresentation { return true }
        guard first.properties.isEmoji else { return false }
        if scalars.count == 1 { return false }
        return scalars.contains { $0 == "\u{FE0F}" || $0 == "\u{20E3}" || $0 == "\u{200D}" || (0x1F3FB...0x1F3FF).contains($0.value) }
    }

    /// The key of an emoji: its code points without variation selectors and skin tones.
    static func key(_ character: Character) -> String {
        character.unicodeScalars
            .filter { $0 != "\u{FE0F}" && $0 != "\u{FE0E}" && !(0x1F3FB...0x1F3FF).contains($0.value) }
            .map { String($0.value, radix: 16, uppercase: true) }
            .joined(separator: "-")
    }

    /// The spoken name of one emoji.
    func name(_ character: Character) -> String {
        let key = "emoji." + Self.key(character)
        if localizer.has(key, in: localizer.language) { return localizer.string(key) }
        if localizer.has(key, in: .english) { return localizer.string(key, in: .english) }
        let scalars = character.unicodeScalars.filter {
            $0 != "\u{FE0F}" && $0 != "\u{FE0E}" && $0 != "\u{200D}" && !(0x1F3FB...0x1F3FF).contains($0.value)
        }
        let indicators = scalars.filter { (0x1F1E6...0x1F1FF).contains($0.value) }
        if indicators.count == 2 {
            let code = String(String.UnicodeScalarView(indicators.compactMap { Unicode.Scalar($0.value - 0x1F1E6 + 0x41) }))
            return localizer.string("post.emoji.flag", ["code": code])
        }
        if scalars.contains("\u{20E3}"), let key = scalars.first {
            return localizer.string("post.emoji.keycap", ["key": String(key)])
        }
        let names = scalars.compactMap { $0.properties.name?.lowercased() }
        return names.isEmpty ? "" : names.joined(separator: " ")
    }

    /// `text` with every emoji replaced by its name; runs of one emoji said once with a count.
    ///
    /// - Parameter said: given each name (or run) as it is put in, to tell the interface's words from the author's.
    func spoken(_ text: String, said: ((String) -> Void)? = nil) -> String {
        guard text.unicodeScalars.contains(where: { $0.value > 0x7F && $0.properties.isEmoji }) else { return text }
        var output = ""
        var run: (character: Character, count: Int)?
        var gap = ""
        var names: [String: String] = [:]

        func flush() {
            guard let current = run else { return }
            let name: String
            if let known = names[String(current.character)] {
                name = known
            } else {
                name = self.name(current.character)
                names[String(current.character)] = name
            }
            if !output.isEmpty, let last = output.last, !last.isWhitespace { output += " " }
            let words = current.count == 1 ? name : localizer.string("post.emoji.run", ["name": name, "count": String(current.count)])
            said?(words)
            output += words
            run = nil
        }

        for character in text {
            if Self.isEmoji(character) {
                if let current = run, current.character == character {
                    run = (character, current.count + 1)
                    gap = ""
                    continue
                }
                if run != nil {
                    flush()
                    output += ","
                }
                gap = ""
                run = (character, 1)
            } else if run != nil && character.isWhitespace {
                gap.append(character)
            } else {
                if run != nil {
                    flush()
                    if !gap.isEmpty || character.isLetter || character.isNumber { output += " " }
                    gap = ""
                }
                output.append(character)
            }
        }
        flush()
        output += gap
        return output
    }
}
