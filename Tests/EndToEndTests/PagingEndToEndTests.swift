import Foundation
import Testing
import TestSupport

/// Issue 16's paging on the real binary in tmux against the embedded local instance (its home holds
/// more than two pages of posts): the screen goes past the first 40 posts.
@Suite(.serialized) struct PagingEndToEndTests {
    @Test func endThenDownShowsPost41At80x24() async throws {
        let app = AppDriver()
        let session = try TmuxSession(width: 80, height: 24, command: app.command())
        defer { session.close() }
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts 1 of 40") } }
        try session.send("End")
        // Near the loaded end the next page is asked for; it comes without a key.
        let atEnd = try await session.waitFor(timeout: .seconds(15)) { $0.contains { $0.contains("▶ Posts 40 of 80") } }
        #expect(atEnd.contains { $0.contains("You are in Home · 40 of 80, more below") }, "\(atEnd)")
        try session.send("Down")
        let after = try await session.waitFor(timeout: .seconds(15)) { $0.contains { $0.contains("▶ Posts 41 of 80") } }
        #expect(after.contains { $0.contains("You are in Home · 41 of 80, more below") }, "\(after)")
        try await session.expectCursorOnFocus("post 41")
        try await session.quit()
    }
}
