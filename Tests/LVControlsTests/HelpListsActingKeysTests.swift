import LVControls
import ParlaBase
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import TerminalKit
import TerminalKitTesting
import TestSupport
import Testing

/// F1 listed keys that do nothing on the screen (issue 26, "What users found", switch item 4): "F 2: go to the
/// first toolbar slot" on Settings, whose toolbar has no slot, where F2 says "Nothing on F2 here".
@Suite struct HelpListsActingKeysTests {
    @Test func helpLeavesOutTheToolbarSlotKeysWhereTheToolbarHasNoSuchSlot() {
        let h = Harness([Button("Send")])
        #expect(!h.host.helpEntries().contains { $0.hasPrefix("F 2") || $0.hasPrefix("F 3") })
        // F2 still says there is nothing on it.
        h.press(.f(2))
        #expect(h.transcript.last == "<error> Nothing on F2 here")
    }

    @Test func helpListsF2WhereTheToolbarHasAFirstSlotAndNotF3() {
        let h = Harness([Button("Send")], slot: Button("Refresh"))
        let entries = h.host.helpEntries()
        #expect(entries.contains("F 2: go to the first toolbar slot."))
        #expect(!entries.contains { $0.hasPrefix("F 3") })
    }
}
