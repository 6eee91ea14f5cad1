import Foundation
import MicroblogKit
import ParlaBase
@testable import ParlaEngine
import ParlaBaseTesting
import TestSupport
import Testing

@Suite struct DraftStoreTests {
    func draft(_ text: String, key: String = "new") -> Draft {
        Draft(key: key, text: text, spoilerText: "cw", visibility: .unlisted, language: "ca", inReplyToId: nil,
              updatedAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func aDraftIsWrittenOnlyAfterASecondOfQuiet() async throws {
        let clock = ManualClock()
        let folder = temporaryFolder()
        // The quiet rule alone (issue 20 also writes after a second of continuous typing: DraftSavingTests).
        let store = try DraftStore(folder: folder, clock: clock, longestDelay: .seconds(60))
        await store.save(draft("H"))
        clock.advance(by: .milliseconds(500))
        #expect(try await store.writeDue() == 0)
        await store.save(draft("Ho"))
        clock.advance(by: .milliseconds(900))
        #expect(try await store.writeDue() == 0)
        #expect(await store.writes == 0)
        #expect(!FileManager.default.fileExists(atPath: await store.url(for: "new").path))
        #expect(await store.draft(key: "new")?.text == "Ho")
        clock.advance(by: .milliseconds(100))
        #expect(try await store.writeDue() == 1)
        #expect(try await store.writeDue() == 0)
        #expect(await store.writes == 1)
        let data = try Data(contentsOf: await store.url(for: "new"))
        #expect(try JSONDecoder().decode(Draft.self, from: data) == draft("Ho"))
    }

    @Test func draftsAreRestoredAfterReopeningAndFlushWritesAtOnce() async throws {
        let clock = ManualClock()
        let folder = temporaryFolder()
        do {
            let store = try DraftStore(folder: folder, clock: clock)
            await store.save(draft("Bon dia", key: "reply:42"))
            await store.save(draft("Hola", key: "new"))
            try await store.flush()
            #expect(await store.writes == 2)
        }
        let reopened = try DraftStore(folder: folder, clock: clock)
        #expect(await reopened.draft(key: "reply:42")?.text == "Bon dia")
        #expect(await reopened.draft(key: "new")?.text == "Hola")
        try await reopened.remove(key: "new")
        let again = try DraftStore(folder: folder, clock: clock)
        #expect(await again.all().map(\.key) == ["reply:42"])
    }

    @Test func aWriteInterruptedByACrashLeavesThePreviousDraftWhole() async throws {
        let clock = ManualClock()
        let folder = temporaryFolder()
        let store = try DraftStore(folder: folder, clock: clock)
        await store.save(draft("The whole previous draft"))
        try await store.flush()
        let target = await store.url(for: "new")
        // kill -9 in the middle of the next write: only a torn temporary file exists beside the draft.
        let torn = folder.appendingPathComponent(".\(target.lastPathComponent).crash.tmp")
        try Data("{\"key\":\"new\",\"text\":\"The new dra".utf8).write(to: torn)
        let restored = try DraftStore(folder: folder, clock: clock)
        #expect(await restored.draft(key: "new")?.text == "The whole previous draft")
        #expect(!FileManager.default.fileExists(atPath: torn.path))
        // A completed write replaces the file in one step and leaves no temporary file.
        await restored.save(draft("The new draft"))
        try await restored.flush()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names == [target.lastPathComponent])
        #expect(try JSONDecoder().decode(Draft.self, from: Data(contentsOf: target)).text == "The new draft")
    }

    @Test func theEngineSavesDraftsOnItsTimerAndRemovesThemWhenThePostIsQueued() async throws {
        let harness = try await EngineHarness()
        await harness.engine.saveDraft(draft("Typing"))
        harness.run()
        #expect(harness.sleeper.sleeping == 1)
        #expect(await harness.engine.drafts.writes == 0)
        harness.advance(by: .milliseconds(999))
        #expect(await harness.engine.drafts.writes == 0)
        harness.advance(by: .milliseconds(1))
        #expect(await harness.engine.drafts.writes == 1)
        let file = await harness.engine.drafts.url(for: "new")
        #expect(FileManager.default.fileExists(atPath: file.path))

        await harness.engine.send(NewPost(text: "Typing", idempotencyKey: "d1"))
        #expect(await harness.engine.draft(key: "new") == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        await harness.engine.stop()
    }
}
