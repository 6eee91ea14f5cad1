import Foundation
import MicroblogKit
import ParlaBase
import TestSupport
import Testing

@Suite struct OpenEnumTests {
    @Test func unknownValuesDecodeWithoutFailing() throws {
        let json = Data(#"["public","direct","circle",""]"#.utf8)
        let values = try JSONDecoder().decode([Visibility].self, from: json)
        #expect(values == [.public, .direct, .unknown("circle"), .unknown("")])
        let again = try JSONDecoder().decode([Visibility].self, from: JSONEncoder().encode(values))
        #expect(again == values)
    }

    @Test func notificationKindsKeepTheirServerSpelling() throws {
        #expect(NotificationKind(rawValue: "follow_request") == .followRequest)
        #expect(NotificationKind(rawValue: "admin.sign_up") == .unknown("admin.sign_up"))
        #expect(NotificationKind.followRequest.rawValue == "follow_request")
    }
}

@Suite struct TimelineKindTests {
    @Test func keysRoundTrip() {
        let kinds: [TimelineKind] = [
            .home, .local, .federated, .mentions, .direct, .user(accountId: "42"), .hashtag("Swift"), .list(id: "7"),
            .bookmarks, .favourites,
        ]
        #expect(kinds.map(\.key) == ["home", "local", "federated", "mentions", "direct", "user:42", "tag:swift", "list:7", "bookmarks", "favourites"])
        #expect(kinds.map { TimelineKind(key: $0.key) } == kinds.map { kind in
            if case .hashtag = kind { return .hashtag("swift") }
            return kind
        })
        #expect(TimelineKind(key: "nonsense") == nil)
    }
}

@Suite struct PostModelTests {
    @Test func boostShowsTheBoostedPostAndSurvivesCoding() throws {
        let ana = Account(id: "1", acct: "ana", username: "ana", displayName: "Ana")
        let bob = Account(id: "2", acct: "bob@example.org", username: "bob", displayName: " ")
        let original = Post(id: "10", createdAt: Date(timeIntervalSince1970: 1000), account: bob, content: .plain("hola"))
        let boost = Post(id: "11", createdAt: Date(timeIntervalSince1970: 2000), account: ana, content: .empty, reblog: original)
        #expect(boost.isBoost)
        #expect(boost.shown.id == "10")
        #expect(bob.name == "bob")
        #expect(bob.remoteDomain == "example.org")
        #expect(ana.remoteDomain == nil)
        let decoded = try JSONDecoder().decode(Post.self, from: JSONEncoder().encode(boost))
        #expect(decoded == boost)
    }
}

@Suite struct MicroblogErrorTests {
    @Test func messagesInThreeLanguagesWithCleanArguments() {
        let reset = Date(timeIntervalSince1970: 14 * 3600 + 5 * 60)
        let utc = TimeZone(identifier: "UTC")!
        let errors: [MicroblogError] = [.rateLimited(resetAt: reset), .rejected(status: 422, message: "Text \u{1B}[31mtoo long\u{07}")]
        #expect(errors.map { $0.message(TestLocalization.localizer(.english), timeZone: utc) } == [
            "The server's limit of calls is used up until 14:05. Parla will wait.",
            "The server refused it. Its reason: \"Text too long\"",
        ])
        #expect(errors[0].message(TestLocalization.localizer(.spanish), timeZone: utc)
            == "Se ha agotado el límite de llamadas del servidor hasta las 14:05. Parla esperará.")
        #expect(errors[0].message(TestLocalization.localizer(.catalan), timeZone: utc)
            == "S'ha esgotat el límit de crides del servidor fins a les 14:05. Parla esperarà.")
    }

    /// What a server lacks is named in the interface's language, and a method it does not implement is never read
    /// out as its XRPC name ("app dot bsky dot bookmark…").
    @Test func aMissingFeatureIsNamedInTheInterfacesWordsAndAMethodNameIsNotReadOut() {
        let lacking: [MicroblogError] = [
            .notSupported(feature: "scheduling"), .notSupported(feature: "private"), .notSupported(feature: "uploads:video/mp4"),
            .notSupported(feature: "app.bsky.bookmark.createBookmark"),
        ]
        #expect(lacking.map { $0.message(TestLocalization.localizer(.english)) } == [
            "This server does not offer scheduled posts.", "This server does not offer followers-only posts.",
            "This server does not offer uploads of video/mp4 files.", "This server does not offer this yet.",
        ])
        #expect(lacking.map { $0.message(TestLocalization.localizer(.spanish)) } == [
            "Este servidor no ofrece publicaciones programadas.", "Este servidor no ofrece publicaciones solo para seguidores.",
            "Este servidor no ofrece subir archivos video/mp4.", "Este servidor no ofrece esto todavía.",
        ])
        #expect(lacking[0].message(TestLocalization.localizer(.catalan)) == "Aquest servidor no ofereix publicacions programades.")
    }

    @Test func everyErrorHasAMessageInEveryLanguage() {
        let all: [MicroblogError] = [
            .unreachable(host: "h"), .timedOut(host: "h"), .connectionLost(host: "h"), .insecureURL("u"), .invalidURL("u"),
            .tls(host: "h", detail: "d"), .unauthorized, .forbidden(message: nil), .forbidden(message: "m"), .notFound,
            .rateLimited(resetAt: nil), .rateLimited(resetAt: Date()), .rejected(status: 422, message: nil),
            .rejected(status: 422, message: "m"), .server(status: 503), .malformedResponse(detail: "d"),
            .notSupported(feature: "f"), .noAccount(name: "n"), .storage(detail: "d"), .cancelled,
        ]
        for language in Language.allCases {
            let localizer = TestLocalization.localizer(language)
            for error in all {
                #expect(localizer.has(error.messageKey, in: language), "\(error.messageKey) in \(language)")
                #expect(!error.message(localizer).contains("{"))
            }
        }
        #expect(MicroblogError.rateLimited(resetAt: nil).exitCode == 75)
        #expect(MicroblogError.unreachable(host: "h").exitCode == 69)
        #expect(MicroblogError.unauthorized.exitCode == 77)
    }
}
