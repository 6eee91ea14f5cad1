import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Issue 9's environment faults with the real binary in tmux: no sound device, no eSpeak-NG voice data,
/// a storm of resizes. Parla says what is wrong once, shows it, keeps running and keeps the cursor on
/// the focus. (A 20×6 window and TERM=dumb are covered by ``ScreenEndToEndTests``.)
@Suite(.serialized) struct FaultEndToEndTests {
    /// After the notice: the first key clears it, the next post is read and the cursor follows.
    private func expectReadingGoesOn(_ session: TmuxSession, _ app: AppDriver) async throws {
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts") } || $0.joined().contains("Parla goes on") }
        await app.waitForSpeech(session, timeout: .seconds(30)) { $0.contains("Parla Tips") }
        try session.send("Down")
        let screen = try await session.waitFor { $0.contains { $0.contains("▶ Posts 2 of") } }
        #expect(screen.contains { $0.contains("▶ Posts 2 of") }, "\(screen)")
        #expect(!screen.joined().contains("Parla goes on"), "the notice is gone after a key")
        try await session.expectCursorOnFocus("after the notice")
        let read = await app.waitForSpeech(session) { $0.contains("People keep asking") }
        #expect(read?.hasPrefix("Tom Whitaker: People keep asking what voice I listen to all day.") == true, "\(app.spoken())")
        try await session.quit()
        #expect(!session.isRunning())
    }

    @Test(.enabled(if: TestEnvironment.noSoundDevice, "this machine has a sound device"))
    func noSoundDeviceIsSaidOnceAndShownAndParlaGoesOn() async throws {
        let app = AppDriver()
        // The last --audio wins: the default device, which this machine lacks.
        let session = try TmuxSession(width: 80, height: 24, command: app.command("--audio device"))
        defer { session.close() }
        let screen = try await session.waitFor(timeout: .seconds(30)) { $0.joined().contains("Parla goes on without sound.") }
        #expect(Array(screen[2...3]) == [
            " No sound device could be opened (No such file or directory). Parla goes on",
            " without sound.",
        ])
        let notices = app.spokenLines().filter { $0.text.hasPrefix("No sound device") }
        #expect(notices.count == 1)
        #expect(notices.first?.priority == "alert")
        #expect(notices.first?.text == "No sound device could be opened (No such file or directory). Parla goes on without sound.")
        try await expectReadingGoesOn(session, app)
        #expect(app.spoken().filter { $0.hasPrefix("No sound device") }.count == 1)
        let log = try String(contentsOf: app.dataDir.appendingPathComponent("parla.log"), encoding: .utf8)
        #expect(log.contains("speech: No sound device could be opened"))
    }

    @Test func missingVoiceDataIsSaidOnceAndShownAndParlaGoesOnSilently() async throws {
        let app = AppDriver()
        let empty = app.dataDir.appendingPathComponent("no-voices")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let session = try TmuxSession(width: 80, height: 24, command: app.command(), environment: ["ESPEAK_DATA_PATH": empty.path])
        defer { session.close() }
        let notice = "The eSpeak-NG voice data was not found (\(empty.path)). Parla goes on without speech; sounds still play."
        let screen = try await session.waitFor(timeout: .seconds(30)) { $0.joined().contains("sounds still play.") }
        // The notice, wrapped at the window's width, where the post was.
        let shown = screen[2...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(shown.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") == notice, "\(screen)")
        #expect(app.spokenLines().filter { $0.text == notice }.map(\.priority) == ["alert"])
        try await expectReadingGoesOn(session, app)
        #expect(app.spoken().filter { $0.hasPrefix("The eSpeak-NG") }.count == 1)
    }

    @Test func aStormOfResizesLeavesTheRightFrameAndTheCursorOnTheFocus() async throws {
        let app = AppDriver()
        let session = try TmuxSession(width: 80, height: 24, command: app.command())
        defer { session.close() }
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts 1 of") } }
        // 50 resizes a second for two seconds, from another thread, between sizes big and too small.
        let sizes = [(100, 30), (20, 6), (40, 12), (132, 43), (41, 13), (79, 23)]
        let storm = DispatchSemaphore(value: 0)
        let socket = session.socket
        Thread.detachNewThread {
            let clock = ContinuousClock()
            let start = clock.now
            for index in 0..<100 {
                let (width, height) = sizes[index % sizes.count]
                _ = try? Command.run(
                    ["tmux", "-L", socket, "-f", "/dev/null", "resize-window", "-t", "parla", "-x", String(width), "-y", String(height)],
                    environment: ProcessInfo.processInfo.environment)
                let due = start + .milliseconds(20 * (index + 1))
                if clock.now < due { Thread.sleep(forTimeInterval: Double((due - clock.now).milliseconds) / 1000) }
            }
            storm.signal()
        }
        // Keys keep working in the storm.
        try session.send("Down")
        storm.wait()
        try session.tmux(["resize-window", "-t", session.name, "-x", "60", "-y", "20"])
        let screen = try await session.waitFor { $0.count >= 20 && $0[1] == " " + String(repeating: "─", count: 58) && $0[19].contains("[About]") }
        #expect(session.isRunning())
        #expect(screen[0] == " Home · local")
        #expect(screen[1] == " " + String(repeating: "─", count: 58))
        #expect(screen[19].hasPrefix("   [About]"), "\(screen)")
        #expect(screen.contains { $0.contains("▶ Posts 2 of") }, "\(screen)")
        #expect(screen.allSatisfy { $0.count <= 60 }, "\(screen)")
        try await session.expectCursorOnFocus("after the storm")
        try session.send("Down")
        _ = try await session.waitFor { $0.contains { $0.contains("▶ Posts 3 of") } }
        try await session.expectCursorOnFocus("Down after the storm")
        try await session.quit()
        #expect(!session.isRunning())
    }
}
