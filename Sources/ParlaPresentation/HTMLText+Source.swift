extension HTMLText {
    /// A post's HTML back as the text its author typed: paragraphs as blank lines, links as their
    /// addresses, mentions as `@name`, hashtags as `#tag` (for redrafting and reminders).
    public static func source(_ html: String) -> String {
        var text = ""
        for piece in pieces(html) {
            switch piece {
            case .text(let words): text += words
            case .lineBreak: text += "\n"
            case .paragraphBreak: text += "\n\n"
            case .listItem(let number): text += number.map { "\($0). " } ?? "- "
            case .link(let url, _, _): text += url
            case .mention(let name, _): text += "@" + name
            case .hashtag(let tag): text += "#" + tag
            }
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
