import Foundation
import MicroblogKit

/// A post's text as ``CompactPost`` keeps it: one string or one buffer, so that a timeline of 100 000 posts
/// does not hold an array of runs for each (about 200 bytes more a post).
///
/// Words and breaks only (most posts): the words, a line break as one line end and a paragraph break as
/// two. Any other run (a link, a mention, a hashtag, an emoji, a list item): the runs' JSON. ``text`` gives
/// back the same runs either way.
enum CompactText: Equatable {
    case plain(String)
    case runs(Data)

    init(_ text: RichText) {
        if let plain = Self.plain(text) {
            self = .plain(CompactPost.exact(plain))
        } else {
            self = .runs((try? JSONEncoder().encode(text)) ?? Data())
        }
    }

    /// The text as one string, when ``RichText/plain(_:)`` reads it back as the same runs: words and breaks
    /// taking turns, words first and last, no line end inside the words; nil otherwise.
    static func plain(_ text: RichText) -> String? {
        var plain = ""
        var wordsNext = true
        for run in text.runs {
            switch run {
            case .text(let words) where wordsNext && !words.isEmpty && !words.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }):
                plain += words
            case .lineBreak where !wordsNext: plain += "\n"
            case .paragraphBreak where !wordsNext: plain += "\n\n"
            default: return nil
            }
            wordsNext.toggle()
        }
        return wordsNext && !text.isEmpty ? nil : plain
    }

    /// The runs kept.
    var text: RichText {
        switch self {
        case .plain(let plain): RichText.plain(plain)
        case .runs(let data): (try? JSONDecoder().decode(RichText.self, from: data)) ?? .empty
        }
    }
}
