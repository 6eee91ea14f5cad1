import Foundation
import MicroblogKit
import ParlaBase

/// Turns posts, notifications and accounts into what is shown and what is said.
///
/// Display text keeps paragraphs, shows links in full or shortened (``LinkDisplay``), mentions as
/// `@user` and hashtags as `#CamelCase`. Spoken text says links by their domain ("link to
/// example.com"), mentions as "@user" (with "at server" only for remote users), hashtags split at
/// CamelCase ("hashtag Camel Case"), runs of one emoji once with a count ("party popper, 3 times").
/// Both have decorative letters (mathematical bold, fullwidth, circled) normalised and every control,
/// terminal escape and bidi override removed (``TextSafety/cleaned(_:keepNewlines:)``).
///
/// Emoji are named in the interface language from `Localization/<lang>/emoji.json` (keys
/// `emoji.<code points>`); an emoji not in the table is named by its Unicode name in lowercase, in
/// every language (an English name tells more than silence).
public struct SpeechText: Sendable {
    /// How links are shown on screen.
    public enum LinkDisplay: String, Sendable, CaseIterable, Codable {
        /// The whole address as written.
        case full
        /// Mastodon's short form: without the scheme and `www.`, cut with `…` after 30 characters.
        case short
    }

    /// How the time of a post is given.
    public enum TimeDisplay: String, Sendable, CaseIterable, Codable {
        /// "5 hours ago".
        case relative
        /// The date and time in the interface language's format ("1 Mar 2026, 11:55").
        case absolute
    }

    /// The user's choices.
    public struct Options: Sendable, Hashable {
        public var linkDisplay: LinkDisplay
        /// Whether what a content warning hides (body, media, poll, quote, link preview) is read (and shown) after the warning.
        public var readWarningBody: Bool
        /// Whether everything held back is given: the body behind a content warning or a filter's
        /// warning, and the descriptions of sensitive media (reading a post on request).
        public var opened: Bool
        public var timeDisplay: TimeDisplay
        /// The zone absolute times are given in; nil: the system's, looked up only when a time is given absolute
        /// (finding it reads the time zone data: a third of a millisecond).
        public var timeZone: TimeZone?

        /// Whether a list says a post's body whole; otherwise its opening, "More.", and the rest on request (``Opening``).
        public var wholePosts: Bool

        public init(linkDisplay: LinkDisplay = .short, readWarningBody: Bool = false, opened: Bool = false,
                    timeDisplay: TimeDisplay = .relative, timeZone: TimeZone? = nil, wholePosts: Bool = false) {
            self.wholePosts = wholePosts
            self.linkDisplay = linkDisplay
            self.readWarningBody = readWarningBody
            self.opened = opened
            self.timeDisplay = timeDisplay
            self.timeZone = timeZone
        }
    }

    /// A text in its two forms.
    public struct Text: Sendable, Hashable {
        /// For the screen: paragraphs separated by an empty line.
        public var display: String
        /// For the synthesiser: one line.
        public var spoken: String

        public init(display: String, spoken: String) {
            self.display = display
            self.spoken = spoken
        }

        public static let empty = Text(display: "", spoken: "")
        public var isEmpty: Bool { display.isEmpty && spoken.isEmpty }
    }

    /// What a post, notification or account becomes.
    public struct Output: Sendable, Hashable {
        /// The full text for the text label (several lines).
        public var display: String
        /// One line for a list row.
        public var line: String
        /// What is said.
        public var spoken: String
        /// BCP 47 tag of the voice to read `spoken` with; nil: the interface's.
        public var language: String?
        /// `spoken` in parts, each with its voice: a post's own words in its language, the interface's
        /// words around them in the interface's (one segment in `language` unless they differ).
        public var segments: [Segment]
        /// What a list holds back of the post's body (``Opening``), in its voices; empty: it is all said.
        public var rest: [Segment] = []
        /// When the post was written, as the end of ``spoken`` says it ("2 days ago", "yesterday, edited"); nil: not said there.
        public var time: String?

        public init(display: String, line: String, spoken: String, language: String?, segments: [Segment]? = nil) {
            self.display = display
            self.line = line
            self.spoken = spoken
            self.language = language
            self.segments = segments ?? [Segment(spoken, language: language)]
        }
    }

    public var localizer: Localizer
    public var options: Options

    public init(localizer: Localizer, options: Options = Options()) {
        self.localizer = localizer
        self.options = options
    }

    func string(_ key: String, _ arguments: [String: String] = [:]) -> String { localizer.string(key, arguments) }

