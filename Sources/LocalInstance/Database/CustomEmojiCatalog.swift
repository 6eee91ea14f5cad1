/// The server's custom emoji, read once for a page, and the ones a text names.
struct CustomEmojiCatalog {
    /// Every emoji, by shortcode.
    let byShortcode: [String: CustomEmojiEntity]
    /// The shortcodes in order, sorted once.
    private let shortcodes: [String]

    init(_ byShortcode: [String: CustomEmojiEntity]) {
        self.byShortcode = byShortcode
        shortcodes = byShortcode.keys.sorted()
    }

    /// Every emoji, in shortcode order.
    var all: [CustomEmojiEntity] { shortcodes.compactMap { byShortcode[$0] } }

    /// The custom emoji named `:shortcode:` in any of the texts, in shortcode order.
    func emojis(in texts: [String]) -> [CustomEmojiEntity] {
        guard !byShortcode.isEmpty else { return [] }
        let joined = texts.joined(separator: "\n")
        guard joined.utf8.contains(UInt8(ascii: ":")) else { return [] }
        // Every piece between two colons, found in one pass: `:name:` occurs exactly when `name` (which has no
        // colon) is one of them.
        let pieces = joined.utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard pieces.count > 2 else { return [] }
        let between = Set(pieces[1..<(pieces.count - 1)].map { String(decoding: $0, as: UTF8.self) })
        return shortcodes.filter { code in code.contains(":") ? texts.contains { $0.contains(":\(code):") } : between.contains(code) }
            .compactMap { byShortcode[$0] }
    }

    /// The text without the shortcodes of this server's emoji (`Amara Okafor :radio_on:` is `Amara Okafor`): for
    /// networks that have no custom emoji (Bluesky), where a shortcode would be read out as letters. The spaces
    /// a shortcode leaves are closed up; other colons stay.
    func withoutShortcodes(_ text: String) -> String {
        let found = emojis(in: [text])
        guard !found.isEmpty else { return text }
        var result = text
        for emoji in found { result = result.replacingOccurrences(of: ":\(emoji.shortcode):", with: " ") }
        return result.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
