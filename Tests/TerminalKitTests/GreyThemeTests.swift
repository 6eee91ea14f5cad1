import TerminalKit
import Testing

/// Issue 17 item 7: grey themes, light and dark, each pair at least 7:1, and NO_COLOR still wins.
@Suite struct GreyThemeTests {
    /// The ratio rounded to two decimals, as a literal to compare.
    func ratio(_ foreground: TerminalColor, _ background: TerminalColor) throws -> Double {
        (try #require(TerminalColor.contrastRatio(foreground, background)) * 100).rounded() / 100
    }

    @Test func theDarkGreyThemeIsLightGreyOnDarkGreyAt8point56To1() throws {
        let theme = Theme.named(.greyDark)
        #expect(theme.style(.normal) == Style(foreground: .grey208, background: .grey48))
        #expect(try ratio(.grey208, .grey48) == 8.56)
        // Headings and alerts are lighter still.
        #expect(theme.style(.heading).foreground == .grey238)
        #expect(try ratio(.grey238, .grey48) == 11.38)
        #expect(try theme.colorPairs.map { try ratio($0.foreground, $0.background) }.min() == 8.56)
    }

    @Test func theLightGreyThemeIsDarkGreyOnLightGreyAt11point9To1() throws {
        let theme = Theme.named(.greyLight)
        #expect(theme.style(.normal) == Style(foreground: .grey38, background: .grey228))
        #expect(try ratio(.grey38, .grey228) == 11.9)
        #expect(try ratio(.black, .grey228) == 16.52)
        #expect(try theme.colorPairs.map { try ratio($0.foreground, $0.background) }.min() == 11.9)
    }

    @Test(arguments: [ThemeName.greyDark, .greyLight])
    func withoutThe256ColourRampEveryGreyPairStaysAbove7To1(_ name: ThemeName) throws {
        for pair in Theme.named(name).colorPairs {
            let ratio = try #require(TerminalColor.contrastRatio(pair.foreground.sixteenColor, pair.background.sixteenColor))
            #expect(ratio >= 7, "\(name) \(pair.role): \(ratio)")
        }
        #expect(TerminalColor.grey48.sixteenColor == .black)
        #expect(TerminalColor.grey228.sixteenColor == .white)
    }

    @Test func noColorStillGivesAttributesOnlyOverAGreyTheme() {
        let theme = Theme.resolve(preferred: .greyDark, environment: ["NO_COLOR": "1"])
        #expect(theme.name == .monochrome)
        #expect(!theme.usesColor)
        #expect(Theme.resolve(preferred: .greyLight, environment: [:]).name == .greyLight)
    }
}
