extension TextRun {
    /// Stored compactly, as the cache keeps thousands of texts: words as a JSON string, every other run as
    /// an array that starts with its kind (`["br"]`, `["p"]`, `["li",2]`, `["link",url,text,shown]`,
    /// `["mention",name,url]`, `["tag",tag]`, `["emoji",shortcode,url]`).
    public init(from decoder: any Decoder) throws {
        if let words = try? decoder.singleValueContainer().decode(String.self) {
            self = .text(words)
            return
        }
        var values = try decoder.unkeyedContainer()
        let kind = try values.decode(String.self)
        switch kind {
        case "br": self = .lineBreak
        case "p": self = .paragraphBreak
        case "li": self = .listItem(values.isAtEnd ? nil : try values.decode(Int.self))
        case "link": self = .link(url: try values.decode(String.self), text: try values.decode(String.self), shown: try values.decode(String.self))
        case "mention": self = .mention(name: try values.decode(String.self), url: try values.decode(String.self))
        case "tag": self = .hashtag(try values.decode(String.self))
        case "emoji": self = .emoji(shortcode: try values.decode(String.self), url: try values.decode(String.self))
        default:
            throw DecodingError.dataCorruptedError(in: values, debugDescription: "unknown text run \(kind)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if case .text(let words) = self {
            var container = encoder.singleValueContainer()
            try container.encode(words)
            return
        }
        var values = encoder.unkeyedContainer()
        switch self {
        case .text: break
        case .lineBreak: try values.encode("br")
        case .paragraphBreak: try values.encode("p")
        case .listItem(let number):
            try values.encode("li")
            if let number { try values.encode(number) }
        case .link(let url, let text, let shown): try values.encode(contentsOf: ["link", url, text, shown])
        case .mention(let name, let url): try values.encode(contentsOf: ["mention", name, url])
        case .hashtag(let tag): try values.encode(contentsOf: ["tag", tag])
        case .emoji(let shortcode, let url): try values.encode(contentsOf: ["emoji", shortcode, url])
        }
    }
}
