import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Issue 28's must-show for braille, on the real binary in tmux with `--braille auto` and BRLTTY's virtual
/// driver: a fake display of 40 cells reads what BRLTTY shows and presses the display's keys.
@Suite(.serialized, .enabled(if: Brltty.isInstalled)) struct BrailleEndToEndTests {
    /// Parla on the demo community, its braille going to `brltty`.
    static func start(_ brltty: Brltty, _ app: AppDriver, braille: String = "auto") throws -> TmuxSession {
        try TmuxSession(width: 80, height: 24, command: app.command("--braille \(braille)"),
                        environment: ["BRLAPI_HOST": brltty.apiHost, "BRLAPI_AUTH": "none"])
    }

    /// BRLTTY, a fake display on it, and Parla with `--braille auto` showing home.
    static func openHome() async throws -> (Brltty, FakeBrailleDisplay, AppDriver, TmuxSession) {
        let brltty = try Brltty()
        let display = try await FakeBrailleDisplay(port: brltty.displayPort)
        let app = AppDriver()
        let session = try start(brltty, app)
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("Posts 1 of") } }
        return (brltty, display, app, session)
    }

    /// The words of `text` with runs of white space made one blank.
    static func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    /// The runs of `line` without blanks, each with its cells.
    static func runs(_ line: String) -> [(text: String, range: Range<Int>)] {
        let cells = Array(line.unicodeScalars)
        var runs: [(text: String, range: Range<Int>)] = []
        var index = 0
        while index < cells.count {
            if cells[index] == " " {
                index += 1
                continue
            }
            let start = index
            while index < cells.count, cells[index] != " " { index += 1 }
            runs.append((String(String.UnicodeScalarView(cells[start..<index])), start..<index))
        }
        return runs
    }

    /// Waits until the display shows a text that `condition` accepts; returns it.
    static func waitForText(_ display: FakeBrailleDisplay, timeout: Duration = .seconds(10), _ condition: (String) -> Bool) async -> String {
        try? await eventually("the display's text", timeout: timeout, every: .milliseconds(20)) { condition(display.text) }
        return display.text
    }

    @Test func afterEachDownTheDisplayShowsTheFocusedPostsStartAuthorFirstAndPanningShowsItsNextPart() async throws {
        let (brltty, display, app, session) = try await Self.openHome()
        defer {
            session.close()
            brltty.stop()
        }
        var shown: [String] = []
        for step in 1...4 {
            let before = app.spoken().count
            let previous = display.text
            try session.send("Down")
            let said = await app.waitForSpeech(session, after: before) { !$0.isEmpty } ?? ""
            let text = await Self.waitForText(display) { $0 != previous && Self.words(said).hasPrefix(Self.words($0)) }
            shown.append(text)
            let screen = try session.capture()
            let row = screen.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(">") } ?? ""
            let author = row.trimmingCharacters(in: .whitespaces).dropFirst(2).prefix { $0 != ":" && $0 != "·" }
                .trimmingCharacters(in: .whitespaces)
            #expect(text.count >= 20, "step \(step): \(text)")
            #expect(Self.words(said).hasPrefix(Self.words(text)), "step \(step): shown '\(text)', said '\(said)'")
            #expect(!author.isEmpty && text.hasPrefix(author), "step \(step): shown '\(text)', row '\(row)'")
        }
        #expect(Set(shown).count == 4, "\(shown)")

        // Panning right shows the item's next 40 characters.
        let said = Self.words(app.spoken().last ?? "")
        let first = display.text
        display.send("FWINRT")
        let next = await Self.waitForText(display) { $0 != first }
        let cells = Array(said.unicodeScalars)
        #expect(cells.count > 40, "\(said)")
        let expected = String(String.UnicodeScalarView(cells.dropFirst(40).prefix(40)))
        #expect(Self.words(next) == Self.words(expected), "panned: '\(next)', said: '\(said)'")
        try await session.quit()
    }

    @Test func routeOnAWordInTheReaderMovesReviewThere() async throws {
        let (brltty, display, app, session) = try await Self.openHome()
        defer {
            session.close()
            brltty.stop()
        }
        try session.send("x")
        _ = try await session.waitFor { $0.contains { $0.contains("Post by") } }
        let before = app.spoken().count
        try session.send("Right")
        let firstWord = await app.waitForSpeech(session, after: before) { !$0.isEmpty } ?? ""
        let line = await Self.waitForText(display) { $0.hasPrefix(firstWord) }
        // The word under cell 12 of the line (over a blank or a lone "·": the next word).
        let runs = Self.runs(line)
        let word = runs.first { $0.range.upperBound > 12 && $0.text.contains(where: \.isLetter) }?.text ?? ""
        let routed = app.spoken().count
        display.send("Route 12")
        let said = await app.waitForSpeech(session, after: routed) { !$0.isEmpty }
        #expect(said == word, "line '\(line)', cell 12 in '\(word)', said \(said ?? "nothing")")
        // The braille cursor (dots 7 and 8) moved to the word's first cell.
        let start = runs.first { $0.text == word }?.range.lowerBound
        try? await eventually("the braille cursor on \(word)", timeout: .seconds(5), every: .milliseconds(20)) { display.cursorCell == start }
        #expect(display.cursorCell == start, "\(display.dots)")
        try await session.quit()
    }

    @Test func withBrailleOffNothingIsWritten() async throws {
        let brltty = try Brltty()
        defer { brltty.stop() }
        let display = try await FakeBrailleDisplay(port: brltty.displayPort)
        _ = await Self.waitForText(display) { !$0.isEmpty }
        let idle = display.visuals
        let app = AppDriver()
        let session = try Self.start(brltty, app, braille: "off")
        defer { session.close() }
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("Posts 1 of") } }
        for _ in 1...3 {
            let before = app.spoken().count
            try session.send("Down")
            _ = await app.waitForSpeech(session, after: before) { !$0.isEmpty }
        }
        // Parla's last word is said after its line would have been written (well under a second).
        try session.send("Down")
        _ = await app.waitForSpeech(session, after: app.spoken().count) { !$0.isEmpty }
        #expect(display.visuals == idle, "\(display.visuals)")
        try await session.quit()
    }

    @Test func killingBrlttyChangesNothingButBrailleAndTheLineIsBackWithinTenSecondsOfItsReturn() async throws {
        let (brltty, firstDisplay, app, session) = try await Self.openHome()
        defer {
            session.close()
            brltty.stop()
        }
        var display = firstDisplay
        try session.send("Down")
        let shown = await Self.waitForText(display) { $0.count >= 20 && $0 != "no screen" }
        #expect(shown.count >= 20)

        brltty.kill()
        try await eventually("the display to see BRLTTY gone", timeout: .seconds(5)) { display.isClosed }
        // Parla goes on: each Down is said and drawn.
        for _ in 1...3 {
            let before = app.spoken().count
            try session.send("Down")
            let said = await app.waitForSpeech(session, after: before) { !$0.isEmpty }
            #expect(said != nil, "nothing said after BRLTTY was killed")
        }
        #expect(session.isRunning())
        let said = Self.words(app.spoken().last ?? "")

        try brltty.start()
        let restarted = ContinuousClock.now
        display = try await FakeBrailleDisplay(port: brltty.displayPort)
        // Parla tries again every 2 s; BRLTTY's own start and the display's connection come on top of it, which a
        // loaded machine can slow: the bound is generous, and the figure is printed.
        let back = await Self.waitForText(display, timeout: .seconds(30)) { !$0.isEmpty && said.hasPrefix(Self.words($0)) && $0 != "no screen" }
        let took = ContinuousClock.now - restarted
        print("braille_back_after_restart: \(took)")
        #expect(said.hasPrefix(Self.words(back)) && back.count >= 20, "back: '\(back)', said: '\(said)'")
        #expect(took < .seconds(30), "\(took)")
        try await session.quit()
    }
}
