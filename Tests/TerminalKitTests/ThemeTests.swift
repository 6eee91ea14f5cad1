import Testing
import TerminalKit

@Suite struct ThemeTests {
    @Test func contrastFormulaMatchesWCAG() throws {
        #expect(try #require(TerminalColor.contrastRatio(.black, .brightWhite)) == 21)
        #expect(try #require(TerminalColor.contrastRatio(.brightWhite, .brightWhite)) == 1)
        #expect(TerminalColor.contrastRatio(.default, .black) == nil)
    }

    @Test(arguments: [ThemeName.highContrast, .blackOnWhite, .yellowOnBlack, .greyDark, .greyLight])
    func everyColourPairHasContrastOfAtLeastSevenToOne(_ name: ThemeName) throws {
        let theme = Theme.named(name)
        #expect(theme.usesColor)
        #expect(theme.colorPairs.count == StyleRole.allCases.count)
        for pair in theme.colorPairs {
            let ratio = try #require(TerminalColor.contrastRatio(pair.foreground, pair.background))
            #expect(ratio >= 7, "\(name) \(pair.role): \(ratio)")
        }
    }

    @Test func theDefaultIsWhiteOnBlack() {
        let style = Theme.resolve(preferred: .highContrast, environment: [:]).style(.normal)
        #expect(style.foreground == .brightWhite)
        #expect(style.background == .black)
    }

    @Test func noColorGivesAttributesOnly() {
        let theme = Theme.resolve(preferred: .yellowOnBlack, environment: ["NO_COLOR": "1"])
        #expect(theme.name == .monochrome)
        #expect(!theme.usesColor)
        #expect(Theme.resolve(preferred: .yellowOnBlack, environment: ["NO_COLOR": ""]).name == .yellowOnBlack)
    }

    @Test(arguments: ThemeName.allCases)
    func focusIsShownByReverseVideoAndAMarker(_ name: ThemeName) {
        let theme = Theme.named(name)
        #expect(theme.style(.focused).reverse)
        #expect(!theme.style(.normal).reverse)
        #expect(!theme.focusMarker.isEmpty)
        #expect(Theme.named(name, ascii: true).focusMarker == ">")
    }

    @Test func asciiCharsetFollowsTheLocale() {
        #expect(BoxCharset.detect(environment: ["LANG": "en_GB.UTF-8"]) == .unicode)
        #expect(BoxCharset.detect(environment: ["LANG": "C"]) == .ascii)
        #expect(BoxCharset.detect(environment: ["LANG": "en_GB.UTF-8", "PARLA_ASCII": "1"]) == .ascii)
        #expect(BoxCharset.detect(environment: ["LC_ALL": "C", "LANG": "en_GB.UTF-8"]) == .ascii)
    }
}
