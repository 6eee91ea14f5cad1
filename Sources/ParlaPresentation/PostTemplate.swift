import Foundation

/// How a post is read and shown in a list: a spoken form and a one-line display form, each a text
/// with `$variables`.
///
/// Variables (each empty when it does not apply, so a template needs no conditions):
/// - `$author` the author's name (for a boost, the boosted post's author)
/// - `$handle` `@user`, or `@user@server` (said "@user at server") for remote users
/// - `$body` the body alone, whole
/// - `$opening` the body's first words (``SpeechText/opening(of:)``), or the body whole when it is short or
///   the options ask for whole posts: what the default line reads
/// - `$more` "More." after an opening that holds words back (said with Right on the post, or in the reader)
/// - `$flags` short flags for what the line does not read: "quoting Bea", "2 images", "poll"
/// - `$text` the body, then the quoted post ("Quoting Bea: …", or why it is not shown) and the link
///   preview ("Link: title, site"); empty while a content warning or a filter's warning hides it
/// - `$cw` "Filtered: <filter>" and "Content warning: …"
/// - `$media` each attachment with its alt text, or "Image without description"; "Sensitive media, 2 attachments"
///   for sensitive media until the post is opened
/// - `$poll` options, votes and percentages when visible, your vote, time left or "closed"
/// - `$time` when it was posted ("5 minutes ago"; "5 min ago" on screen), or the date and time when
///   the options ask for absolute times; with ", edited" after it for an edited post
/// - `$boost` "Ana boosted" for a boost
/// - `$reply` ", replying to @bea" for a reply (it starts with its comma: `$author$reply:`)
/// - `$language` the post's language by name ("Spanish")
/// - `$counts` "3 replies, 2 boosts, 5 favourites"
/// - `$visibility` "public", "unlisted", "followers only", "direct message"
/// - `$edited` "edited" when the post was edited
/// - `$$` a dollar sign
///
/// Parsing never fails: an unknown `$word` is kept as written (so a typo is heard and can be fixed),
/// a `$` not followed by a letter is kept. After filling, spaces are collapsed and a separator
/// left dangling by empty variables (`, : ;` at the start or end, or before another) is removed.
public struct PostTemplate: Sendable, Hashable, Codable {
    /// How much is said, as the interface's verbosity levels.
    public enum Level: String, Sendable, CaseIterable, Codable {
        case full, short, minimal, all
    }

    /// The variables a template may use, without `$`.
    public static let variables = [
        "author", "handle", "text", "body", "opening", "more", "flags", "cw", "media", "poll", "time", "boost", "reply", "language", "counts", "visibility",
        "edited",
    ]

    /// The one-line form for a list row.
    public var display: String
    /// What is said.
    public var spoken: String

    public init(display: String, spoken: String) {
        self.display = display
        self.spoken = spoken
    }

    /// The templates Parla ships, by name; `author-first` is the default.
    public static let presets: [String: [Level: PostTemplate]] = [
        "author-first": [
            .all: PostTemplate(display: "$boost $author$reply: $cw $text $media", spoken: "$boost $author$reply: $cw $text $media $poll $time. $counts"),
            .full: PostTemplate(display: "$boost $author$reply: $cw $text $media", spoken: "$boost $author$reply: $cw $opening $more $flags $time."),
            .short: PostTemplate(display: "$author: $cw $text", spoken: "$boost $author: $cw $opening $more $flags $time."),
            .minimal: PostTemplate(display: "$author: $cw $text", spoken: "$author: $cw $opening $more $flags"),
        ],
        "text-first": [
            .all: PostTemplate(display: "$cw $text $media ($author)", spoken: "$cw $text $media $poll $boost $author$reply, $time. $counts"),
            .full: PostTemplate(display: "$cw $text $media ($author)", spoken: "$cw $opening $more $flags $boost $author$reply, $time."),
            .short: PostTemplate(display: "$cw $text ($author)", spoken: "$cw $opening $more $flags $author, $time."),
            .minimal: PostTemplate(display: "$cw $text", spoken: "$cw $opening $more $flags"),
        ],
    ]

