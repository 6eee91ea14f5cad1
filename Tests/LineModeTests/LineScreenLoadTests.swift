import Foundation
import SystemTestSupport
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 26, item 16: the screen app written as lines (`--line`) prints the timeline when it has loaded,
/// without waiting for a key, and the first key then acts (Down moves to the next post).
@Suite struct LineScreenLoadTests {
    /// The lines printed so far that name the focused post list.
    private func postLines(_ output: String) -> [String] {
        output.components(separatedBy: "\n").filter { $0.contains("Posts") }
    }

    @Test func issue26TheLoadedTimelineIsPrintedWithoutAKeyAndTheFirstKeyMovesTheFocus() async throws {
        let folder = TestPaths.temporaryDirectory("parla-line-load")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let keys = folder.appendingPathComponent("keys").path
        #expect(mkfifo(keys, 0o600) == 0)
        var environment = TestEnvironment.forParla
        environment["KEYS"] = keys
        // Keys come from a pipe the test writes to when it chooses.
        let app = try Command.start(
            ["/bin/sh", "-c", #"exec "$0" "$@" < "$KEYS""#, TestPaths.parlaExecutable.path, "--line", "--data-dir", folder.path,
             "--lang", "en", "--quiet-demo", "--audio", "none", "--speech", "none"],
            environment: environment)
        var writer: Int32 = -1
        try await eventually("the app reading its keys") {
            writer = open(keys, O_WRONLY | O_NONBLOCK)
            return writer >= 0
        }
        defer { close(writer) }
        func press(_ text: String) { _ = text.withCString { write(writer, $0, strlen($0)) } }

        // No key pressed: the posts are printed once they have loaded.
        try await eventually("the loaded timeline") {
            postLines(app.outputSoFar).contains { !$0.lowercased().contains("loading") }
        }
        let loaded = app.outputSoFar
        let first = try #require(postLines(loaded).last)
        press("\u{1B}[B")
        try await eventually("the next post") { app.outputSoFar.count > loaded.count && app.outputSoFar.hasSuffix("\n") }
        let moved = app.outputSoFar.dropFirst(loaded.count).components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(moved.count == 1, "\(moved)")
        #expect(moved.first != first && moved.first?.lowercased().contains("loading") == false, "\(moved) after \(first)")
        press("\u{11}")
        let result = await app.waitDetached()
        #expect(result.status == 0, "\(result.errors)")
    }
}
