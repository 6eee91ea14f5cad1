@testable import LocalInstance
import Testing

/// A filter's keyword is looked for in the bytes when status and keyword are ASCII, and by Foundation's search
/// otherwise; both must give the answers the Foundation search gave alone.
@Suite("Filter keywords found in status text")
struct FilterKeywordTests {
    @Test("whole words and parts of words, in ASCII and in other text", arguments: [
        ("spoilers ahead", "spoiler", false, true),
        ("spoilers ahead", "spoiler", true, false),
        ("no spoiler here", "spoiler", true, true),
        ("spoiler", "spoiler", true, true),
        ("a spoiler_x", "spoiler", true, false),
        ("a spoiler2", "spoiler", true, false),
        ("(spoiler)!", "spoiler", true, true),
        ("spoilerspoiler spoiler.", "spoiler", true, true),
        ("line one\r\nspoiler", "spoiler", true, true),
        ("short", "longer keyword", false, false),
        ("", "x", false, false),
        ("x", "", false, false),
        ("café au lait", "caf", true, false),
        ("un café", "café", true, true),
        ("el cafébar", "café", true, false),
        ("déjà vu, spoiler", "spoiler", true, true),
        ("ünspoiler", "spoiler", true, false),
        ("🦊spoiler", "spoiler", true, true),
    ])
    func keyword(text: String, keyword: String, wholeWord: Bool, expected: Bool) {
        #expect(StatusDecorations.contains(text, keyword, wholeWord: wholeWord) == expected)
    }
}
