import Foundation
import LVControls
import Mastodon
import MicroblogKit
import ParlaApp
import SpeechKit
import SpeechKitTesting
import TerminalKit
import Testing

/// A link opener that only records what it was asked to open.
final class RecordingLinkOpener: LinkOpener {
    var opened: [URL] = []
    let succeeds: Bool
    init(succeeds: Bool = true) { self.succeeds = succeeds }
    func open(_ url: URL) -> Bool {
        opened.append(url)
        return succeeds
    }
}

/// A sound control that records the pack and volume it was given.
final class RecordingSoundControl: SoundControl {
    var packs = ["default", "mine", "soft"]
    var commandLine: (pack: String?, volume: Int?) = (nil, nil)
    var used: [String] = []
    var volumes: [Int] = []
    func use(pack: String) -> [SpeechError] {
        used.append(pack)
        return []
    }
    func setVolume(_ volume: Int) { volumes.append(volume) }
}

extension AppHarness {
    /// The earcons of what was said and played, in order ("focus", "leave"; "-" for an utterance without one).
    var earcons: [String] {
        speech.events.compactMap { event in
            switch event {
            case .say(let utterance): utterance.earcon?.rawValue ?? "-"
            case .play(let earcon): earcon.rawValue
            default: nil
            }
        }
    }
}

/// Issue 17 items 4 and 5 in the app: keys users expect, the leave sound, post cues, sound settings.
@Suite struct AccessAppTests {
    @Test func stopRepeatAndSpellAreKeysOfTheirOwnOnEveryScreen() async throws {
        let h = try AppHarness()
        await h.open()
        h.speech.clear()
        let keys = [Key(.character(" "), .ctrl), .ctrl("r"), .ctrl("s")]
        for key in keys { await h.press(key) }
        // In Settings, in the help and in the compose screen's text field (where they are not typed) too.
        await h.press(.f(9))
        for key in keys { await h.press(key) }
        await h.press(.f(1))
        for key in keys { await h.press(key) }
        await h.press(.escape, .escape, .char("c"))
        for key in keys { await h.press(key) }
        let own = h.speech.events.filter { [.stop, .repeatLast, .spellLast].contains($0) }
        #expect(own == Array([[RecordingSpeechOutput.Event]](repeating: [.stop, .repeatLast, .spellLast], count: 4).joined()))
        #expect(h.lines[0] == " New post")
        #expect(h.lines[2] == " > Text: (500 left)")
    }

