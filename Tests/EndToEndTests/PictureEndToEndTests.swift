import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Issue 29's must-show for pictures, on the real binary in tmux against its embedded instance: a screenshot
/// posted without a description is read aloud with `a` and printed by `parla media`; a dark disc is drawn as
/// large as the window at 80×24 and at 40×12, and inverting swaps it with its background.
@Suite(.serialized) struct PictureEndToEndTests {
    /// Makes a picture with ImageMagick's `convert` in the app's data folder; returns its path.
    func picture(_ app: AppDriver, _ name: String, _ arguments: [String]) throws -> String {
        try FileManager.default.createDirectory(at: app.dataDir, withIntermediateDirectories: true)
        let path = app.dataDir.appendingPathComponent(name).path
        let made = try Command.run(["convert"] + arguments + [path], environment: ProcessInfo.processInfo.environment)
        #expect(made.status == 0, "\(made.errors)")
        return path
    }

    /// The id in "Posted. Id 12."
    func postedId(_ result: Command.Result) -> String {
        String(result.output.split(separator: " ").last?.dropLast(2) ?? "")
    }

    @Test func aScreenshotWithoutDescriptionIsReadAloudWithAAndPrintedByParlaMedia() async throws {
        let app = AppDriver()
        let path = try picture(app, "screenshot.png", ["-size", "800x200", "xc:white", "-fill", "#202020", "-pointsize", "64",
                                                       "-gravity", "center", "-annotate", "0", "PARLA READS 42"])
        let posted = try app.line(["post", "Look at this", "--media", path, "--yes"])
        #expect(posted.status == 0, "\(posted.errors)")

        let session = try TmuxSession(width: 80, height: 24, command: app.command())
        defer { session.close() }
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("Posts 1 of") } }
        let before = app.spoken().count
        try session.send("a")
        let said = await app.waitForSpeech(session, after: before, timeout: .seconds(30)) { $0.contains("Text in the picture") }
        #expect(said == "No description. Text in the picture: PARLA READS 42", "\(app.spoken().suffix(3))")
        #expect(app.spoken().dropFirst(before).contains("Reading the text in the picture."), "\(app.spoken())")
        try await session.quit()

        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let media = try app.line(["media", postedId(posted)])
        #expect(media.status == 0, "\(media.errors)")
        #expect(media.output == "Attachment 1 of 1: picture, \((size + 500) / 1000) kB. No description. Text in the picture: PARLA READS 42\n")
        let json = try app.line(["media", postedId(posted), "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(entries.first?["text"] as? String == "PARLA READS 42")
        #expect(entries.first?["kind"] as? String == "image")
        #expect(entries.first?["size"] as? Int == size)
    }

    /// The picture's cells: the rows between its description line and the rule above the toolbar.
    func drawnRows(_ screen: [String]) -> [[Character]] {
        guard let top = screen.firstIndex(where: { $0.contains("Picture 1 of 1") }) else { return [] }
        let below = screen[(top + 1)...]
        let bottom = below.firstIndex { $0.contains("─") || $0.contains("Back") } ?? screen.endIndex
        return screen[(top + 1)..<bottom].map { Array($0) }
    }

    @Test func aDarkDiscIsDrawnAsLargeAsTheWindowAndInvertingSwapsItWithOrWithoutColour() async throws {
        let app = AppDriver()
        let path = try picture(app, "disc.png", ["-size", "400x400", "xc:#f0f0f0", "-fill", "#101010", "-draw", "circle 200,200 200,40"])
        let posted = try app.line(["post", "A disc", "--media", path, "--alt", "A dark disc on a light ground"])
        #expect(posted.status == 0, "\(posted.errors)")
        // At 80×24 and 40×12, and with NO_COLOR (attributes only: the picture is still its symbols).
        for (width, height, noColor) in [(80, 24, false), (40, 12, false), (40, 12, true)] {
            let session = try TmuxSession(width: width, height: height, command: app.command(), environment: noColor ? ["NO_COLOR": "1"] : [:])
            defer { session.close() }
            _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("Posts 1 of") } }
            try session.send("i")
            // Drawn once decoded: until then the view says it is loading.
            let shown = try await session.waitFor(timeout: .seconds(15)) { screen in
                !screen.contains { $0.contains("Loading the picture") } && self.drawnRows(screen).contains { $0.contains { !$0.isWhitespace } }
            }
            #expect(shown.contains { $0.contains("Picture 1 of 1: A dark disc") }, "\(shown)")
            // The hardware cursor stays on the description's line.
            let cursor = try session.cursor()
            #expect(shown[cursor.y].contains("Picture 1 of 1"), "\(width)x\(height): cursor on row \(cursor.y): \(shown)")
            let rows = drawnRows(shown)
            // The picture's box: from the first to the last column and row with ink (the light ground is ink).
            let inked = rows.indices.filter { rows[$0].contains { !$0.isWhitespace } }
            let columns = rows.flatMap { row in row.indices.filter { !row[$0].isWhitespace } }
            let (top, bottom) = (try #require(inked.first), try #require(inked.last))
            let (left, right) = (try #require(columns.min()), try #require(columns.max()))
            #expect(bottom - top + 1 >= rows.count - 1, "\(width)x\(height): as tall as the window allows: \(rows.count) rows, \(bottom - top + 1) used")
            func cell(_ rows: [[Character]], _ x: Int, _ y: Int) -> Character { x < rows[y].count ? rows[y][x] : " " }
            let centre = (x: (left + right) / 2, y: (top + bottom) / 2)
            let corners = [(left, top), (right, top), (left, bottom), (right, bottom)]
            #expect(cell(rows, centre.x, centre.y) == " ", "\(width)x\(height): the dark disc is paper: \(shown)")
            #expect(corners.allSatisfy { cell(rows, $0.0, $0.1) != " " }, "\(width)x\(height): the light ground is ink: \(shown)")

            try session.send("i")
            let inverted = try await session.waitFor(timeout: .seconds(10)) { screen in
                let rows = self.drawnRows(screen)
                return rows.count > centre.y && cell(rows, centre.x, centre.y) != " "
            }
            let swapped = drawnRows(inverted)
            #expect(corners.allSatisfy { cell(swapped, $0.0, $0.1) == " " }, "\(width)x\(height): inverted: \(inverted)")
            try session.send("Escape")
            _ = try await session.waitFor { $0.contains { $0.contains("Posts 1 of") } }
            if width == 80 && !noColor {
                // The attachments list opens the same picture with Enter.
                try session.send("I")
                _ = try await session.waitFor { $0.contains { $0.contains("Picture 1: A dark disc on a light ground") } }
                try session.send("Enter")
                _ = try await session.waitFor { $0.contains { $0.contains("Picture 1 of 1: A dark disc") } }
            }
            try await session.quit()
        }

        // Line mode draws it too, as large as 80×24 allows, under its description.
        let shown = try app.line(["media", postedId(posted), "--show"])
        #expect(shown.status == 0, "\(shown.errors)")
        let lines = shown.output.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        #expect(shown.output.hasPrefix("Attachment 1 of 1: picture, "), "\(shown.output)")
        #expect(lines.count == 22 && lines[1].count == 40, "20 rows of 40 columns: \(shown.output)")
        #expect(lines[1].first == "█" && lines[10][20] == " ", "\(shown.output)")
    }

    /// tmux answers the device attributes without sixel (parameter 4) and does not answer kitty's query: turning pixel
    /// graphics on in Settings is refused, said and shown, and the setting stays off.
    @Test func pixelGraphicsAreRefusedOnTmuxWhichSaysItHasNone() async throws {
        let app = AppDriver()
        let session = try TmuxSession(width: 80, height: 24, command: app.command())
        defer { session.close() }
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("Posts 1 of") } }
        let opening = app.spoken().count
        try session.send("F9")
        _ = await app.waitForSpeech(session, after: opening) { $0.hasPrefix("Settings") }
        // Tab until the screen has the focus on the setting (the screen, not the count of lines said, which a busy
        // machine may say later than the test presses).
        var focused = false
        for _ in 0..<80 {
            let screen = try session.capture()
            if screen.contains(where: { $0.contains("▶ [ ] Draw pictures in the terminal's own pixels") }) {
                focused = true
                break
            }
            let row = screen.first { $0.contains("▶") }
            try session.send("Tab")
            try await session.waitFor { $0.first { $0.contains("▶") } != row }
        }
        #expect(focused, "\((try? session.capture()) ?? [])")
        _ = await app.waitForSpeech(session) { $0.hasPrefix("Draw pictures in the terminal's own pixels") }
        let before = app.spoken().count
        try session.send("Enter")
        let refusal = "This terminal did not say it draws sixel or kitty graphics, so pictures stay drawn in characters."
        let answer = await app.waitForSpeech(session, after: before, timeout: .seconds(10)) { $0.hasPrefix("This terminal") }
        #expect(answer == refusal, "\(app.spoken().suffix(3))")
        // The refusal is drawn after it is said: a busy machine showed the frame before it (waiting for the switch alone).
        let screen = try await session.waitFor(timeout: .seconds(10)) {
            $0.contains { $0.contains("[ ] Draw pictures") } && $0.joined(separator: " ").contains("This terminal did not say it draws sixel")
        }
        #expect(screen.joined(separator: " ").contains("This terminal did not say it draws sixel"), "\(screen)")
        // Nothing of the terminal's replies reached the keys: the only thing said after the refusal is what the keys asked.
        #expect(!app.spoken().contains { $0.contains("[?") || $0.contains("1;2c") }, "\(app.spoken())")
        try await session.quit()
    }
}
