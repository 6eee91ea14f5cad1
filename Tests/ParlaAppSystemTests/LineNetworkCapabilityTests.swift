import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaBase
import ParlaCommands
import ParlaEngine
import ParlaPresentation
import TestSupport
import Testing

/// Line mode on an account whose network lacks something (a Bluesky-like network, played by the in-memory
/// service through the network registry): what it lacks is refused with one sentence naming the network
/// and exit status 64, before any request, and nothing is kept in the outbox; what it has goes through
/// the account's engine as on Mastodon.
@Suite(.serialized) struct LineNetworkCapabilityTests {
    /// A Bluesky account in a new data folder, opened through a registry whose Bluesky service is `service`.
    static func withBlueskyAccount<T: Sendable>(
        _ service: ScriptedService, _ body: (AccountOpener, LineSession) async throws -> T
    ) async throws -> T {
        let root = TestPaths.temporaryDirectory("parla-line-network")
        defer { try? FileManager.default.removeItem(at: root) }
        let directories = DataDirectories(data: root.appendingPathComponent("data"), config: root.appendingPathComponent("config"))
        try directories.create()
        try AccountStore(configDirectory: directories.config).add(StoredAccount(
            name: "ana@bsky.test", server: "https://bsky.test", acct: "ana.bsky.test", token: "session", addedAt: Date(), network: .bluesky))
        let opener = AccountOpener(directories: directories, networks: NetworkRegistry.standard.with(.bluesky) { _ in service })
        do {
            let account = try await opener.open(nil)
            let formatter = LineFormatter(presenter: SpeechTextPresenter(), localizer: TestLocalization.localizer(.english), now: now)
            let result = try await body(opener, LineSession(account: account, opener: opener, formatter: formatter))
            await opener.close()
            return result
        } catch {
            await opener.close()
            throw error
        }
    }

    /// The fixed "now" of the output (posts' ages are said from it).
    static let now = Date(timeIntervalSince1970: 1_772_366_400)

    static func blueskyService() -> ScriptedService {
        let service = ScriptedService()
        // What a Bluesky server states: its network and its 300 characters.
        var bluesky = InstanceInfo(domain: "bsky.test", title: "Bluesky test", version: "1", maxCharacters: 300, maxMediaAttachments: 4)
        bluesky.network = .bluesky
        service.setInstance(bluesky)
        return service
    }

    /// What a command threw, as line mode tells it: the sentence on stderr and the exit status.
    static func refusal(_ work: () async throws -> LineOutput) async -> (String, Int32)? {
        do {
            _ = try await work()
            return nil
        } catch let error as FeatureUnavailable {
            return (error.message(TestLocalization.localizer(.english)), FeatureUnavailable.exitCode)
        } catch {
            return ("\(error)", -1)
        }
    }

    @Test func aPollOnBlueskyIsRefusedWithOneSentenceAndNothingIsSentOrKept() async throws {
        let service = Self.blueskyService()
        try await Self.withBlueskyAccount(service) { opener, session in
            let post = NewPost(text: "Tea or coffee?", pollOptions: ["Tea", "Coffee"])
            // `parla post --poll Tea --poll Coffee "Tea or coffee?"`: checked first, then published.
            await #expect(throws: FeatureUnavailable(.feature(.polls), network: .bluesky)) { try await session.checkAttachments(post) }
            #expect(await Self.refusal { try await session.publish(post) } ?? ("", 0) == ("Bluesky has no polls.", 64))
            #expect(service.calls == [])
            let kept = try await opener.engine(session.account).queuedPosts()
            #expect(kept.isEmpty)
        }
    }

