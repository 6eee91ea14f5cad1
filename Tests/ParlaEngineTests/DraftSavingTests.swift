import Foundation
import MicroblogKit
import ParlaBase
import ParlaBaseTesting
@testable import ParlaEngine
import Testing
import TestSupport

/// Issue 20, "The user's data": drafts were written only after a 1 s pause in typing, so continuous
/// typing was never saved, and write errors were swallowed (`try?`, Engine.swift:290, :309).
@Suite struct DraftSavingTests {
    private func draft(_ text: String) -> Draft { Draft(key: "new", text: text, updatedAt: Date(timeIntervalSince1970: 0)) }

    @Test func issue20ContinuousTypingIsSavedWithinASecond() async throws {
        let clock = ManualClock()
        let store = try DraftStore(folder: temporaryFolder(), clock: clock)
        // A key every 0.4 s: never a pause of a second.
        var typed = ""
        for step in 1...3 {
            typed += "ab"
            await store.save(draft(typed))
            clock.advance(by: .milliseconds(400))
            #expect(try await store.writeDue() == (step == 3 ? 1 : 0), "at \(step * 400) ms")
        }
        let file = await store.url(for: "new")
        #expect(try JSONDecoder().decode(Draft.self, from: Data(contentsOf: file)).text == "ababab")
        // The next unwritten change starts a new second.
        await store.save(draft("abababc"))
        #expect(await store.nextDue() == clock.now() + .seconds(1))
    }

    @Test func issue20ADraftThatCannotBeWrittenIsSaidOnceAndKept() async throws {
        let harness = try await EngineHarness()
        let events = await harness.collectEvents()
        // The drafts folder is taken away and a file put in its place: every write fails.
        let folder = await harness.engine.drafts.folder
        try FileManager.default.removeItem(at: folder)
        try Data().write(to: folder)
        await harness.engine.saveDraft(draft("Nothing lost"))
        harness.run()
        #expect(harness.sleeper.sleeping == 1)
        harness.advance(by: .seconds(1))
        #expect(events.events.count == 1)
        guard case .draftNotSaved(.storage) = events.events.first else {
            Issue.record("expected draftNotSaved, got \(events.events)")
            return
        }
        // Tried again later, not said again; the text is still there to be read.
        #expect(harness.sleeper.requestedDurations == [.seconds(1), Engine.draftRetryDelay])
        harness.advance(by: Engine.draftRetryDelay)
        #expect(harness.sleeper.requestedDurations == [.seconds(1), Engine.draftRetryDelay, Engine.draftRetryDelay])
        #expect(harness.sleeper.sleeping == 1)
        #expect(events.events.count == 1)
        #expect(await harness.engine.draft(key: "new")?.text == "Nothing lost")
        await harness.engine.stop()
    }
}