    /// Numeronyms ("a11y") said as their words.
    var numeronyms: Numeronyms { Numeronyms(localizer: localizer) }

    /// A key with `.one` or `.other` chosen by `count`, `{n}` filled.
    func plural(_ key: String, _ count: Int, _ arguments: [String: String] = [:]) -> String {
        localizer.plural(key, count: count, arguments, placeholder: "n")
    }

    // MARK: Bodies

    /// A post body, bio or field value, as the network's module read it into runs.
    ///
    /// - Parameters:
    ///   - mentions: the post's mentions, to tell local from remote users by their profile address.
    ///   - emojis: the server's emoji used in it, said and shown as words (`:blob_cat:` → "blob cat").
    ///   - home: the domain of the server the text comes from (a bio's), so that a mention of a user of
    ///     another server keeps its server when the text lists no mentions.
    ///   - replyTarget: the user a reply answers; a mention of them that opens the text is shown but
    ///     not said, since "replying to @pablo" has just said it.
    public func body(_ rich: RichText, mentions: [Mention] = [], emojis: [CustomEmoji] = [], home: String? = nil,
                     replyTarget: Mention? = nil) -> Text {
        var display = ""
        var spoken = ""
        var target = replyTarget
        var started = false
        for run in Self.named(rich, emojis) {
            switch run {
            case .text(let value):
                display += value
                spoken += value
                if !started, value.contains(where: { !$0.isWhitespace }) { started = true }
            case .lineBreak:
                display += "\n"
                Self.endSentence(&spoken)
            case .paragraphBreak:
                display += "\n\n"
                Self.endSentence(&spoken)
            case .listItem(let number):
                display += number.map { "\($0). " } ?? "• "
                started = true
            case .link(let url, let text, let short):
                display += options.linkDisplay == .full ? text : Self.shortened(text: text, short: short)
                spoken += spokenLink(url: url, text: text)
                started = true
            case .mention(let name, let url):
                let remote = Self.remoteServer(of: url, name: name, mentions: mentions, home: home)
                display += remote.map { "@" + name + "@" + $0 } ?? "@" + name
                if !started, let said = target, Self.names(said, name: name, url: url) {
                    target = nil
                    continue
                }
                started = true
                if let remote {
                    spoken += string("post.mention.remote", ["user": name, "server": remote])
                } else {
                    spoken += spokenMention(name: name, url: url, mentions: mentions)
                }
            case .hashtag(let tag):
                display += "#" + tag
                spoken += spokenHashtag(tag).text
                started = true
            case .emoji(let shortcode, _):
                // A server's emoji the network's module found: shown and said as its shortcode's words.
                let words = Self.emojiWords(shortcode)
                display += words
                spoken += words
                started = true
            }
        }
        return Text(display: displayClean(display), spoken: spokenClean(spoken))
    }

    /// Whether a mention written `@name` linking to `url` is of `mention`'s user.
    static func names(_ mention: Mention, name: String, url: String) -> Bool {
        (!url.isEmpty && url == mention.url) || name == mention.username || name == mention.acct
    }

    /// The interface's words that ``body(_:mentions:emojis:home:replyTarget:)`` says inside a text:
    /// links by their domain, remote mentions, hashtags, and the names of its emoji.
    func interfaceWords(in rich: RichText, mentions: [Mention] = [], emojis: [CustomEmoji] = [], home: String? = nil) -> [InterfaceWords] {
        var words: [InterfaceWords] = []
        var written = ""
        for run in Self.named(rich, emojis) {
            switch run {
            case .text(let value): written += value + " "
            case .emoji(let shortcode, _): written += Self.emojiWords(shortcode) + " "
            case .link(let url, let text, _): words.append(InterfaceWords(spokenClean(spokenLink(url: url, text: text))))
            case .mention(let name, let url):
                let said = Self.remoteServer(of: url, name: name, mentions: mentions, home: home)
                    .map { string("post.mention.remote", ["user": name, "server": $0]) } ?? spokenMention(name: name, url: url, mentions: mentions)
                if said != "@" + name { words.append(InterfaceWords(spokenClean(said))) }
            case .hashtag(let tag):
                let said = spokenHashtag(tag)
                let clean = spokenClean(said.text)
                words.append(InterfaceWords(clean, own: clean == said.text ? said.own : nil))
            case .lineBreak, .paragraphBreak, .listItem: written += " "
            }
        }
        return words + emojiNames(in: written).map { InterfaceWords($0) }
    }

    /// What each emoji (or run of one emoji) in `text` is said as: interface words.
    func emojiNames(in text: String) -> [String] {
        var names: [String] = []
        _ = EmojiNamer(localizer: localizer).spoken(TextSafety.cleaned(text, keepNewlines: false)) { names.append($0) }
        return names
    }

