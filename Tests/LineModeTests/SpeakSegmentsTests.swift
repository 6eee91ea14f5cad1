import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Issue 17 item 1 in line mode: `--speak` reads a post's own words in the post's language and the words
/// around them in the interface's, one utterance in segments, as the screen does.
@Suite(.serialized) struct SpeakSegmentsTests {
    let dataDir = TestPaths.temporaryDirectory("parla-speak")

    private func parla(_ arguments: [String]) async throws -> Command.Result {
        try await Command.runDetached([TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path],
                                      environment: TestEnvironment.forParla)
    }

    @Test func aSpanishPostSpokenWithAnEnglishInterfaceIsTwoVoicesInOneUtterance() async throws {
        let posted = try await parla(["post", "Hola, ¿qué tal?", "--lang", "es"])
        #expect(posted.status == 0, "\(posted.errors)")
        let transcript = dataDir.appendingPathComponent("speak.jsonl")
        let read = try await parla(["timeline", "home", "--limit", "1", "--speak", "--speech", "none", "--audio", "none",
                                    "--transcript", transcript.path, "--lang", "en"])
        #expect(read.status == 0, "\(read.errors)")
        let lines = try String(contentsOf: transcript, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1)
        let line = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let segments = (line["segments"] as? [[String: String]])?.map { "\($0["lang"] ?? "?"): \($0["text"] ?? "")" }
        #expect(segments?.count == 3)
        #expect(segments?[1] == "es: Hola, ¿qué tal?")
        #expect(segments?.first?.hasPrefix("en: ") == true)
        #expect(segments?.last == "en:  just now.")
    }
}
