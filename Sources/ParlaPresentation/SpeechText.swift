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

    /// The user's choices.
    public struct Options: Sendable, Hashable {
        public var linkDisplay: LinkDisplay
        /// Whether the body of a post with a content warning is read (and shown) after the warning.
        public var readWarningBody: Bool

        public init(linkDisplay: LinkDisplay = .short, readWarningBody: Bool = false) {
            self.linkDisplay = linkDisplay
            self.readWarningBody = readWarningBody
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

    /// A key with `.one` or `.other` chosen by `count`, `{n}` filled.
    func plural(_ key: String, _ count: Int, _ arguments: [String: String] = [:]) -> String {
        localizer.plural(key, count: count, arguments, placeholder: "n")
    }

    // MARK: Bodies

    /// A post body, bio or field value from the server's HTML.
    ///
    /// - Parameter mentions: the post's mentions, to tell local from remote users by their profile address.
    public func body(_ html: String, mentions: [Mention] = []) -> Text {
        var display = ""
        var spoken = ""
        for piece in HTMLText.pieces(html) {
            switch piece {
            case .text(let value):
                display += value
                spoken += value
            case .lineBreak:
                display += "\n"
                Self.endSentence(&spoken)
            case .paragraphBreak:
                display += "\n\n"
                Self.endSentence(&spoken)
            case .listItem(let number):
                display += number.map { "\($0). " } ?? "• "
            case .link(let url, let text, let short):
                display += options.linkDisplay == .full ? text : Self.shortened(text: text, short: short)
                spoken += spokenLink(url: url, text: text)
            case .mention(let name, let url):
                display += "@" + name
                spoken += spokenMention(name: name, url: url, mentions: mentions)
            case .hashtag(let tag):
                display += "#" + tag
                spoken += string("post.hashtag", ["words": Self.splitHashtag(tag)])
            }
        }
        return Text(display: displayClean(display), spoken: spokenClean(spoken))
    }

    /// Plain text from the network (names, content warnings, alt text, poll options) in both forms.
    public func plain(_ text: String) -> Text {
        Text(display: displayClean(text).replacingNewlines, spoken: spokenClean(text))
    }

    /// Display text made safe: controls and escapes gone, decorative letters normalised, spaces tidied.
    func displayClean(_ text: String) -> String {
        let safe = Decorative.normalized(TextSafety.cleaned(text, keepNewlines: true))
        return Self.tidy(safe, keepNewlines: true)
    }

    /// Spoken text made safe: as for display, then emoji named and the whole on one line.
    func spokenClean(_ text: String) -> String {
        let safe = Decorative.normalized(SpeechMarkup.removed(TextSafety.cleaned(text, keepNewlines: false)))
        return Self.tidy(EmojiNamer(localizer: localizer).spoken(safe), keepNewlines: false)
    }

    /// "link to example.com" for an address written out; the link's own words when it has some.
    func spokenLink(url: String, text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
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
        guard contains("\n") else { return self }
        return SpeechText.tidy(self, keepNewlines: false)
    }
}
