import MicroblogKit

extension MastodonHTML {
    /// The text of `html` with the server's emoji as emoji runs.
    public static func text(_ html: String, emojis: [CustomEmoji]) -> RichText {
        let runs = runs(html)
        let codes = emojis.filter { !$0.shortcode.isEmpty }
        guard !codes.isEmpty else { return RichText(runs) }
        return RichText(runs.flatMap { run -> [TextRun] in
            guard case .text(let words) = run else { return [run] }
            return withEmoji(words, codes)
        })
    }

    /// Words split at each `:shortcode:` of the server's emoji.
    static func withEmoji(_ words: String, _ emojis: [CustomEmoji]) -> [TextRun] {
        guard words.utf8.contains(UInt8(ascii: ":")) else { return [.text(words)] }
        var runs: [TextRun] = []
        var rest = Substring(words)
        var plain = ""
        while let colon = rest.firstIndex(of: ":") {
            let after = rest[rest.index(after: colon)...]
            if let emoji = emojis.first(where: { after.hasPrefix($0.shortcode + ":") }) {
                plain += rest[..<colon]
                if !plain.isEmpty { runs.append(.text(plain)) }
                plain = ""
                runs.append(.emoji(shortcode: emoji.shortcode, url: emoji.url ?? ""))
                rest = after.dropFirst(emoji.shortcode.count + 1)
            } else {
                plain += rest[...colon]
                rest = after
            }
        }
        plain += rest
        if !plain.isEmpty { runs.append(.text(plain)) }
        return runs
    }
}