    /// This template, or the preset it was before presets said a post's opening (`$body $flags`, saved in
    /// settings.json by an earlier Parla) made the preset it is now: a saved preset stays a preset, not "custom".
    public func updated(for level: Level) -> PostTemplate {
        for name in Self.presetNames {
            guard let preset = Self.presets[name]?[level] else { continue }
            let former = PostTemplate(display: preset.display, spoken: preset.spoken.replacingOccurrences(of: "$opening $more", with: "$body"))
            if self == former { return preset }
        }
        return self
    }

    /// The names of the presets, in the order Settings offers them.
    public static let presetNames = ["author-first", "text-first"]

    /// The default template of a level.
    public static func standard(_ level: Level) -> PostTemplate { presets["author-first"]![level]! }

    /// The preset this template is, if any.
    public func presetName(for level: Level) -> String? {
        Self.presetNames.first { Self.presets[$0]?[level] == self }
    }

    /// The text of `template` with each known `$variable` replaced from `values` (missing ones empty).
    ///
    /// Literal text right after an empty start or after a sentence's end loses its leading separators
    /// (`, . : ;`), and a template that ends in literal separators loses them, so empty variables leave
    /// no stray punctuation. The values themselves are never changed.
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        var output = ""
        var lastWasLiteral = false
        for token in TokenCache.shared.tokens(template) {
            switch token {
            case .variable(let name):
                let value = values[name] ?? ""
                if !value.isEmpty {
                    output += value
                    lastWasLiteral = false
                }
            case .literal(let text):
                var literal = Substring(text)
                let before = output.trimmingTrailingSpaces
                if before.isEmpty || ",.:;!?…".contains(before.last!) {
                    while let first = literal.first, ",.:;".contains(first) { literal.removeFirst() }
                }
                if !literal.isEmpty {
                    output += literal
                    if !literal.allSatisfy({ $0 == " " }) { lastWasLiteral = true }
                }
            }
        }
        // Runs of spaces, tabs and line breaks become one space, none first or last (one pass, no pieces).
        var line = ""
        line.reserveCapacity(output.utf8.count)
        var pendingSpace = false
        for character in output {
            if character == " " || character == "\n" || character == "\t" {
                pendingSpace = !line.isEmpty
                continue
            }
            if pendingSpace {
                line.append(" ")
                pendingSpace = false
            }
            line.append(character)
        }
        if lastWasLiteral {
            while let last = line.last, ",:;".contains(last) || last == " " { line.removeLast() }
        }
        return line
    }

    enum Token: Equatable {
        case literal(String)
        case variable(String)
    }

    /// The pieces of each template filled so far: the same two or three templates are filled for every post
    /// of a page, and cutting them up again each time was a tenth of the time a post took to present.
    final class TokenCache: @unchecked Sendable {
        static let shared = TokenCache()
        private let lock = NSLock()
        private var known: [String: [Token]] = [:]

        func tokens(_ template: String) -> [Token] {
            if let tokens = lock.withLock({ known[template] }) { return tokens }
            let tokens = PostTemplate.tokens(template)
            lock.withLock {
                // A user's own templates change rarely, but never let the cache grow without bound.
                if known.count >= 64 { known.removeAll() }
                known[template] = tokens
            }
            return tokens
        }
    }

    /// The template's pieces; `$$` is a literal `$`, an unknown `$word` literal text.
    static func tokens(_ template: String) -> [Token] {
        let scalars = Array(template.unicodeScalars)
        var tokens: [Token] = []
        var literal = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "$" else {
                literal.append(scalar)
                index += 1
                continue
            }
            if index + 1 < scalars.count, scalars[index + 1] == "$" {
                literal.append("$")
                index += 2
                continue
            }
            var end = index + 1
            while end < scalars.count, scalars[end].isASCII, scalars[end].properties.isAlphabetic { end += 1 }
            let name = String(String.UnicodeScalarView(scalars[(index + 1)..<end])).lowercased()
            if variables.contains(name) {
                if !literal.isEmpty { tokens.append(.literal(String(literal))) }
                literal = String.UnicodeScalarView()
                tokens.append(.variable(name))
            } else {
                literal.append(contentsOf: scalars[index..<end])
            }
            index = max(end, index + 1)
        }
        if !literal.isEmpty { tokens.append(.literal(String(literal))) }
        return tokens
    }
}

extension String {
    var trimmingTrailingSpaces: Substring {
        var copy = Substring(self)
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
