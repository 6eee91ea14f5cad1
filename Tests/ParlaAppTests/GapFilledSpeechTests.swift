import Foundation
import MicroblogKit
@testable import ParlaApp
import ParlaBase
import SpeechKit
import TestSupport
import Testing

/// Issue 16, item 1: a gap the engine found and filled is said in a short sentence, once; nothing is said
/// when the gap held nothing.
@Suite struct GapFilledSpeechTests {
    let localizer = TestLocalization.localizer()

    @Test func aFilledGapIsSaidAndShownAndAnEmptyOneIsNot() {
        var state = SessionState(accountName: "main", settings: AppSettings())
        let filled = "Found and filled a gap: 15 missing posts loaded."
        #expect(state.update(.engine(.gapFilled(timeline: "home", count: 15, complete: true)), localizer: localizer) == [
            .say(.say(Utterance(filled, priority: .notification))), .show(filled),
        ])
        let partial = "Found a gap: 1 missing post loaded; the rest follow shortly."
        #expect(state.update(.engine(.gapFilled(timeline: "home", count: 1, complete: false)), localizer: localizer) == [
            .say(.say(Utterance(partial, priority: .notification))), .show(partial),
        ])
        #expect(state.update(.engine(.gapFilled(timeline: "home", count: 0, complete: true)), localizer: localizer) == [])
    }
}