    /// Plain text from the network (names, content warnings, alt text, poll options) in both forms.
    ///
    /// - Parameter emojis: the server's emoji used in it, said and shown as words.
    public func plain(_ text: String, emojis: [CustomEmoji] = []) -> Text {
        let named = Self.namingEmoji(text, emojis)
        return Text(display: displayClean(named).replacingNewlines, spoken: spokenClean(named))
    }

    /// Display text made safe: controls, escapes and zero-width characters gone, decorative letters normalised, spaces tidied.
    func displayClean(_ text: String) -> String {
        let safe = Decorative.normalized(Self.withoutZeroWidth(TextSafety.cleaned(text, keepNewlines: true)))
        return Self.tidy(safe, keepNewlines: true)
    }

    /// Spoken text made safe: as for display, then emoji named and the whole on one line.
    func spokenClean(_ text: String) -> String {
        let safe = Decorative.normalized(SpeechMarkup.removed(Self.withoutZeroWidth(TextSafety.cleaned(text, keepNewlines: false))))
        return Self.tidy(EmojiNamer(localizer: localizer).spoken(safe), keepNewlines: false)
    }

    /// The text without the characters that take no room and say nothing: zero-width space, word
    /// joiner, soft hyphen, Mongolian vowel separator, zero-width non-joiner, and a zero-width joiner
    /// that does not join two emoji.
    static func withoutZeroWidth(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: { [0x200B, 0x200C, 0x200D, 0x2060, 0x00AD, 0x180E].contains($0.value) }) else { return text }
        var output = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x200B, 0x200C, 0x2060, 0x00AD, 0x180E: continue
            case 0x200D:
                let before = index > 0 ? scalars[index - 1] : nil
                let after = index + 1 < scalars.count ? scalars[index + 1] : nil
                let joinsEmoji = before.map { $0.properties.isEmoji && $0.value > 0x7F || $0 == "\u{FE0F}" || (0x1F3FB...0x1F3FF).contains($0.value) } == true
                    && after.map { $0.properties.isEmoji && $0.value > 0x7F } == true
                if joinsEmoji { output.append(scalar) }
            default: output.append(scalar)
            }
        }
        return String(output)
    }

    /// The runs of a text with each of the server's emoji written `:blob_cat:` in its words and link texts
    /// as words ("blob cat"), as an emoji run is said.
    static func named(_ rich: RichText, _ emojis: [CustomEmoji]) -> [TextRun] {
        guard !emojis.isEmpty else { return rich.runs }
        return rich.runs.map { run in
            switch run {
            case .text(let words): .text(namingEmoji(words, emojis))
            case .link(let url, let text, let shown): .link(url: url, text: namingEmoji(text, emojis), shown: namingEmoji(shown, emojis))
            default: run
            }
        }
    }

    /// A custom emoji's shortcode as words, spaced from what is around it (`blob_cat` → " blob cat ").
    static func emojiWords(_ shortcode: String) -> String {
        " " + splitHashtag(shortcode) + " "
    }

    /// The text with each of the server's emoji (`:blob_cat:`) as words ("blob cat"); a shortcode the
    /// server did not list is left as written (it may be an ordinary colon).
    static func namingEmoji(_ text: String, _ emojis: [CustomEmoji]) -> String {
        guard !emojis.isEmpty, text.utf8.contains(UInt8(ascii: ":")) else { return text }
        var result = text
        for emoji in emojis where !emoji.shortcode.isEmpty {
            let code = ":" + emoji.shortcode + ":"
            guard result.contains(code) else { continue }
            result = result.replacingOccurrences(of: code, with: emojiWords(emoji.shortcode))
        }
        return result
    }

    /// "link to example.com" for an address written out; the link's own words when it has some.
    func spokenLink(url: String, text: String) -> String {
        let trimmed = text.trimmingSpacesAndTabs
        let looksLikeAddress = trimmed.contains("://") || trimmed.hasPrefix("www.") || trimmed == url
        guard looksLikeAddress else { return trimmed }
        let domain = Self.domain(of: url) ?? Self.domain(of: trimmed) ?? trimmed
        return string("post.link", ["domain": domain])
    }

    /// "@ana", or "@ana at example.org" when the mentioned user is on another server.
    func spokenMention(name: String, url: String, mentions: [Mention]) -> String {
        let known = mentions.first { $0.url == url && !url.isEmpty }
            ?? mentions.first { $0.username == name || $0.acct == name }
        let acct = known?.acct ?? name
        let parts = acct.split(separator: "@", maxSplits: 1).map(String.init)
        if parts.count == 2 { return string("post.mention.remote", ["user": parts[0], "server": parts[1]]) }
        return "@" + (parts.first ?? name)
    }

    /// The server of a mention the text's mentions do not list, when its address is on another server than `home`.
    static func remoteServer(of url: String, name: String, mentions: [Mention], home: String?) -> String? {
        guard let home, !name.contains("@"), !mentions.contains(where: { $0.url == url || $0.username == name }),
              let server = domain(of: url), server != home else { return nil }
        return server
    }

    /// Mastodon's short form when the server gave one, else the address without scheme and `www.`, cut at 30.
    static func shortened(text: String, short: String) -> String {
        guard short == text, text.contains("://") else { return short }
        var rest = Substring(text)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        if rest.hasPrefix("www.") { rest = rest.dropFirst(4) }
        return rest.count > 30 ? rest.prefix(30) + "…" : String(rest)
    }

    /// The host of an address without `www.`; nil when there is none.
    static func domain(of url: String) -> String? {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }
        var domain = String(host.split(separator: "@").last ?? "").lowercased()
        if domain.hasPrefix("www.") { domain.removeFirst(4) }
        return domain.isEmpty ? nil : domain
    }

    // MARK: Sentences

    /// Ends spoken text with a full stop unless it already ends a sentence.
    static func endSentence(_ text: inout String) {
        while text.last == " " { text.removeLast() }
        guard let last = text.last else { return }
        if !".!?…:;,".contains(last) { text += "." }
        text += " "
    }

    /// One sentence: `text` with a full stop unless it already ends in one.
    static func sentence(_ text: String) -> String {
        var copy = text
        endSentence(&copy)
        while copy.last == " " { copy.removeLast() }
        return copy
    }

    /// Spaces collapsed, lines trimmed, at most one empty line in a row (or everything on one line).
    static func tidy(_ text: String, keepNewlines: Bool) -> String {
        if isTidy(text) { return text }
        var output = String.UnicodeScalarView()
        var pendingSpace = false
        var newlines = 0
        for scalar in text.unicodeScalars {
            if scalar == "\n" && keepNewlines {
                pendingSpace = false
                newlines += 1
                continue
            }
            if scalar == " " || scalar == "\n" || scalar == "\u{A0}" {
                pendingSpace = true
                continue
            }
            if newlines > 0 {
                if !output.isEmpty { output.append(contentsOf: newlines > 1 ? "\n\n".unicodeScalars : "\n".unicodeScalars) }
                newlines = 0
            } else if pendingSpace && !output.isEmpty {
                output.append(" ")
            }
            pendingSpace = false
            output.append(scalar)
        }
        return String(output)
    }

    /// Whether ``tidy(_:keepNewlines:)`` would give the text back as it is: no line break, no
    /// no-break space, no space first or last or after another (most names and bodies).
    static func isTidy(_ text: String) -> Bool {
        var utf8 = text.utf8.makeIterator()
        var previous: UInt8 = 0x20
        while let byte = utf8.next() {
            switch byte {
            case 0x0A: return false
            case 0x20 where previous == 0x20: return false
            case 0xA0 where previous == 0xC2: return false
            default: previous = byte
            }
        }
        return previous != 0x20 || text.isEmpty
    }

    /// The voice for a post's language: a normalised BCP 47 tag (`pt-BR`, `zh-Hant`), nil when absent or invalid.
    public static func voiceLanguage(_ code: String?) -> String? {
        guard let code, !code.isEmpty, code.count <= 35 else { return nil }
        let subtags = code.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let primary = subtags.first, (2...3).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        let language = primary.lowercased()
        guard language != "und", language != "zxx", language != "mul" else { return nil }
        var result = [language]
        for subtag in subtags.dropFirst() {
            guard (1...8).contains(subtag.count), subtag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
            switch subtag.count {
            case 2 where subtag.allSatisfy(\.isLetter): result.append(subtag.uppercased())
            case 4 where subtag.allSatisfy(\.isLetter): result.append(subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased())
            default: result.append(subtag.lowercased())
            }
        }
        return result.joined(separator: "-")
    }
}

extension String {
    /// Line breaks as spaces (for one-line labels).
    var replacingNewlines: String {
        // The bytes, not `contains("\n")`: Foundation's search goes through NSString (a tenth of presenting a post).
        guard utf8.contains(UInt8(ascii: "\n")) else { return self }
        return SpeechText.tidy(self, keepNewlines: false)
    }
}
