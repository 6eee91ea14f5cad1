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
        // The whole loaded frame, to its toolbar (it is written a line at a time).
        try await eventually("the loaded timeline") {
            let output = app.outputSoFar
            guard let list = output.range(of: "Posts 1 of") else { return false }
            return output[list.upperBound...].contains("[New post]") && output.hasSuffix("\n")
        }
        let loaded = app.outputSoFar
        let first = try #require(loaded.components(separatedBy: "\n").last { $0.hasPrefix("   > ") })
        press("\u{1B}[B")
        try await eventually("the next post") {
            app.outputSoFar.dropFirst(loaded.count).components(separatedBy: "\n").dropLast().contains { !$0.isEmpty }
        }
        let moved = app.outputSoFar.dropFirst(loaded.count).components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(moved.count == 1, "\(moved)")
        #expect(moved.first?.hasPrefix("> Tom Whitaker:") == true && !first.contains("Tom Whitaker"), "\(moved) after \(first)")
        press("\u{11}")
        let result = await app.waitDetached()
        #expect(result.status == 0, "\(result.errors)")
    }
}
