import Testing
import TerminalKit

@Suite struct DisplayWidthTests {
    @Test func asciiIsOneColumn() {
        #expect(DisplayWidth.of("hello") == 5)
    }

    @Test func cjkAndEmojiAreTwoColumns() {
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("한국") == 4)
        #expect(DisplayWidth.of(Character("😀")) == 2)
        #expect(DisplayWidth.of(Character("🎉")) == 2)
        #expect(DisplayWidth.of(Character("ｱ")) == 1)  // halfwidth katakana
        #expect(DisplayWidth.of(Character("Ａ")) == 2)  // fullwidth A
    }

    @Test func combiningMarksTakeNoColumn() {
        #expect(DisplayWidth.of(Character("\u{301}")) == 0)
        #expect(DisplayWidth.of(Character("e\u{301}")) == 1)
        #expect(DisplayWidth.of("cafe\u{301}") == 4)
        #expect(DisplayWidth.of(Character("\u{200B}")) == 0)
    }

    /// Issue 26 item 28: a joined emoji is drawn as its pieces, which every terminal lays out alike (tmux,
    /// xterm and the Linux console give a family of four 8 columns, others 2), and measured as their sum.
    @Test func joinedEmojiAreMeasuredAsThePiecesEveryTerminalDrawsAlike() {
        #expect(DisplayWidth.of(Character("👨‍👩‍👧‍👦")) == 8)  // family: four people, the joiners left out
        #expect(DisplayWidth.pieces(of: Character("👨‍👩‍👧‍👦")) == ["👨", "👩", "👧", "👦"])
        #expect(DisplayWidth.of(Character("🏳️‍🌈")) == 3)  // white flag (1) and rainbow (2)
        #expect(DisplayWidth.pieces(of: Character("🏳️‍🌈")) == ["🏳", "🌈"])
        #expect(DisplayWidth.of(Character("👩‍💻")) == 4)
        #expect(DisplayWidth.of(Character("❤️")) == 1)  // U+2764 U+FE0F: the selector left out, as wcwidth counts it
        #expect(DisplayWidth.pieces(of: Character("❤️")) == ["❤"])
        #expect(DisplayWidth.of(Character("🇪🇸")) == 2)  // a flag: two regional indicators of one column
        #expect(DisplayWidth.of(Character("👍🏽")) == 2)  // the skin tone left out: terminals join it or not
        #expect(DisplayWidth.pieces(of: Character("👍🏽")) == ["👍"])
        #expect(DisplayWidth.pieces(of: Character("1️⃣")) == ["1\u{20E3}"])  // keycap: the mark stays with its base
        #expect(DisplayWidth.pieces(of: Character("e\u{301}")) == ["e\u{301}"])
        #expect(DisplayWidth.of("[👨‍👨‍👦 author]") == 15)
    }

    @Test func aJoinedEmojiOrASymbolIsOfUncertainWidthAndPlainTextIsNot() {
        #expect(DisplayWidth.isUncertain("👨"))
        #expect(DisplayWidth.isUncertain("❤"))
        #expect(DisplayWidth.isUncertain("e\u{301}"))
        #expect(!DisplayWidth.isUncertain("é"))
        #expect(!DisplayWidth.isUncertain("日"))
        #expect(!DisplayWidth.isUncertain("a"))
    }

    @Test func controlsTakeNoColumn() {
        #expect(DisplayWidth.of("\u{1B}[31m") == 4)  // ESC is 0, "[31m" is 4
        #expect(DisplayWidth.of(Character("\u{202E}")) == 0)
    }
}