    @Test func f1OnTheTimelineIsAListReviewedLineByLineAndEscapeGoesBackToThePostWithTheLeaveSound() async throws {
        let h = try AppHarness(size: Size(width: 40, height: 12))
        await h.open()
        h.speech.clear()
        await h.press(.f(1), .down)
        #expect(h.texts == [
            "Help: Home · main. Help lines, wheel list, The timeline: the author, the time and the text of the post under the wheel, "
                + "the actions, the wheel of posts and where you are. Single keys work from anywhere on this screen, 1 of 57, Up and Down move, type letters to jump, Enter chooses.",
            "c: write a new post, 2 of 57",
        ])
        #expect(h.lines == [
            " Help: Home · main",
            " --------------------------------------",
            " > Help lines 2 of 57",
            "     The timeline: the author, the t...",
            "   > c: write a new post.",
            "     r: reply to the post.",
            "     b: boost or unboost the post.",
            "     f: favourite or unfavourite the...",
            "     k: bookmark or unbookmark the p...",
            "   c: write a new post.",
            " --------------------------------------",
            "   [Back]   [Info]",
        ])
        #expect(h.cursor == Point(x: 5, y: 4))
        h.speech.clear()
        await h.press(.escape)
        #expect(h.texts == ["Ana García: Good morning, everyone! 5 minutes ago."])
        // Going back out is heard as leaving: the leave earcon, once, and no focus earcon with it.
        #expect(h.earcons == ["leave"])
        #expect(h.lines[0] == " Home · main")
        #expect(h.cursor == Point(x: 3, y: 7))
    }

    @Test func tabPlaysOnlyTheFocusSoundAndTheArrowsWalkTheTimelinesButtons() async throws {
        let h = try AppHarness()
        await h.open()
        h.speech.clear()
        await h.press(.backTab, .left, .up, .right, .down)
        #expect(h.texts == [
            // Each kind of control says how it is used the first time it gets focus in the session.
            "Refresh, button, Press Enter to activate.",
            "Thread, button",
            "Bookmark, toggle button, off, Press Enter to switch.",
            "Thread, button",
            "Refresh, button",
        ])
        #expect(h.earcons == ["focus", "focus", "focus", "focus", "focus"])
    }

    @Test func enterOnALinkOpensItWithTheSystemsOpener() async throws {
        let h = try AppHarness()
        let opener = RecordingLinkOpener()
        h.app.linkOpener = opener
        await h.open()
        await h.press(.down, .down, .char("l"))
        h.speech.clear()
        await h.press(.enter)
        #expect(opener.opened == [URL(string: "https://example.com/page")!])
        // The link's name once, with what was done: the activate earcon, not "example page chosen" first.
        #expect(h.texts == ["Opened in the browser: example page"])
        #expect(h.earcons.first == "activate")
        #expect(h.lines[2] == " > Links 1 of 1")
    }

    @Test func withoutAnOpenerTheWholeAddressIsShownAndSaid() async throws {
        let h = try AppHarness(size: Size(width: 40, height: 12))
        let failing = RecordingLinkOpener(succeeds: false)
        h.app.linkOpener = failing
        await h.open()
        await h.press(.down, .down, .char("l"), .enter)
        #expect(failing.opened.count == 1)
        #expect(h.texts.last == "No browser to open it here. The address: https://example.com/page")
        // On the status line, over the rule; the list stays in view with the focus on it.
        #expect(h.lines[9...10] == [" No browser to open it here. The", " address: https://example.com/page"])
        #expect(h.lines[2] == " > Links 1 of 1")
        // The next key takes the address away.
        await h.press(.down)
        #expect(!h.lines.contains { $0.contains("https://example.com/page") })
    }

    @Test func onlyAWebAddressIsHandedToTheOpenerNeverAFileOrAScript() async throws {
        let engine = FakeEngine()
        let hostile = [post("300", by: ben, #"<p><a href="file:///etc/passwd">notes</a> <a href="javascript:alert(1)">run</a> "#
                                + #"<a href="https://example.org/ok">fine</a></p>"#, minutesAgo: 1)]
        engine.setCached(hostile, in: "home")
        let h = try AppHarness(engine: engine)
        let opener = RecordingLinkOpener()
        h.app.linkOpener = opener
        await h.open()
        await h.press(.char("l"), .enter)
        #expect(h.texts.last == "No browser to open it here. The address: file:///etc/passwd")
        await h.press(.down, .enter)
        #expect(h.texts.last == "No browser to open it here. The address: javascript:alert(1)")
        await h.press(.down, .enter)
        #expect(h.texts.last == "Opened in the browser: fine")
        #expect(opener.opened == [URL(string: "https://example.org/ok")!])
    }

    @Test func aGreyThemeIsChosenInSettingsDrawnAtOnceAndSaved() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.f(9), .tab, .right, .right, .right, .right)
        #expect(h.texts.last == "Grey, light on dark, 5 of 6")
        await h.press(.enter)
        #expect(h.store.saved?.theme == .greyDark)
        let grid = try #require(h.terminal.lastFrame?.grid)
        #expect(grid[1, 0].style == Style(foreground: .grey238, background: .grey48, bold: true, underline: true))
        #expect(grid[5, 5].style == Style(foreground: .grey208, background: .grey48))
        // At 80 columns the options around the chosen one are shown, the cursor on it.
        #expect(h.lines[3] == " > Theme: ... Monochrome [Grey, light on dark] Grey, dark on light")
        #expect(h.cursor == Point(x: 26, y: 3))
    }

    static let cuePosts = [
        Post(id: "205", createdAt: testNow.addingTimeInterval(-60), account: ben, content: RichText(html: "<p>Look</p>"), language: "en",
             reblog: post("200", by: ana, "<p>A boosted post</p>", minutesAgo: 90)),
        Post(id: "204", createdAt: testNow.addingTimeInterval(-120), account: ana, content: RichText(html: "<p>Yes!</p>"), language: "en",
             inReplyToId: "150"),
        Post(id: "203", createdAt: testNow.addingTimeInterval(-180), account: ben, content: RichText(html: "<p>Tea or coffee?</p>"), language: "en",
             poll: Poll(id: "p1", expired: false, multiple: false, votesCount: 0, options: [.init(title: "Tea"), .init(title: "Coffee")])),
        Post(id: "202", createdAt: testNow.addingTimeInterval(-240), account: ana, content: RichText(html: "<p>My cat</p>"), language: "en",
             media: [MediaAttachment(id: "m1", kind: .image, description: "A grey cat asleep")]),
        Post(id: "201", createdAt: testNow.addingTimeInterval(-300), account: ana, content: RichText(html: "<p>My dog</p>"), language: "en",
             media: [MediaAttachment(id: "m2", kind: .image)]),
        post("199", by: ben, "<p>Plain words</p>", minutesAgo: 6),
    ]

    func cueHarness(cues: Bool) async throws -> AppHarness {
        let engine = FakeEngine()
        engine.setCached(Self.cuePosts, in: "home")
        var settings = AppSettings()
        settings.postCues = cues
        let h = try AppHarness(engine: engine, settings: settings)
        await h.open()
        h.speech.clear()
        return h
    }

    @Test func postCuesPlayBeforeEachKindOfPostIsRead() async throws {
        let h = try await cueHarness(cues: true)
        await h.press(.down, .down, .down, .down, .down, .home)
        #expect(h.earcons == ["cue-reply", "cue-poll", "cue-media-alt", "cue-media-no-alt", "-", "cue-boost"])
    }

    @Test func enteringThePostsWithTabPlaysTheFocusSoundAloneNotTheCueOverIt() async throws {
        let h = try await cueHarness(cues: true)
        await h.press(.backTab, .tab)
        // The wheel's description and its post are one utterance, with the focus sound alone.
        #expect(h.texts.last
            == "Posts, wheel list, 1 of 6. Ben Jones boosted Ana García: A boosted post. 1 hour ago.")
        #expect(h.earcons == ["focus", "focus"])
    }

    @Test func postCuesAreASettingAndOffTheyAreNotPlayed() async throws {
        let h = try await cueHarness(cues: false)
        await h.press(.down, .down, .down, .down, .down, .home)
        #expect(h.earcons == ["-", "-", "-", "-", "-", "-"])
    }

    @Test func soundPackSoundVolumeAndPostCuesAreChosenInSettingsAndSaved() async throws {
        let h = try AppHarness()
        let sound = RecordingSoundControl()
        h.app.soundControl = sound
        await h.open()
        await h.press(.f(9))
        // The last three controls of Settings: Back from the toolbar goes to them.
        await h.press(.backTab, .backTab, .backTab, .backTab, .backTab)
        #expect(h.texts.last == "Sound pack, choice, Default, 1 of 3")
        await h.press(.right, .right, .enter)
        #expect(sound.used == ["soft"])
        #expect(h.store.saved?.soundPack == "soft")
        await h.press(.tab)
        #expect(h.texts.last == "Sound volume, choice, 100%, 5 of 5")
        await h.press(.left, .left, .enter, .tab)
        #expect(sound.volumes.last == 50)
        #expect(h.store.saved?.soundVolume == 50)
        #expect(h.texts.last == "Post cues, toggle button, on")
        await h.press(.enter)
        #expect(h.store.saved?.postCues == false)
    }
}

/// Enter on a post opens its thread: the activate earcon alone, not the whole post said again as
/// "<post> chosen" in the interface's voice, only to be cut by the thread.
@Suite struct PostChoiceTests {
    @Test func enterOnAPostPlaysTheActivateEarconAndSaysNoChoice() async throws {
        let h = try AppHarness()
        await h.open()
        h.speech.clear()
        await h.press(.enter)
        #expect(h.earcons.first == "activate")
        #expect(!h.texts.contains { $0.hasSuffix(" chosen") }, "\(h.texts)")
    }
}