    @Test func whatBlueskyLacksInLineModeIsSaidBeforeAnyRequest() async throws {
        let service = Self.blueskyService()
        try await Self.withBlueskyAccount(service) { _, session in
            var later = NewPost(text: "Later")
            later.scheduledAt = Date(timeIntervalSince1970: 1_900_000_000)
            let refused = [
                await Self.refusal { try await session.timeline(.timeline(.local), limit: 5) },
                await Self.refusal { try await session.publish(NewPost(text: "Quiet", visibility: .unlisted)) },
                await Self.refusal { try await session.publish(NewPost(text: "Spoilers", spoilerText: "Film")) },
                await Self.refusal { try await session.schedule(later) },
                await Self.refusal { try await session.vote(postId: "1", choices: [1]) },
                await Self.refusal { try await session.timeline(.timeline(.direct), limit: 5) },
                await Self.refusal { try await session.edit(postId: "1", text: "Changed", spoilerText: nil) },
                await Self.refusal { try await session.filters() },
                await Self.refusal { try await session.trending(.tags, limit: 5) },
                await Self.refusal { try await session.updateProfile(ProfileChange(fields: [ProfileField(name: "Pronouns", value: "she/her")])) },
                await Self.refusal { try await session.updateProfile(ProfileChange(locked: true)) },
                await Self.refusal { try await session.note("ben", "Met at the library") },
            ].map { $0.map { "\($0.0) \($0.1)" } ?? "done" }
            #expect(refused == [
                "Bluesky has no local timeline. 64",
                "Bluesky has no unlisted posts. 64",
                "Bluesky has no content warnings written as text. 64",
                "Bluesky has no scheduled posts. 64",
                "Bluesky has no polls. 64",
                "Bluesky has no direct posts. 64",
                "Bluesky has no editing of posts. 64",
                "Bluesky has no keyword filters. 64",
                "Bluesky has no trends. 64",
                "Bluesky has no profile fields. 64",
                "Bluesky has no follow requests. 64",
                "Bluesky has no private notes on people. 64",
            ])
            #expect(service.calls == [])
        }
    }

    @Test func aPostOverBlueskysLimitIsCountedInGraphemesAndRefusedNamingIt() async throws {
        let service = Self.blueskyService()
        // 300 thumbs with a skin tone are 300 characters on Bluesky (600 Unicode scalars); one more is over.
        let thumbs = String(repeating: "👍🏽", count: 300)
        let (over, fits) = try await Self.withBlueskyAccount(service) { _, session -> (String, String) in
            func outcome(_ text: String) async -> String {
                do {
                    return try await session.publish(NewPost(text: text)).paragraphs.map(\.text).joined()
                } catch let error as LineCommandError {
                    return "\(error.message(TestLocalization.localizer(.english))) \(error.exitCode)"
                } catch {
                    return "\(error)"
                }
            }
            return (await outcome(thumbs + "!"), await outcome(thumbs))
        }
        #expect(over == "The post is 1 character over Bluesky's limit of 300; nothing was sent. 65")
        #expect(fits == "Posted. Id 900001.")
    }

    @Test func anImageWithoutAltTextOnBlueskyIsRefusedBeforeAnythingIsSent() async throws {
        let service = Self.blueskyService()
        let said = try await Self.withBlueskyAccount(service) { _, session -> String in
            var post = NewPost(text: "Look at this")
            post.attachments = [NewAttachment(path: "/nonexistent/heron.png", description: " ")]
            do {
                try await session.checkAttachments(post)
                return "checked"
            } catch let error as LineWritingError {
                return "\(error.message(TestLocalization.localizer(.english))) \(error.exitCode)"
            }
        }
        #expect(said == "Not posted: heron.png has no description, and Bluesky needs one for every image. Add one with --alt. 65")
        #expect(service.calls == [])
    }

    @Test func blueskyHomeIsReadThroughTheAccountsEngine() async throws {
        let service = Self.blueskyService()
        service.add([Fixtures.post("2", text: "Second"), Fixtures.post("1", text: "First")])
        let texts = try await Self.withBlueskyAccount(service) { _, session in
            try await session.timeline(.timeline(.home), limit: 2).paragraphs.map(\.text)
        }
        #expect(texts == ["User 2: Second. 2 years ago.\nId 2.", "User 2: First. 2 years ago.\nId 1."])
        #expect(service.timelineRequests == 1)
    }
}
