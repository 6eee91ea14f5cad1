import MicroblogKit

extension Account {
    /// The name to say and show: the display name without the server's custom emoji (`:radio_on:`),
    /// as TWBlue gives it, so that a decoration is not read as words at every post; the username
    /// when nothing else is left.
    ///
    /// Only the shortcodes the server listed for the account are taken out (another colon stays).
    public var plainName: String {
        let named = name
        guard let emojis, !emojis.isEmpty, named.utf8.contains(UInt8(ascii: ":")) else { return named }
        var result = named
        for emoji in emojis where !emoji.shortcode.isEmpty {
            result = result.replacingOccurrences(of: ":" + emoji.shortcode + ":", with: " ")
        }
        let tidy = result.split(whereSeparator: { $0 == " " }).joined(separator: " ")
        return tidy.isEmpty ? username : tidy
    }
}
