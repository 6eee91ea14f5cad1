import Foundation
import LocalInstance
import MicroblogKit
import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import TestSupport
import Testing

@Suite(.serialized) struct FaultMatrixTests {
    func dump(_ h: LiveAppHarness, _ label: String) {
        print("== \(label) SAID", h.saidSinceMark.map(\.text))
        print(h.lines.joined(separator: "\n"))
        print("CURSOR", h.cursor as Any)
        h.mark()
    }

    @Test func exploreRestart() async throws {
        let h = try await LiveAppHarness()
        try await h.previousSession(readingIndex: 1)
        try await h.openLive()
        h.mark()
        await h.stopServer()
        try await h.deliver()
        dump(h, "stopped")
        for step in [2, 4, 8, 16, 32] { try await h.advance(by: .seconds(step)) }
        dump(h, "retries")
        await h.press(.char("c"))
        for c in "Written offline" { await h.press(.char(c)) }
        await h.press(.f(3), .enter)
        try await h.settleEvents()
        dump(h, "sent offline")
        try await h.startServer()
        try h.server.publish(as: "tom", text: "Posted while Parla was away")
        for step in [64, 64] { try await h.advance(by: .seconds(step)) }
        try await eventually { (try? h.server.streamingClients) == 1 }
        do { try await h.untilSaid("Back online") } catch { print("REQS", h.transport.entries.suffix(12).map { "\($0.method) \($0.path) \($0.status ?? -1)" }) }
        dump(h, "back")
        try await h.advance(by: .seconds(600))
        dump(h, "later")
        print("REQS", h.transport.entries.suffix(12).map { "\($0.method) \($0.path) \($0.status ?? -1)" })
        await h.close()
    }

    @Test func exploreDownAtStart() async throws {
        let h = try await LiveAppHarness()
        try await h.previousSession(readingIndex: 1)
        await h.stopServer()
        try await h.open()
        try await h.settleEvents()
        dump(h, "down at start")
        for step in [2, 4, 8, 16, 32] { try await h.advance(by: .seconds(step)) }
        dump(h, "retries")
        try await h.startServer()
        for step in [64, 64] { try await h.advance(by: .seconds(step)) }
        try await eventually { (try? h.server.streamingClients) == 1 }
        try await h.settleEvents()
        dump(h, "back")
        await h.close()
    }

    @Test func explorePostDropped() async throws {
        let h = try await LiveAppHarness()
        try await h.previousSession(readingIndex: 1)
        try await h.openLive()
        h.mark()
        try h.faults(.init(path: "/api/v1/statuses", method: "POST", drop: true))
        await h.press(.char("c"))
        for c in "Through a bad line" { await h.press(.char(c)) }
        await h.press(.f(3), .enter)
        try await h.deliver()
        dump(h, "dropped")
        for step in [5, 10, 20] { try await h.advance(by: .seconds(step)) }
        try await h.settleEvents()
        dump(h, "retries")
        try h.faults()
        try await h.advance(by: .seconds(40))
        try await h.untilSaid("Sent")
        dump(h, "back")
        print(await h.engine.cached(.home).prefix(3).map(\.content))
        await h.close()
    }
}
