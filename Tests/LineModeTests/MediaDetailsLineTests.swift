import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Issue 29, other media in line mode: `parla media ID` says a sound's length and its file's size, and `--json`
/// prints them (`duration` in seconds, `size` in bytes, asked of the host with `HEAD`, the file not fetched), by
/// the real binary against its embedded instance, which measures a WAV file's length as Mastodon measures sounds.
@Suite(.serialized) struct MediaDetailsLineTests {
    let dataDir = TestPaths.temporaryDirectory("parla-media-details")

    func parla(_ arguments: [String]) async throws -> Command.Result {
        try await Command.runDetached([TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path, "--lang", "en"],
                                      environment: TestEnvironment.forParla)
    }

    /// Three seconds of silence: 8,000 one-byte samples a second, one channel, behind a 44-byte header.
    func wav(_ name: String) throws -> String {
        try FileManager.default.createDirectory(at: dataDir, withIntermediateDirectories: true)
        func le(_ value: Int, _ width: Int) -> [UInt8] { (0..<width).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        let samples = 24_000
        var bytes = Array("RIFF".utf8) + le(36 + samples, 4) + Array("WAVE".utf8)
        bytes += Array("fmt ".utf8) + le(16, 4) + le(1, 2) + le(1, 2) + le(8000, 4) + le(8000, 4) + le(1, 2) + le(8, 2)
        bytes += Array("data".utf8) + le(samples, 4) + [UInt8](repeating: 128, count: samples)
        let url = dataDir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    @Test func parlaMediaSaysASoundsLengthAndSizeAndJSONPrintsThem() async throws {
        let path = try wav("river.wav")
        let posted = try await parla(["post", "Listen", "--media", path, "--alt", "The river at dawn"])
        #expect(posted.status == 0, "\(posted.errors)")
        let id = String(posted.output.split(separator: " ").last?.dropLast(2) ?? "")
        let said = try await parla(["media", id])
        #expect(said.status == 0, "\(said.errors)")
        #expect(said.output == "Attachment 1 of 1: sound, 3 seconds, 24 kB. Description: The river at dawn\n")
        let json = try await parla(["media", id, "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(entries.first?["kind"] as? String == "audio")
        #expect(entries.first?["duration"] as? Double == 3)
        #expect(entries.first?["size"] as? Int == 24_044)
        #expect(entries.first?["description"] as? String == "The river at dawn")
    }
}
