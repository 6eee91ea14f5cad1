import Foundation
import ParlaBase
import SystemTestSupport
import Testing
import TestSupport

/// Issue 26 item 27: two screens on one data folder both wrote the new-post draft to the same file, and the
/// later won. The second `parla open` on a folder in use does not start: it prints and says why, status 75.
@Suite(.serialized) struct DataFolderLockTests {
    let dataDir = TestPaths.temporaryDirectory("parla-folder-lock")

    @Test func aSecondScreenOnADataFolderInUseRefusesToStartAndSaysWhy() async throws {
        try FileManager.default.createDirectory(at: dataDir, withIntermediateDirectories: true)
        // The first screen: it holds the folder's lock as `parla open` does while it runs.
        let first = try #require(try ProcessFileLock.hold(dataDir.appendingPathComponent("screen.lock").path))
        let transcript = dataDir.appendingPathComponent("second.jsonl")
        let second = try await Command.runDetached(
            [TestPaths.parlaExecutable.path, "open", "--line", "--data-dir", dataDir.path, "--lang", "en", "--speech", "none",
             "--audio", "none", "--transcript", transcript.path],
            environment: TestEnvironment.forParla, input: Data())
        let sentence = "Parla is already open on this data folder, \(dataDir.path). Go back to that Parla, or close it first: "
            + "two screens on one folder would overwrite each other's drafts."
        #expect(second.status == 75)
        #expect(second.errors == sentence + "\n")
        #expect(second.output == "")
        let said = try String(contentsOf: transcript, encoding: .utf8).split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["text"] as? String
        }
        #expect(said == [sentence])
        withExtendedLifetime(first) {}
    }
}
