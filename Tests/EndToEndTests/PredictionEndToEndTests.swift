import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Issue 30's word prediction as its users meet it: the real `parla` in tmux, a switch user writing from the
/// suggestions alone, a low-vision user at 40×12, and nothing learnt ever sent.
@Suite(.serialized) struct PredictionEndToEndTests {
    /// The words of a scanned row ("Words: thank, the, to").
    static func words(of row: String) -> [String] {
        row.dropFirst("Words: ".count).components(separatedBy: ", ")
    }

    @Test func aPostIsWrittenFromTheSuggestionsWithTwoSwitchesAndFoundOnTheServer() async throws {
        let (app, session) = try ScanningEndToEndTests.scanning(dwellMilliseconds: 3000)
        defer { session.close() }

        /// Presses `key` once what is being said is `wanted` (or begins with it); returns what was said.
        @discardableResult
        func press(_ key: String = "Space", when wanted: String, exactly: Bool = false) async throws -> String {
            func offered() -> String? {
                guard let last = app.spoken().last, exactly ? last == wanted : last.hasPrefix(wanted) else { return nil }
                return last
            }
            await session.waitUntil(timeout: .seconds(60)) { offered() != nil }
            let said = try #require(offered(), "never offered '\(wanted)'; last said: \(app.spoken().suffix(3))")
            try session.send(key)
            return said
        }

        try await press(when: "New post, button")
        try await press(when: "Keypad, keypad")
        // The words' row comes first: the switch takes it, and the second word said is chosen.
        let firstSaid = try await press(when: "Words: ")
        let firstRow = Self.words(of: firstSaid)
        try #require(firstRow.count >= 2, "\(firstRow)")
        try await press(when: firstRow[1], exactly: true)
        // The next round starts at the words again, now the next ones; the first is chosen.
        let secondSaid = try await press(when: "Words: ")
        let secondRow = Self.words(of: secondSaid)
        try #require(!secondRow.isEmpty)
        try await press(when: secondRow[0], exactly: true)
        let expected = firstRow[1] + " " + secondRow[0]
        // (a press that came as the scan moved on would choose the next word: the text says which was chosen)
        let screen = try await session.waitFor { $0.contains { $0.trimmingCharacters(in: .whitespaces) == expected } }
        #expect(screen.contains { $0.trimmingCharacters(in: .whitespaces) == expected }, "\(screen)")
        // Each suggestion was said once as it was scanned: the row, then its first and second word, once each.
        let spoken = app.spoken()
        let secondAt = try #require(spoken.lastIndex(of: secondSaid))
        let rowAt = try #require(spoken[..<secondAt].lastIndex(of: firstSaid))
        let scanned = Array(spoken[rowAt...])
        // Between the first row and the second, its words in turn, each once, up to the one chosen.
        let between = Array(spoken[(rowAt + 1)..<secondAt])
        #expect(between == Array(firstRow.prefix(between.count)) && between.count >= 2, "\(scanned)")
        // The keypad's rounds end with Send.
        try await press(when: "Send", exactly: true)
        await session.waitUntil(timeout: .seconds(20)) { app.spoken().contains { $0.hasPrefix("Sent: ") } }
        try #require(app.spoken().contains { $0.hasPrefix("Sent: ") }, "\(app.spoken().suffix(5))")
        try await session.quit()

        let timeline = try app.line(["timeline", "home", "--json", "--limit", "5"])
        #expect(timeline.status == 0, "\(timeline.errors)")
        let parsed = try JSONSerialization.jsonObject(with: Data(timeline.output.utf8))
        let posts = try #require(parsed as? [[String: Any]])
        #expect((posts.first?["text"] as? String)?.trimmingCharacters(in: .whitespaces) == expected, "\(posts.first ?? [:])")
    }

