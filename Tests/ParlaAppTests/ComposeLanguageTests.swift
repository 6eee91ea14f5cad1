import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaApp
import TerminalKit
import Testing

/// Issue 17 item 1: compose starts in the account's posting language (`source.language`), not the interface's.
@Suite struct ComposeLanguageTests {
    @Test func aNewPostStartsInThePostingLanguageTheServerGives() async throws {
        let engine = FakeEngine()
        var catalan = me
        catalan.postingLanguage = "ca"
        engine.scripted.setCurrentAccount(catalan)
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.char("c"))
        #expect(h.lines.contains("   Language: English Spanish (Español) [Catalan (Català)]"), "\(h.lines)")
    }

    @Test func withoutOneTheInterfaceLanguageIsTheStart() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("c"))
        #expect(h.lines.contains("   Language: [English] Spanish (Español) Catalan (Català)"), "\(h.lines)")
    }
}
