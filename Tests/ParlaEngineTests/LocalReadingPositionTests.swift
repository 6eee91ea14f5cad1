import Foundation
import MicroblogKit
import MicroblogKitTesting
@testable import ParlaEngine
import Testing

/// Issue 16 item 2: a timeline kept only here (Local, a hashtag, a list) remembers where the user
/// left it, older or newer, across a restart; home's server marker still only moves forward.
@Suite struct LocalReadingPositionTests {
    @Test func aLocalTimelinesPositionIsWhereTheUserLeftItAndSurvivesARestart() async throws {
        let harness = try await EngineHarness()
        let engine = harness.engine
        await engine.markRead(.local, postId: "9")
        await engine.markRead(.local, postId: "7")  // older: Local keeps where the user went
        await engine.markRead(.hashtag("tea"), postId: "40")
        await engine.markRead(.hashtag("tea"), postId: "41")
        await engine.markRead(.home, postId: "22")
        await engine.markRead(.home, postId: "21")  // older: the server's marker does not move back, the place does
        #expect(await engine.readPosition(.local) == "7")
        #expect(await engine.readPosition(.home) == "21")
        #expect(try engine.cache.readPosition("home")?.lastReadId == "22")
        await engine.stop()
        let reopened = try await Engine.open(accountFolder: harness.folder, service: harness.service)
        #expect(await reopened.readPosition(.local) == "7")
        #expect(await reopened.readPosition(.hashtag("tea")) == "41")
        #expect(await reopened.readPosition(.home) == "21")
        #expect(try reopened.cache.readPosition("home")?.lastReadId == "22")
        #expect(try reopened.cache.readPosition("local")?.needsUpload == false)
        await reopened.stop()
    }

    /// Issue 26 item 9: home opens on the post the user was on, below the newest read; when another app
    /// read further (the server's marker came newer), home goes on from there.
    @Test func homesPlaceIsThePostTheUserWasOnUntilAnotherAppReadFurther() async throws {
        let harness = try await EngineHarness()
        let engine = harness.engine
        await engine.markRead(.home, postId: "40")
        await engine.markRead(.home, postId: "18")
        harness.service.setMarker("home", ReadMarker(lastReadId: "40", version: 3))
        try await engine.syncReadPositions()
        #expect(await engine.readPosition(.home) == "18")
        harness.service.setMarker("home", ReadMarker(lastReadId: "45", version: 4))
        try await engine.syncReadPositions()
        #expect(await engine.readPosition(.home) == "45")
        #expect(try engine.cache.readPosition("home")?.lastReadId == "45")
        await engine.stop()
    }
}
