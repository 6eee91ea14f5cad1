extension TextSafety {
    /// The text with whole terminal sequences removed, then every unsafe scalar.
    ///
    /// Unlike ``stripped(_:)``, which drops the escape character alone and leaves `[31m` behind, this
    /// removes the sequence it starts: CSI (`ESC [` or U+009B, parameters, final byte), OSC (`ESC ]` or
    /// U+009D up to BEL or ST, so window titles and `52;c;…` clipboard writes go with their payload),
    /// DCS, SOS, PM and APC strings, and two-character escapes. A string sequence with no terminator
    /// loses only its introducer and numeric parameter, so the text after it is still read. Backspaces
    /// and other controls are dropped. Linear in the length of the text.
    ///
    /// - Parameter keepNewlines: keep `\n` (display text with paragraphs); otherwise line breaks,
    ///   tabs and the Unicode line separators become spaces.
    public static func cleaned(_ text: String, keepNewlines: Bool = false) -> String {
        var needsWork = false
        for scalar in text.unicodeScalars where isUnsafe(scalar) {
            needsWork = true
            break
        }
        guard needsWork else { return text }
        let input = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let scalar = input[index]
            let value = scalar.value
            if value == 0x1B || value == 0x9B || value == 0x9D || value == 0x90 || value == 0x98 || value == 0x9E || value == 0x9F {
                index = sequenceEnd(input, at: index)
                continue
            }
            if scalar == "\n" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                output.append(keepNewlines ? "\n" : " ")
            } else if scalar == "\t" || scalar == "\r" {
                if scalar == "\t" || !keepNewlines { output.append(" ") }
            } else if !isUnsafe(scalar) {
                output.append(scalar)
            }
            index += 1
        }
        return String(output)
    }

    /// Where the sequence starting at `start` (ESC or a C1 introducer) ends.
    static func sequenceEnd(_ input: [Unicode.Scalar], at start: Int) -> Int {
        var index = start
        var kind: Unicode.Scalar
        if input[index].value == 0x1B {
            index += 1
            guard index < input.count else { return index }
            kind = input[index]
            switch kind.value {
            case 0x5B, 0x5D, 0x50, 0x58, 0x5E, 0x5F: index += 1  // [ ] P X ^ _
            case 0x20...0x2F:  // intermediates, then a final byte
                while index < input.count, (0x20...0x2F).contains(input[index].value) { index += 1 }
                if index < input.count, (0x30...0x7E).contains(input[index].value) { index += 1 }
                return index
            case 0x30...0x7E: return index + 1
            default: return index
            }
        } else {
            kind = input[index]
            index += 1
            kind = switch kind.value {
            case 0x9B: "["
            case 0x9D: "]"
            case 0x90: "P"
            default: "X"
            }
        }
        if kind == "[" {
            let afterIntroducer = index
            while index < input.count, (0x30...0x3F).contains(input[index].value) { index += 1 }
            while index < input.count, (0x20...0x2F).contains(input[index].value) { index += 1 }
            if index < input.count, (0x40...0x7E).contains(input[index].value) { return index + 1 }
            return afterIntroducer
        }
        // A string sequence: up to BEL, ESC \ or ST; another control ends it too.
        let afterIntroducer = index
        var cursor = index
        while cursor < input.count {
            let value = input[cursor].value
            if value == 0x07 || value == 0x9C { return cursor + 1 }
            if value == 0x1B {
                if cursor + 1 < input.count, input[cursor + 1] == "\\" { return cursor + 2 }
                return cursor
            }
            if value < 0x20 || (0x80...0x9F).contains(value) { return cursor }
            cursor += 1
        }
        // No terminator: drop the numeric parameter and its separator only.
        var end = afterIntroducer
        while end < input.count, (0x30...0x39).contains(input[end].value) { end += 1 }
        if end < input.count, input[end] == ";" { end += 1 }
        return end
    }
}
