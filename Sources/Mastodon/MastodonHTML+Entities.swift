extension MastodonHTML {
    /// The named entities Mastodon and common servers write; others stay as written.
    static let namedEntities: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ensp": " ", "emsp": " ", "thinsp": " ",
        "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "sbquo": "‚",
        "bdquo": "„", "laquo": "«", "raquo": "»", "lsaquo": "‹", "rsaquo": "›", "copy": "©", "reg": "®", "trade": "™",
        "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "sect": "§", "para": "¶", "deg": "°", "plusmn": "±",
        "times": "×", "divide": "÷", "middot": "·", "bull": "•", "iexcl": "¡", "iquest": "¿", "ordf": "ª", "ordm": "º",
        "shy": "\u{AD}", "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "hearts": "♥", "star": "☆",
        "aacute": "á", "eacute": "é", "iacute": "í", "oacute": "ó", "uacute": "ú", "agrave": "à", "egrave": "è",
        "ograve": "ò", "ntilde": "ñ", "ccedil": "ç", "uuml": "ü", "iuml": "ï", "Aacute": "Á", "Eacute": "É",
        "Iacute": "Í", "Oacute": "Ó", "Uacute": "Ú", "Agrave": "À", "Egrave": "È", "Ograve": "Ò", "Ntilde": "Ñ",
        "Ccedil": "Ç", "Uuml": "Ü", "Iuml": "Ï", "auml": "ä", "ouml": "ö", "szlig": "ß", "Auml": "Ä", "Ouml": "Ö",
        "zwj": "\u{200D}", "zwnj": "\u{200C}", "lrm": "\u{200E}", "rlm": "\u{200F}", "num": "#", "commat": "@",
        "colon": ":", "semi": ";", "excl": "!", "quest": "?", "lpar": "(", "rpar": ")", "sol": "/", "bsol": "\\",
        "Tab": "\t", "NewLine": "\n",
    ]

    /// The entity at `position` (just after `&`): its scalars and how many input scalars it used (0: none).
    ///
    /// Numeric references that name no character (0, surrogates, beyond U+10FFFF, too long) give U+FFFD.
    static func entity(in input: [Unicode.Scalar], at position: Int) -> ([Unicode.Scalar], Int) {
        var cursor = position
        guard cursor < input.count else { return ([], 0) }
        if input[cursor] == "#" {
            cursor += 1
            var hex = false
            if cursor < input.count, input[cursor] == "x" || input[cursor] == "X" { hex = true; cursor += 1 }
            var value: UInt32 = 0
            var digits = 0
            while cursor < input.count, let digit = Self.digit(input[cursor], hex: hex) {
                if value <= 0x10FFFF { value = value * (hex ? 16 : 10) + digit }
                digits += 1
                cursor += 1
            }
            guard digits > 0 else { return ([], 0) }
            if cursor < input.count, input[cursor] == ";" { cursor += 1 }
            let scalar = (value == 0 || value > 0x10FFFF) ? nil : Unicode.Scalar(value)
            return ([scalar ?? "\u{FFFD}"], cursor - position)
        }
        var name = ""
        while cursor < input.count, cursor - position < 32, input[cursor].properties.isASCIIHexDigit || input[cursor].properties.isAlphabetic && input[cursor].isASCII {
            name.unicodeScalars.append(input[cursor])
            cursor += 1
        }
        guard cursor < input.count, input[cursor] == ";", let scalar = namedEntities[name] else { return ([], 0) }
        return ([scalar], cursor + 1 - position)
    }

    static func digit(_ scalar: Unicode.Scalar, hex: Bool) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: scalar.value - 0x30
        case 0x41...0x46 where hex: scalar.value - 0x41 + 10
        case 0x61...0x66 where hex: scalar.value - 0x61 + 10
        default: nil
        }
    }

    /// A string with its entities decoded (for attribute values).
    static func decodeEntities(_ text: String) -> String {
        guard text.unicodeScalars.contains("&") else { return text }
        let input = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < input.count {
            if input[index] == "&" {
                let (scalars, length) = entity(in: input, at: index + 1)
                if length > 0 {
                    output.append(contentsOf: scalars)
                    index += 1 + length
                    continue
                }
            }
            output.append(input[index])
            index += 1
        }
        return String(output)
    }
}
