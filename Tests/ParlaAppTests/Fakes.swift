import Foundation
import LVControls
import Mastodon
import MicroblogKit
import MicroblogKitTesting
import ParlaApp
import ParlaAppTesting
import ParlaBase
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import TerminalKit
import TerminalKitTesting
import TestSupport
import WordPrediction

/// The fixed "now" of every scenario: 2026-03-01 12:00 UTC.
let testNow = Date(timeIntervalSince1970: 1_772_366_400)

func account(_ id: String, _ acct: String, _ name: String, posts: Int = 10, followers: Int = 5, following: Int = 3, note: RichText = .empty) -> Account {
    Account(id: id, acct: acct, username: acct, displayName: name, note: note, followersCount: followers, followingCount: following, postsCount: posts)
}

let ana = account("1", "ana", "Ana García", posts: 42, followers: 12, following: 7, note: RichText(html: "<p>Reads <b>poetry</b> aloud.</p>"))
let ben = account("2", "ben@example.org", "Ben Jones")
let me = account("9", "me", "Me Myself")

func post(_ id: String, by author: Account, _ html: String, minutesAgo: Int, language: String? = "en", spoiler: String = "") -> Post {
    Post(id: id, createdAt: testNow.addingTimeInterval(Double(-60 * minutesAgo)), account: author, content: RichText(html: html), spoilerText: spoiler,
         language: language)
}

let homePosts = [
    post("103", by: ana, "<p>Good morning, everyone!</p>", minutesAgo: 5),
    post("102", by: ben, "<p>Hola, ¿qué tal?</p>", minutesAgo: 30, language: "es"),
    post("101", by: ana, "<p>The <a href=\"https://example.com/page\">example page</a> is up.</p>", minutesAgo: 120),
]

/// The service behind the app tests' engine: the user ``me`` on `parla.test`, three profiles, ``ana``'s followers;
/// pages of 40 posts or notifications and 80 people.
private func appService() -> ScriptedService {
    let service = ScriptedService()
    service.setInstance(InstanceInfo(
        domain: "parla.test", title: "Parla test", version: "4.3.0", maxCharacters: 500, maxMediaAttachments: 4, maxPollOptions: 4))
    service.setCurrentAccount(me)
    service.add(accounts: [ana, ben, me])
    service.setFollowers([ben, me], of: ana.id)
    service.setPageSizes(timeline: 40, notifications: 40, followers: 80)
    return service
}

/// The app tests' engine: the one in-memory engine, with home holding ``homePosts``, the user ``me`` on
/// `parla.test` (500 characters), the profiles of ``ana``, ``ben`` and ``me``, and a digest to say.
typealias FakeEngine = MemoryAccountEngine

extension MemoryAccountEngine {
    convenience init() {
        self.init(timelines: ["home": homePosts], service: appService())
        digestValue = SinceYouLeft(newHome: 3, newMentions: 1, newDirect: 0, budgetRemaining: 280)
        unknownRelationship = { Relationship(id: $0, followedBy: true) }
        now = testNow
    }
}

extension MemoryAccountEngine {
    /// The app tests' engine (its service, people and clock) with `posts` as home.
    static func home(_ posts: [Post]) -> FakeEngine {
        let engine = FakeEngine(timelines: ["home": posts], service: FakeEngine().scripted)
        engine.now = testNow
        return engine
    }
}

/// The speech queue's settings as the app set them.
final class RecordingSpeechControl: SpeechControl {
    var settings = SpeechSettings()
}

/// One app on a memory terminal with recorded speech, a manual clock and a manual executor: the
/// engine calls a key starts run when the test settles, one at a time in the order they were started.
final class AppHarness {
    let terminal: MemoryTerminal
    let speech = RecordingSpeechOutput()
    let control = RecordingSpeechControl()
    let clock = ManualClock()
    let executor = ManualExecutor()
    let engine: FakeEngine
    let store: MemoryAppSettingsStore
    let app: ParlaApplication

    init(size: Size = Size(width: 80, height: 24), engine: FakeEngine = FakeEngine(), settings: AppSettings? = nil,
         configDirectory: URL? = nil, speakupPath: String = "/nonexistent/speakup/synth", language: Language = .english,
         startNotices: [String] = [], spelling: (any SpellingDictionaries)? = nil, wordLists: WordLists? = nil, pictures: PictureServices? = nil, braille: BrailleFactory? = nil,
         pixelSupport: PixelSupport = .none) throws {
        terminal = MemoryTerminal(size: size)
        terminal.pixelSupport = pixelSupport
        self.engine = engine
        var initial = settings ?? AppSettings()
        if settings == nil { initial.language = language }
        store = MemoryAppSettingsStore(initial)
        app = try ParlaApplication(AppConfiguration(
            backend: terminal, speech: speech, speechControl: control, clock: clock, wallClock: { testNow },
            localizer: TestLocalization.localizer(language), settingsStore: store, configDirectory: configDirectory,
            accounts: AccountDirectory(engines: ["main": engine]), colorAllowed: true, ascii: true,
            speakupSynthPath: speakupPath, startNotices: startNotices, executor: executor, spelling: spelling, wordLists: wordLists, pictures: pictures, braille: braille))
    }

    /// Prepares and starts the app, and lets the first refresh finish.
    func open() async {
        await app.prepare()
        app.start()
        await app.settle()
    }

    func press(_ keys: Key...) async {
        for key in keys {
            app.handle(key)
            await app.settle()
        }
    }

    var texts: [String] { speech.texts }
    var lines: [String] { terminal.lastFrame?.grid.lines ?? [] }
    var cursor: Point? { terminal.lastFrame?.cursor }
    var utterances: [Utterance] {
        speech.events.compactMap { if case .say(let u) = $0 { return u } else { return nil } }
    }
}
