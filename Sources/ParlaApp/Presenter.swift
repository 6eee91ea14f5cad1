import Foundation
import MicroblogKit
import ParlaBase

/// A post, notification or account made ready for the screen and the voice.
public struct Presented: Sendable, Hashable {
    /// The full text shown in the post's text label.
    public var display: String
    /// One line for a wheel row ("Ana: Good morning…").
    public var line: String
    /// What is said when it gets focus.
    public var spoken: String
    /// BCP 47 language of `spoken`, so it is read with the voice of its own language; nil: the interface's.
    public var language: String?

    public init(display: String, line: String, spoken: String, language: String?) {
        self.display = display
        self.line = line
        self.spoken = spoken
        self.language = language
    }
}

/// Turns posts, notifications and accounts into text to show and say.
///
/// The screens only use this protocol; ``FallbackPresenter`` is the small built-in form, to be
/// replaced by the template-driven SpeechText presenter.
public protocol PostPresenting: Sendable {
    /// - Parameter template: the user's choice of how posts are read (`standard`, `text-first`).
    func present(_ post: Post, localizer: Localizer, now: Date, template: String) -> Presented
    func present(_ notification: MicroblogNotification, localizer: Localizer, now: Date) -> Presented
    func present(_ account: Account, localizer: Localizer) -> Presented
    /// "5 minutes ago", "yesterday".
    func relativeTime(_ date: Date, now: Date, localizer: Localizer) -> String
    /// The links in a post, each as (what is said, the address).
    func links(in post: Post) -> [(label: String, url: String)]
}

/// The built-in presenter: strips tags, decodes the common entities, removes unsafe characters.
///
/// Deliberately small: the fallback until the SpeechText presenter (templates, hashtag splitting,
/// emoji runs) is wired in. Everything it returns is safe for the terminal and the synthesiser.
public struct FallbackPresenter: PostPresenting {
    public init() {}

    /// Plain text from a server's HTML: `<br>` and `</p><p>` become line breaks, other tags go,
    /// entities are decoded, unsafe characters removed.
    public static func plainText(_ html: String) -> String {
        var text = html
        for (pattern, replacement) in [("<br\\s*/?>", "\n"), ("</p>\\s*<p[^>]*>", "\n\n")] {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: [.regularExpression, .caseInsensitive])
        }
        text = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        let entities = ["&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'", "&apos;": "'", "&nbsp;": " ", "&amp;": "&"]
        for (entity, character) in entities { text = text.replacingOccurrences(of: entity, with: character) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { TextSafety.stripped(String($0)) }
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// One line ending in a full stop (unless it already ends in one, a question or an exclamation).
    static func sentence(_ text: String) -> String {
        let line = oneLine(text)
        guard let last = line.last else { return line }
        return ".!?…".contains(last) ? line : line + "."
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The templates this presenter knows.
    public static let templates = ["standard", "text-first"]

    public func present(_ post: Post, localizer: Localizer, now: Date, template: String) -> Presented {
        let shown = post.shown
        let author = TextSafety.stripped(shown.account.name)
        let body = Self.plainText(shown.content)
        let when = relativeTime(shown.createdAt, now: now, localizer: localizer)
        var parts: [String] = []
        if post.isBoost {
            parts.append(localizer.string("screens.post.boosted-by", ["name": TextSafety.stripped(post.account.name)]))
        }
        let warning = TextSafety.stripped(shown.spoilerText)
        let text = warning.isEmpty ? body : localizer.string("screens.post.warning", ["warning": warning])
        let form = template == "text-first" ? "screens.post.spoken.text-first" : "screens.post.spoken"
        parts.append(localizer.string(form, ["author": author, "text": Self.sentence(text), "time": when]))
        for media in shown.media {
            parts.append(media.hasDescription
                ? localizer.string("screens.post.media", ["alt": TextSafety.stripped(media.description ?? "")])
                : localizer.string("screens.post.media-no-alt"))
        }
        if let poll = shown.poll {
            parts.append(localizer.string("screens.post.poll", ["options": poll.options.map { TextSafety.stripped($0.title) }.joined(separator: ", ")]))
        }
        let line = localizer.string("screens.post.line", ["author": author, "text": Self.oneLine(text)])
        return Presented(display: text, line: line, spoken: parts.joined(separator: " "), language: shown.language)
    }

    public func present(_ notification: MicroblogNotification, localizer: Localizer, now: Date) -> Presented {
        let who = TextSafety.stripped(notification.account.name)
        let kind = NotificationKind.known.contains(notification.kind) ? notification.kind.rawValue : "other"
        let what = localizer.string("screens.notification.\(kind)", ["name": who])
        let body = notification.post.map { Self.oneLine(Self.plainText($0.shown.content)) } ?? ""
        let when = relativeTime(notification.createdAt, now: now, localizer: localizer)
        let spoken = body.isEmpty ? "\(what). \(when)" : "\(what): \(body). \(when)"
        return Presented(display: body.isEmpty ? what : "\(what): \(body)", line: body.isEmpty ? what : "\(what): \(body)",
                         spoken: spoken, language: body.isEmpty ? nil : notification.post?.shown.language)
    }

    public func present(_ account: Account, localizer: Localizer) -> Presented {
        let name = TextSafety.stripped(account.name)
        let handle = "@" + TextSafety.stripped(account.acct)
        let bio = Self.plainText(account.note)
        return Presented(display: bio, line: "\(name) \(handle)", spoken: localizer.string("screens.account.spoken", ["name": name, "handle": handle]),
                         language: nil)
    }

    public func relativeTime(_ date: Date, now: Date, localizer: Localizer) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return localizer.string("screens.time.now")
        case ..<3600: return localizer.string("screens.time.minutes", ["n": String(seconds / 60)])
        case ..<86_400: return localizer.string("screens.time.hours", ["n": String(seconds / 3600)])
        default: return localizer.string("screens.time.days", ["n": String(seconds / 86_400)])
        }
    }

    public func links(in post: Post) -> [(label: String, url: String)] {
        let html = post.shown.content
        guard let regex = try? NSRegularExpression(pattern: "<a\\s[^>]*href=\"([^\"]+)\"[^>]*>(.*?)</a>", options: [.caseInsensitive]) else { return [] }
        let range = NSRange(html.startIndex..., in: html)
        return regex.matches(in: html, range: range).compactMap { match in
            guard let urlRange = Range(match.range(at: 1), in: html), let textRange = Range(match.range(at: 2), in: html) else { return nil }
            let url = TextSafety.stripped(Self.plainText(String(html[urlRange])))
            let text = Self.plainText(String(html[textRange]))
            // Mentions and hashtags are not links to read out.
            if text.hasPrefix("@") || text.hasPrefix("#") { return nil }
            let host = URL(string: url)?.host ?? url
            return (label: TextSafety.stripped(host), url: url)
        }
    }
}
