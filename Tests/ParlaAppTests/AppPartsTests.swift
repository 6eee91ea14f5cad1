import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import ParlaBase
import ParlaPresentation
import SpeechKit
import TerminalKit
import TestSupport
import Testing

@Suite struct KeymapAndStringsTests {
    @Test func defaultsAndAnEditedKeymap() {
        let localizer = TestLocalization.localizer()
        #expect(Keymap().binding(for: .char("r"))?.action == .screen(.reply))
        #expect(Keymap().binding(for: .f(5))?.action == .screen(.refresh))
        #expect(Keymap().binding(for: .ctrl("q"))?.action == .host(.quit))
        let (keymap, problems) = Keymap.parse("""
        [keys]
        reply = "e"
        refresh = [".", "F6"]
        shout = "s"
        boost = "Hyper+x"
        favourite = "e"
        """, localizer: localizer)
        #expect(keymap.keys(for: .reply) == [.char("e")])
        #expect(keymap.keys(for: .refresh) == [.char("."), .f(6)])
        // Bad entries keep the defaults and are said plainly.
        #expect(keymap.keys(for: .boost) == [.char("b")])
        #expect(keymap.keys(for: .favourite) == [.char("f")])
        #expect(problems == [
            "keymap.toml: the keys for boost are not understood; its default is kept.",
            "keymap.toml: there is no action called shout; that line is ignored.",
            "keymap.toml: E is already used by reply, so it does not do favourite.",
            "keymap.toml: F6 is already used by refresh, so it does not do phrases.",
            // Edit's default key went to reply: edit keeps none (screens7: edit, redraft and history are new keys).
            "keymap.toml: E is already used by reply, so it does not do edit.",
        ])
    }

    @Test func aBrokenKeymapFileKeepsEveryDefault() throws {
        let localizer = TestLocalization.localizer(.spanish)
        let (keymap, problems) = Keymap.parse("[keys\nreply = ", localizer: localizer)
        #expect(keymap == Keymap())
        #expect(keymap.bindings == Keymap.defaults)
        #expect(problems == ["keymap.toml tiene un error cerca de la línea 1; se usan las teclas por defecto."])
        let folder = TestPaths.temporaryDirectory()
        try Data("[keys]\ncompose = \"n\"\n".utf8).write(to: folder.appendingPathComponent("keymap.toml"))
        let (loaded, none) = Keymap.load(configDirectory: folder, localizer: localizer)
        #expect(loaded.keys(for: .compose) == [.char("n")])
        #expect(none.isEmpty)
    }

    /// Every binding of the one table (host and screens) and of every control is described in each
    /// language's strings (keys.json, or the file of the part that added it: every *.json is loaded), and
    /// what a screen lists in help comes from that table.
    @Test func everyBindingIsDescribedInKeysJsonInAllThreeLanguagesAndComesFromTheOneTable() async throws {
        var keys = Keymap.defaults.map(\.descriptionKey)
        let field = TextField("t", multiline: true), line = TextField("t")
        let controls: [any Control] = [
            Button("b"), Toggle("o"), Label(text: "l"), field, line, Keypad("k", target: field), Segmented("s", options: ["a"]),
            TimedSegmented("t", options: ["a"]), Wheel("w", items: ArrayWheelItems(["a"])), LoadingState(),
            TextView("v", text: ReviewText("v")), WordRow("w"),
        ]
        for control in controls { keys += control.bindings.map(\.descriptionKey) }
        for language in Language.allCases {
            let table = try #require(TestLocalization.tables[language])
            for key in Set(keys) {
                #expect(table[key]?.isEmpty == false, "\(key) missing in \(language.code)")
            }
        }
        #expect(Set(keys).count == 110)
        // The timeline's screen and host keys are entries of the one table, Ctrl+Q among them once.
        let h = try AppHarness()
        await h.open()
        let chain = h.app.host.keyTable.bindings.filter { $0.scope != .control }
        #expect(chain.allSatisfy { Keymap.defaults.contains($0) })
        #expect(chain.filter { $0.matches(.ctrl("q")) }.map(\.descriptionKey) == ["app.key.quit"])
        #expect(chain.count == 49)
    }

    @Test func everyScreensStringExistsInAllThreeLanguagesWithTheSamePlaceholders() throws {
        var tables: [Language: [String: String]] = [:]
        for language in Language.allCases {
            for file in ["screens", "post", "emoji"] {
                let url = TestPaths.localization.appendingPathComponent("\(language.code)/\(file).json")
                let table = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: String])
                tables[language, default: [:]].merge(table) { first, _ in first }
            }
        }
        let english = try #require(tables[.english])
        func placeholders(_ text: String) -> Set<String> {
            Set(text.matches(of: /\{([a-z]+)\}/).map { String($0.output.1) })
        }
        for language in [Language.spanish, .catalan] {
            let table = try #require(tables[language])
            #expect(Set(table.keys) == Set(english.keys))
            for (key, value) in english { #expect(placeholders(table[key] ?? "") == placeholders(value), "\(key) in \(language.code)") }
        }
        #expect(english.count > 300)
    }
}

