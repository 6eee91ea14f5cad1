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
        await engine.markRead(.home, postId: "21")  // older: the server's marker does not move back
        #expect(await engine.readPosition(.local) == "7")
        #expect(await engine.readPosition(.home) == "22")
        await engine.stop()
        let reopened = try await Engine.open(accountFolder: harness.folder, service: harness.service)
        #expect(await reopened.readPosition(.local) == "7")
        #expect(await reopened.readPosition(.hashtag("tea")) == "41")
        #expect(await reopened.readPosition(.home) == "22")
        #expect(try reopened.cache.readPosition("local")?.needsUpload == false)
        await reopened.stop()
    }
}