    @Test func at40By12TheWordsRowIsLegibleAndTheCursorSitsOnTheWordSaid() async throws {
        let app = AppDriver()
        let session = try TmuxSession(width: 40, height: 12, command: app.command("--rate 450"))
        defer { session.close() }
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.first?.contains("Home") == true }
        try session.send("c")
        _ = try await session.waitFor { $0.contains { $0.contains("Text:") } }
        try session.send("-l", "Good mor")
        try session.send("Tab")
        _ = try await session.waitFor { $0.contains { $0.contains("Keypad") && $0.contains("▶") } }
        try session.send("Up", "Up")
        let heard = await app.waitForSpeech(session) { $0.hasPrefix("Words, ") }
        _ = try #require(heard, "\(app.spoken().suffix(3))")
        // "Words, 5: more": the first word, under the cursor. Learning from the cached posts may reorder the row
        // (and say it again) after the first words were said: the last words said and the screen are compared.
        var word = ""
        var row = ""
        var cursor = (x: -1, y: -1)
        _ = try await session.waitFor { screen in
            word = app.spoken().last { $0.hasPrefix("Words, ") }?.components(separatedBy: ": ").last ?? ""
            cursor = (try? session.cursor()) ?? (-1, -1)
            row = cursor.y >= 0 && cursor.y < screen.count ? screen[cursor.y] : ""
            let characters = Array(row)
            return row.contains("Words:") && row.contains("1 " + word) && cursor.x < characters.count && String(characters[cursor.x...]).hasPrefix(word)
        }
        #expect(row.contains("Words:") && row.contains("1 " + word), "row '\(row)'")
        let characters = Array(row)
        let under = cursor.x < characters.count ? String(characters[cursor.x...]) : ""
        #expect(under.hasPrefix(word), "cursor \(cursor) on '\(row)': '\(under)'")
        try await session.quit()
    }

    @Test func nothingPredictionLearntIsSentToTheServer() async throws {
        let server = try ServeProcess()
        defer { server.stop() }
        let portText = server.url.split(separator: ":").last.map(String.init) ?? ""
        let port = try #require(Int(portText))
        let proxy = try RecordingProxy(target: port)
        defer { proxy.stop() }
        let app = AppDriver()
        let login = try app.line(["login", proxy.url, "--token", server.token])
        #expect(login.status == 0, "\(login.errors)")
        let session = try TmuxSession(width: 80, height: 24, command: app.command("--rate 450"))
        defer { session.close() }
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.first?.contains("Home") == true }
        try session.send("c")
        _ = try await session.waitFor { $0.contains { $0.contains("Text:") } }
        try session.send("-l", "Radio tonight wi")
        try session.send("M-1")
        _ = try await session.waitFor { $0.contains { $0.contains("Radio tonight with") } }
        try session.send("-l", "Amara")
        try session.send("F3", "Enter")
        await session.waitUntil(timeout: .seconds(20)) { app.spoken().contains { $0.hasPrefix("Sent: ") } }
        try #require(app.spoken().contains { $0.hasPrefix("Sent: Radio tonight with Amara") }, "\(app.spoken().suffix(4))")
        try await session.quit()

        // What prediction learnt (the post, and the user's own posts it read in the cache) is on this computer.
        let file = app.dataDir.appendingPathComponent("config/prediction.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
        let learnt = try #require(object as? [String: Any])
        let known = try #require(learnt["words"] as? [String: Any])
        let words = known.keys.filter { $0.count >= 5 }
        try #require(words.contains("tonight"))
        // Of it, only the post itself went to the server: no other request's query or body holds a learnt word.
        let requests = Self.requests(in: proxy.recorded)
        try #require(requests.count > 3, "\(requests.count) requests")
        let publish = requests.filter { $0.line.hasPrefix("POST /api/v1/statuses ") }
        #expect(publish.count == 1, "\(requests.map(\.line))")
        let form = publish.first.map { $0.body.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? $0.body } ?? ""
        #expect(form.contains("status=Radio tonight with Amara"), "\(form)")
        for request in requests where !request.line.hasPrefix("POST /api/v1/statuses ") {
            // The values it carries (the names are the API's own words: `timeline[]=home`).
            let query = request.line.split(separator: " ").dropFirst().first.map { $0.split(separator: "?").dropFirst().joined() } ?? ""
            let values = (query + "&" + request.body).split(separator: "&").map { $0.split(separator: "=", maxSplits: 1).dropFirst().joined() }
            let carried = (values.joined(separator: " ").replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "").lowercased()
            let leaked = words.filter { carried.range(of: "\\b\(NSRegularExpression.escapedPattern(for: $0))\\b", options: .regularExpression) != nil }
            #expect(leaked.isEmpty, "learnt words \(leaked.sorted()) in \(request.line) \(request.body)")
        }
        #expect(!requests.contains { ($0.line + $0.body).lowercased().contains("prediction") })
    }

    /// The HTTP/1.1 requests in what a client sent: each request line and its body (by Content-Length).
    static func requests(in data: Data) -> [(line: String, body: String)] {
        let bytes = [UInt8](data)
        var result: [(line: String, body: String)] = []
        var index = 0
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while index < bytes.count {
            guard let headEnd = (index..<max(index, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == end }) else { break }
            let head = String(decoding: bytes[index..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
            let length = head.dropFirst().compactMap { line -> Int? in
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                return Int(parts[1].trimmingCharacters(in: .whitespaces))
            }.first ?? 0
            let bodyStart = headEnd + 4, bodyEnd = min(bytes.count, bodyStart + length)
            result.append((head.first ?? "", String(decoding: bytes[bodyStart..<bodyEnd], as: UTF8.self)))
            index = bodyEnd
        }
        return result
    }
}
