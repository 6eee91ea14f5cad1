import Foundation
import SpeechKit
import Testing
import TestSupport

/// Issue 20, "The user's data": `--transcript` files were created 0644 though they hold what was said,
/// direct messages too.
@Suite struct TranscriptModeTests {
    @Test func issue20ATranscriptFileIsCreatedReadableByTheUserAlone() throws {
        let url = TestPaths.temporaryDirectory("transcript").appendingPathComponent("said.jsonl")
        _ = try FileTranscript(url: url)
        let mode = (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int ?? -1) & 0o777
        #expect(mode == 0o600)
    }
}
