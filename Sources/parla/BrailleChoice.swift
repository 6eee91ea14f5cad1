import ArgumentParser
import BrailleKit
import BrlAPIBraille
import ParlaApp
import ParlaBase

/// `--braille auto|off`: whether Parla writes its focus line to a braille display through BrlAPI.
enum BrailleChoice: String, CaseIterable, ExpressibleByArgument {
    /// Written when a BrlAPI server answers (BRLAPI_HOST and BRLAPI_AUTH say which and how).
    case auto
    /// Nothing is written and libbrlapi is not loaded.
    case off

    /// The braille output of the screen: BrlAPI, its connection opened and its keys read on a thread of its own.
    static func output(clock: any TickClock, post: @escaping @Sendable (BrailleEvent) -> Void) -> BrailleOutput {
        let device = BrlAPIBraille()
        return BrailleOutput(device: device, connector: BrailleLink(device: device, post: post), clock: clock, enabled: false)
    }
}
