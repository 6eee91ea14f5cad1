import Foundation

extension RichText {
    /// A plain text as runs: a blank line (or more) is a paragraph break, one line end a line break,
    /// breaks never first or last; words are kept as written.
    ///
    /// For text a network gives without markup (Bluesky's bodies and bios) and for test doubles.
    public static func plain(_ text: String) -> RichText {
        var builder = Builder()
        builder.appendPlain(text)
        return builder.text
    }

    /// The text as its author typed it: paragraphs as blank lines, links as their addresses, mentions as
    /// `@name`, hashtags as `#tag`, custom emoji as `:shortcode:` (for redrafting and reminders).
    public var source: String {
        var text = ""
        for run in runs {
            switch run {
            case .text(let words): text += words
            case .lineBreak: text += "\n"
            case .paragraphBreak: text += "\n\n"
            case .listItem(let number): text += number.map { "\($0). " } ?? "- "
            case .link(let url, _, _): text += url
            case .mention(let name, _): text += "@" + name
            case .hashtag(let tag): text += "#" + tag
            case .emoji(let shortcode, _): text += ":" + shortcode + ":"
            }
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Builds runs in order, keeping breaks apart from each other and from the ends.
    public struct Builder: Sendable {
        /// The runs so far.
        public private(set) var runs: [TextRun] = []
        /// A break waits until something follows it: 0 none, 1 line, 2 paragraph.
        var pendingBreak = 0

        public init() {}

        /// The text built (a break still waiting is dropped: breaks are never last).
        public var text: RichText { RichText(runs) }

        /// Adds words, joined to the words before them.
        public mutating func append(text words: String) {
            guard !words.isEmpty else { return }
            flushBreak()
            if case .text(let before) = runs.last {
                runs[runs.count - 1] = .text(before + words)
            } else {
                runs.append(.text(words))
            }
        }

        /// Adds a run that is not words or a break.
        public mutating func append(_ run: TextRun) {
            switch run {
            case .text(let words): append(text: words)
            case .lineBreak: requestBreak(1)
            case .paragraphBreak: requestBreak(2)
            default:
                flushBreak()
                runs.append(run)
            }
        }

        /// Asks for a break before what comes next: 1 a line break, 2 a paragraph break (the larger wins).
        public mutating func requestBreak(_ level: Int) {
            pendingBreak = max(pendingBreak, level)
        }

        /// Adds plain text, its line ends read as breaks (see ``RichText/plain(_:)``).
        public mutating func appendPlain(_ text: String) {
            var line = ""
            var newlines = 0
            for character in text {
                if character == "\n" || character == "\r\n" || character == "\r" {
                    newlines += 1
                    continue
                }
                if newlines > 0 {
                    append(text: line)
                    line = ""
                    requestBreak(newlines > 1 ? 2 : 1)
                    newlines = 0
                }
                line.append(character)
            }
            append(text: line)
            if newlines > 0 { requestBreak(newlines > 1 ? 2 : 1) }
        }

        mutating func flushBreak() {
            if pendingBreak > 0 && !runs.isEmpty { runs.append(pendingBreak == 2 ? .paragraphBreak : .lineBreak) }
            pendingBreak = 0
        }
    }
}
