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

    @Test func emojiSequencesAreTwoColumns() {
        #expect(DisplayWidth.of(Character("❤️")) == 2)  // U+2764 U+FE0F
        #expect(DisplayWidth.of(Character("👩‍💻")) == 2)  // ZWJ sequence
        #expect(DisplayWidth.of(Character("🇪🇸")) == 2)  // flag
        #expect(DisplayWidth.of(Character("👍🏽")) == 2)  // skin tone
    }

    @Test func controlsTakeNoColumn() {
        #expect(DisplayWidth.of("\u{1B}[31m") == 4)  // ESC is 0, "[31m" is 4
        #expect(DisplayWidth.of(Character("\u{202E}")) == 0)
    }
}