@Suite struct AppBehaviourTests {
    @Test func newPostsNeverMoveTheReaderAndAreCountedTogether() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.down)
        h.engine.arrive([post("104", by: ben, "<p>Fresh</p>", minutesAgo: 0)], in: "home")
        await deliverEvents(h)
        h.engine.arrive([post("105", by: ana, "<p>Fresher</p>", minutesAgo: 0)], in: "home")
        await deliverEvents(h)
        let notices = h.utterances.filter { $0.priority == .notification }
        #expect(notices == [
            Utterance("1 new post in Home", priority: .notification, earcon: .newPost, coalesceKey: "new:home"),
            Utterance("2 new posts in Home", priority: .notification, earcon: .newPost, coalesceKey: "new:home"),
        ])
        // Still on Ben's post, now the fourth of five.
        #expect(h.lines[2] == "   [Ben Jones @ben@example.org]           Time: 30 min ago")
        #expect(h.lines[21] == "   You are in Home · 4 of 5 · 2 new above")
        #expect(h.cursor == Point(x: 5, y: 14))
    }

    /// Regression: on a first start the stream could fill the empty home timeline before the opening
    /// refresh answered; the posts were shown but the first was never read (the 40x12 scenario waited).
    @Test func postsStreamedIntoAnEmptyTimelineReadTheFirstOfThem() async throws {
        let engine = FakeEngine()
        engine.setCached([], in: "home")
        let h = try AppHarness(engine: engine)
        await h.open()
        #expect(h.texts.last == "Home · main. Posts, wheel list, loading")
        h.engine.arrive([post("104", by: ben, "<p>Fresh</p>", minutesAgo: 0)], in: "home")
        await deliverEvents(h)
        // The wheel got focus empty: its keys come with its first post, once.
        #expect(h.utterances.filter { $0.priority == .focus }.last?.text
            == "Ben Jones: Fresh. just now. Up and Down move, Right reads the rest, Enter chooses.")
        await h.press(.up)
        #expect(h.texts.last == "Ben Jones: Fresh. just now.")
        #expect(h.lines[21] == "   You are in Home · 1 of 1")
    }

    /// A first start: the opening refresh fills the empty timeline; its first post is read, and the
    /// posts are not announced as news on top of it ("40 new posts" came right after the post).
    @Test func aFirstStartReadsTheFirstPostWithoutCountingThePostsAsNews() async throws {
        let engine = FakeEngine()
        engine.setCached([], in: "home")
        engine.willBring([post("104", by: ben, "<p>Fresh</p>", minutesAgo: 0), post("103", by: ana, "<p>Older</p>", minutesAgo: 5)], to: "home")
        let h = try AppHarness(engine: engine)
        await h.open()
        #expect(h.utterances.filter { $0.priority == .focus }.last?.text
            == "Ben Jones: Fresh. just now. Up and Down move, Right reads the rest, Enter chooses.")
        #expect(!h.utterances.contains { $0.priority == .notification })
        #expect(h.lines[21] == "   You are in Home · 1 of 2")
    }

    /// Regression (issue 9, item 5): a streamed burst of 1000 posts handed the speech queue 1000 notices and read the cache 1000 times.
    @Test func aBurstOfStreamedPostsIsOneNoticeWithTheFinalCount() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.down)
        for round in 0..<10 {
            // 100 posts streamed, one event each, while the reader moves on and back.
            for n in 0..<100 {
                let id = String(1000 + round * 100 + n)
                h.engine.arrive([post(id, by: ben, "<p>Streamed \(id)</p>", minutesAgo: 0)], in: "home")
            }
            #expect(h.app.runtime.inbox.count == 100)
            await h.press(.down, .up)
            h.clock.advance(by: .milliseconds(100))
        }
        #expect(h.utterances.filter { $0.priority == .notification }.isEmpty)
        h.clock.advance(by: .milliseconds(500))
        h.app.drain()
        #expect(h.utterances.filter { $0.priority == .notification } == [
            Utterance("1000 new posts in Home", priority: .notification, earcon: .newPost, coalesceKey: "new:home"),
        ])
        // Still on Ben's post, under the 1000 new ones.
        #expect(h.lines[2] == "   [Ben Jones @ben@example.org]           Time: 30 min ago")
        #expect(h.lines[21] == "   You are in Home · 1002 of 1003 · 1000 new above")
    }

    @Test func unreachableServerAtStartShowsTheCacheAndSaysOffline() async throws {
        let engine = FakeEngine()
        engine.refreshError = .unreachable(host: "social.example")
        let h = try AppHarness(engine: engine)
        await h.open()
        #expect(h.utterances.last?.priority == .urgent)
        #expect(h.texts.last?.hasPrefix("Offline: showing saved posts. ") == true)
        #expect(h.lines[21] == "   You are in Home · 1 of 3 · offline: saved posts")
        #expect(h.lines[11] == "   > Ana García: Good morning, everyone!")
    }

    @Test func speakupIsDetectedAndSaidOnScreen() async throws {
        let folder = TestPaths.temporaryDirectory()
        let synth = folder.appendingPathComponent("synth")
        try Data("soft\n".utf8).write(to: synth)
        #expect(ScreenReaderDetection.speakupActive(synthPath: synth.path))
        try Data("none\n".utf8).write(to: synth)
        #expect(!ScreenReaderDetection.speakupActive(synthPath: synth.path))
        try Data("soft\n".utf8).write(to: synth)
        let h = try AppHarness(speakupPath: synth.path)
        await h.open()
        #expect(h.control.settings.earconsOnly)
        // The where-line wraps to a second row rather than cutting the note (issue 26 item 14).
        #expect(Array(h.lines[20...21]) == [
            "   You are in Home · 1 of 3 · Speakup is running: Parla leaves speech to it and",
            "   keeps the cursor on the focus.",
        ])
    }

    @Test func settingsFileKeepsOtherKeysAndRoundTrips() throws {
        let folder = TestPaths.temporaryDirectory()
        try Data(#"{"account": "kept", "rate": 9999}"#.utf8).write(to: folder.appendingPathComponent("settings.json"))
        let store = FileAppSettingsStore(configDirectory: folder)
        var settings = try store.load()
        #expect(settings.rate == 175)
        settings.language = .catalan
        settings.rate = 250
        settings.autoreadMentions = false
        try store.save(settings)
        #expect(try store.load() == settings)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: store.file)) as? [String: Any]
        #expect(object?["account"] as? String == "kept")
    }

    @Test func templatesRoundTripAndTheOldTemplateNameStillLoads() throws {
        let folder = TestPaths.temporaryDirectory()
        try Data(#"{"template": "text-first"}"#.utf8).write(to: folder.appendingPathComponent("settings.json"))
        let store = FileAppSettingsStore(configDirectory: folder)
        var settings = try store.load()
        #expect(settings.templates[.short] == PostTemplate.presets["text-first"]?[.short])
        settings.templates[.minimal] = PostTemplate(display: "$author", spoken: "$text by $author $unknown")
        settings.readWarningBody = true
        settings.linkDisplay = .full
        try store.save(settings)
        let loaded = try store.load()
        #expect(loaded == settings)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: store.file)) as? [String: Any]
        #expect(object?["template"] == nil)
        #expect((object?["templates"] as? [String: [String: String]])?["minimal"] == ["display": "$author", "spoken": "$text by $author $unknown"])
        settings.verbosity = .minimal
        #expect(settings.presentation.template.spoken == "$text by $author $unknown")
    }

    @Test func quittingFlushesDraftsAndCtrlQWorksInsideTheTextField() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("c"), .char("h"), .char("i"), .ctrl("q"))
        #expect(h.app.host.isFinished)
        #expect(h.engine.savedDrafts["new"]?.text == "hi")
        await h.app.shutdown()
        #expect(h.engine.calls.suffix(2) == ["flush drafts", "stop"])
    }

    @Test func singleKeysAreDescribedInInputHelp() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.f(12), .char("b"), .char("g"), .f(12))
        #expect(h.texts.suffix(3) == ["b: boost or unboost the post.", "g: go to another timeline.", "Input help off"])
        #expect(h.engine.calls == ["start live", "refresh home"])
    }
}

@Suite struct KeymapFileTests {
    /// keymap.toml changes entries of the one table: the host's Ctrl+Q and a screen's single key alike.
    @Test func aKeymapFileChangesTheHostsKeysAndTheScreensAlike() async throws {
        let folder = TestPaths.temporaryDirectory()
        try Data("[keys]\nquit = \"Ctrl+X\"\nreply = \"e\"\n".utf8).write(to: folder.appendingPathComponent("keymap.toml"))
        let h = try AppHarness(configDirectory: folder)
        await h.open()
        await h.press(.f(12), .char("e"), .char("r"), .ctrl("x"), .ctrl("q"), .f(12))
        #expect(h.texts.suffix(5) == [
            "e: reply to the post.", "r: does nothing here", "Control X: quit Parla (drafts are kept).",
            "Control Q: does nothing here", "Input help off",
        ])
        await h.press(.ctrl("q"))
        #expect(!h.app.host.isFinished)
        await h.press(.ctrl("x"))
        #expect(h.app.host.isFinished)
    }
}
