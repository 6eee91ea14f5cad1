import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// The real `parla` binary in line mode against its embedded local instance (no account set up, so
/// each command starts the instance in process on the same data folder).
@Suite(.serialized) struct LineModeTests {
    let dataDir = TestPaths.temporaryDirectory("parla-line")

    private var environment: [String: String] { TestEnvironment.forParla }

    /// Runs `parla ARGS --data-dir … --lang en`, feeding `input` to standard input.
    private func parla(_ arguments: [String], input: String? = nil, language: String = "en") async throws -> Command.Result {
        try await Command.runDetached([TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path, "--lang", language],
                        environment: environment, input: input.map { Data($0.utf8) })
    }

    private func json(_ result: Command.Result) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    }

    @Test func postByArgumentAndByStandardInputThenFindBothInTheTimeline() async throws {
        let first = try await parla(["post", "Line mode says hello"])
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.hasPrefix("Posted. Id "))
        let second = try await parla(["post", "-"], input: "Read from standard input\n")
        #expect(second.status == 0, "\(second.errors)")

        let timeline = try await parla(["timeline", "home", "--limit", "40", "--json"])
        #expect(timeline.status == 0, "\(timeline.errors)")
        let posts = try #require(try json(timeline) as? [[String: Any]])
        #expect(posts.count == 40)
        let texts = posts.compactMap { $0["text"] as? String }
        // Newest first: the post from standard input, then the one from the argument.
        #expect(Array(texts.prefix(2)) == ["Read from standard input", "Line mode says hello"])
        let newest = try #require(posts.first)
        for key in ["id", "acct", "text", "spoken", "created_at", "language"] {
            #expect(newest.keys.contains(key), "missing \(key)")
        }
        #expect(newest["acct"] as? String == "owner")
        #expect(newest["language"] as? String == "en")
        #expect((newest["spoken"] as? String)?.contains("Read from standard input") == true)
    }

    @Test func everyReadingCommandsJSONDecodes() async throws {
        let reading: [[String]] = [
            ["timeline", "home"], ["timeline", "mentions"], ["timeline", "notifications"], ["timeline", "local"],
            ["timeline", "public"], ["timeline", "@lucia"], ["timeline", "#ParlaTips"], ["timeline", "list", "Accessibility"],
            ["timeline", "bookmarks"], ["timeline", "favourites"], ["timeline", "direct"], ["user", "@marta"],
            ["followers", "@owner"], ["following", "@owner"], ["search", "pa"], ["accounts"], ["outbox"], ["budget"],
        ]
        var firstPostId: String?
        for arguments in reading {
            let result = try await parla(arguments + ["--json"])
            #expect(result.status == 0, "\(arguments): \(result.errors)")
            let decoded = try json(result)
            #expect(decoded is [Any] || decoded is [String: Any], "\(arguments)")
            if arguments == ["timeline", "home"], let posts = decoded as? [[String: Any]] {
                #expect(!posts.isEmpty)
                firstPostId = posts.first?["id"] as? String
            }
        }
        let id = try #require(firstPostId)
        let thread = try await parla(["thread", id, "--json"])
        #expect(thread.status == 0, "\(thread.errors)")
        #expect((try json(thread) as? [[String: Any]])?.isEmpty == false)
    }

    /// The common reading commands are read without ArgumentParser when their line holds only their words and the
    /// options every line command takes; written as `--name=value`, the same options go through ArgumentParser.
    /// Both ways read the same.
    @Test func readingCommandsReadTheSameWithOrWithoutArgumentParser() async throws {
        let home = try await parla(["timeline", "--limit", "1", "--json"])
        let id = try #require((try json(home) as? [[String: Any]])?.first?["id"] as? String)
        let lines: [[String]] = [
            ["timeline", "--limit", "3"], ["timeline", "#ParlaTips", "--limit", "2"], ["timeline", "list", "Accessibility", "--limit", "2"],
            ["thread", id], ["user", "@marta"], ["followers", "@owner", "--limit", "2"], ["following", "@owner"], ["search", "pa", "--limit", "2"],
            // Every other option the fast path takes, so that a name it knows is one the parser knows.
            ["timeline", "--limit", "2", "--quiet-demo", "--account", "local", "--config-dir", dataDir.appendingPathComponent("config").path],
        ]
        for line in lines {
            let fast = try await Command.runDetached(
                [TestPaths.parlaExecutable.path] + line + ["--json", "--wait", "5", "--data-dir", dataDir.path, "--lang", "en"], environment: environment)
            let parsed = try await Command.runDetached(
                [TestPaths.parlaExecutable.path] + line + ["--json", "--wait=5", "--data-dir=\(dataDir.path)", "--lang=en"], environment: environment)
            #expect(fast.status == 0, "\(line): \(fast.errors)")
            #expect(parsed.status == 0, "\(line): \(parsed.errors)")
            // What is said carries the time since each post ("3 minutes ago"), which may change between the two runs,
            // and addresses the embedded instance's port, new in each run.
            #expect(try withoutSpoken(fast) == withoutSpoken(parsed), "\(line)")
            #expect(!fast.output.isEmpty)
        }
    }

    /// The JSON output with every "spoken" field left out, keys sorted, and any port of 127.0.0.1 as 0.
    private func withoutSpoken(_ result: Command.Result) throws -> String {
        func strip(_ value: Any) -> Any {
            if let object = value as? [String: Any] {
                return object.filter { $0.key != "spoken" }.mapValues(strip)
            }
            if let array = value as? [Any] { return array.map(strip) }
            return value
        }
        let data = try JSONSerialization.data(withJSONObject: strip(try json(result)), options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self).replacing(/127\.0\.0\.1:[0-9]+/, with: "127.0.0.1:0")
    }

    @Test func badCommandsExitNonZeroWithOneClearLine() async throws {
        let unknown = try await parla(["timeline", "sideways"])
        #expect(unknown.status == 2)
        #expect(unknown.output == "")
        #expect(unknown.errors.split(separator: "\n").count == 1, "\(unknown.errors)")
        #expect(unknown.errors == "parla: Unknown timeline 'sideways': use home, mentions, notifications, local, public, @user, #tag, list NAME, feed NAME, link URL, bookmarks, favourites or direct. See parla --help.\n")

        let nobody = try await parla(["user", "@nobody-here"])
        #expect(nobody.status == 65)
        #expect(nobody.errors.split(separator: "\n").count == 1, "\(nobody.errors)")

        let noAccount = try await parla(["timeline", "home", "--account", "ghost@example.social"])
        #expect(noAccount.status == 78)
        #expect(noAccount.errors.split(separator: "\n").count == 1, "\(noAccount.errors)")

        let empty = try await parla(["post", "-"], input: "\n")
        #expect(empty.status == 65)
        #expect(empty.errors == "The post is empty: write some text.\n")

        let spanish = try await parla(["user", "@nobody-here"], language: "es")
        #expect(spanish.status == 65)
        #expect(!spanish.errors.isEmpty && spanish.errors != nobody.errors, "the error is said in Spanish")
    }

    @Test func usageErrorsAreOneLineInTheUsersLanguage() async throws {
        // The parser's own errors, said again in the language --lang asks for.
        let cases: [([String], String, String)] = [
            (["timeline", "home", "--frobnicate"], "es", "parla: No existe la opción '--frobnicate'. Consulta parla --help.\n"),
            (["timeline", "home", "--limt=3"], "en", "parla: There is no option '--limt'. Did you mean '--limit'? See parla --help.\n"),
            (["thread"], "ca", "parla: Falta alguna cosa: '<id>'. Consulta parla --help.\n"),
            (["timeline", "home", "--limit", "many"], "es", "parla: 'many' no es un valor válido para '--limit <limit>'. Consulta parla --help.\n"),
            (["boost", "1", "2", "3"], "en", "parla: Parla did not expect these arguments: '2', '3'. See parla --help.\n"),
            (["timeline", "home", "--json=yes"], "ca", "parla: L'opció '--json' no porta valor, però s'ha donat 'yes'. Consulta parla --help.\n"),
            // The options' own checks.
            (["timeline", "home", "--limit", "0"], "ca", "parla: --limit porta un nombre de l'1 al 1000. Consulta parla --help.\n"),
            (["followers", "@owner", "--limit", "1001"], "en", "parla: --limit takes a number from 1 to 1000. See parla --help.\n"),
            (["user", "@marta", "@lucia"], "en", "parla: Parla did not expect '@lucia' here. See parla --help.\n"),
            (["user", "@marta", "--limit", "2"], "en", "parla: There is no option '--limit'. Did you mean '--wait'? See parla --help.\n"),
            (["search"], "en", "parla: Something is missing: '<text> ...'. See parla --help.\n"),
            (["timeline", "home", "--wait", "-1"], "en", "parla: The option '--wait <wait>' needs a value. See parla --help.\n"),
            (["post"], "es", "parla: Escribe el texto, o - para leerlo de la entrada estándar. Consulta parla --help.\n"),
        ]
        for (arguments, language, expected) in cases {
            let result = try await parla(arguments, language: language)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.output == "")
            #expect(result.errors == expected)
        }
        // Options before the command still reach the command.
        let leading = try await Command.runDetached(
            [TestPaths.parlaExecutable.path, "--lang", "es", "--data-dir", dataDir.path, "timeline", "home", "--limit", "0"], environment: environment)
        #expect(leading.status == 2)
        #expect(leading.errors == "parla: --limit lleva un número del 1 al 1000. Consulta parla --help.\n")
        let language = try await Command.runDetached(
            [TestPaths.parlaExecutable.path, "timeline", "home", "--lang", "xx", "--data-dir", dataDir.path], environment: environment)
        #expect(language.status == 2)
        #expect(language.errors == "parla: Unknown language 'xx': use en, es or ca. See parla --help.\n")
    }

    @Test func pipedOutputHoldsNoEscapeBytes() async throws {
        // A post carrying escape sequences, an OSC title write and bidi overrides.
        let hostile = "Title \u{1B}]0;owned\u{07} and \u{1B}[31mred\u{1B}[0m \u{202E}reversed\u{202C} text"
        let posted = try await parla(["post", hostile])
        #expect(posted.status == 0, "\(posted.errors)")
        for arguments in [["timeline", "home", "--limit", "5"], ["timeline", "home", "--limit", "5", "--json"]] {
            let result = try await parla(arguments)
            #expect(result.status == 0)
            let bytes = Array(result.output.utf8)
            #expect(!bytes.contains(0x1B), "ESC in \(arguments)")
            #expect(!bytes.contains(0x07), "BEL in \(arguments)")
            #expect(!result.output.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) }, "bidi override in \(arguments)")
            #expect(result.output.contains("red"))
        }
    }

    @Test func actionsChangeWhatTheTimelineSays() async throws {
        // Lucía's own newest post (not a boost): acting on it is what the timeline then reports.
        let timeline = try await parla(["timeline", "@lucia", "--limit", "10", "--json"])
        let post = try #require((try json(timeline) as? [[String: Any]])?.first { $0["reblog_of"] is NSNull })
        let id = try #require(post["id"] as? String)
        for (command, sentence) in [("favourite", "Favourited."), ("bookmark", "Bookmarked."), ("boost", "Boosted.")] {
            let result = try await parla([command, id])
            #expect(result.status == 0, "\(command): \(result.errors)")
            #expect(result.output == sentence + "\n")
        }
        let after = try #require((try json(try await parla(["timeline", "@lucia", "--limit", "10", "--json"])) as? [[String: Any]])?.first { $0["id"] as? String == id })
        #expect(after["favourited"] as? Bool == true)
        #expect(after["bookmarked"] as? Bool == true)
        #expect(after["reblogged"] as? Bool == true)
        let bookmarks = try #require(try json(try await parla(["timeline", "bookmarks", "--json"])) as? [[String: Any]])
        #expect(bookmarks.contains { $0["id"] as? String == id })

        let reply = try await parla(["reply", id, "Thanks for this"])
        #expect(reply.status == 0, "\(reply.errors)")
        let thread = try #require(try json(try await parla(["thread", id, "--json"])) as? [[String: Any]])
        #expect(thread.contains { ($0["text"] as? String)?.hasSuffix("Thanks for this") == true && $0["in_reply_to_id"] as? String == id })

        let follow = try await parla(["unfollow", "@lucia"])
        #expect(follow.status == 0, "\(follow.errors)")
        #expect(follow.output == "You no longer follow @lucia.\n")
        let user = try #require(try json(try await parla(["user", "@lucia", "--json"])) as? [String: Any])
        #expect((user["relationship"] as? [String: Any])?["following"] as? Bool == false)
    }
}
