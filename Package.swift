// swift-tools-version:6.0
// Parla: an accessible, keyboard-only microblog client for the text terminal.
import PackageDescription

let package = Package(
    name: "Parla",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "parla", targets: ["parla"]),
        .library(name: "TerminalKit", targets: ["TerminalKit"]),
        .library(name: "LVControls", targets: ["LVControls"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // The targets by layer, lowest first: each depends only on targets of its own group or above it.

        // MARK: 1. Base: clock, localization, text safety, data folders, the settings file (no C, no I/O libraries)
        .target(name: "ParlaBase"),

        // MARK: 2. Models: posts, accounts, errors, the TimelineService and AccountEngine protocols
        .target(name: "MicroblogKit", dependencies: ["ParlaBase"]),

        // MARK: 3. Devices: the terminal (TerminalKit is pure: geometry, cells, keys, decoding) and its backends
        .target(name: "TerminalKit", dependencies: ["ParlaBase"]),
        .target(
            name: "CNCursesW",
            cSettings: [.define("NCURSES_WIDECHAR", to: "1"), .define("_XOPEN_SOURCE_EXTENDED", to: "1"), .define("_GNU_SOURCE")],
            linkerSettings: [.linkedLibrary("ncursesw")]
        ),
        .target(name: "CursesTerminal", dependencies: ["TerminalKit", "CNCursesW"]),
        .target(name: "LineTerminal", dependencies: ["TerminalKit"]),

        // MARK: 3. Devices: speech (SpeechKit's queue and its synthesiser backends)
        .target(name: "SpeechKit", dependencies: ["ParlaBase"]),
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CPCAudio", providers: [.apt(["libpcaudio-dev"])]),
        .systemLibrary(name: "CSpeechd", pkgConfig: "speech-dispatcher", providers: [.apt(["libspeechd-dev"])]),
        .target(name: "EspeakSpeech", dependencies: ["SpeechKit", "ParlaBase", "CEspeakNG", "CPCAudio"]),
        .target(name: "SpeechdSpeech", dependencies: ["SpeechKit", "CSpeechd"]),

        // MARK: 4. Servers: the Mastodon API both sides speak (endpoints and wire entities, no HTTP library), the
        // Mastodon client over HTTP (the TimelineService for real servers, paced by its rate-limit budget) and the
        // embedded local instance (server side)
        .target(name: "MastodonAPI"),
        .target(
            name: "Mastodon",
            dependencies: ["MicroblogKit", "ParlaBase", "MastodonAPI", .product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        .target(
            name: "LocalInstance",
            dependencies: [
                "ParlaBase", "MastodonAPI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),

        // MARK: 5. Engine: one account's cache, outbox, drafts and live updates over any TimelineService
        .target(
            name: "ParlaEngine",
            dependencies: ["MicroblogKit", "ParlaBase", .product(name: "GRDB", package: "GRDB.swift")]
        ),

        // MARK: 6. Presentation: posts, notifications and accounts as text to show and to say (screen and line mode)
        .target(name: "ParlaPresentation", dependencies: ["MicroblogKit", "ParlaBase"]),

        // MARK: 7. Controls: accessible controls, and the gallery of the thesis's study apps
        .target(name: "LVControls", dependencies: ["ParlaBase", "TerminalKit", "SpeechKit"]),
        .target(name: "Gallery", dependencies: ["LVControls", "ParlaBase", "TerminalKit", "SpeechKit"]),

        // MARK: 8. Front ends: the screen application, and line mode with account opening (testable in process)
        .target(
            name: "ParlaApp",
            dependencies: [
                "ParlaBase", "TerminalKit", "SpeechKit", "LVControls", "MicroblogKit", "ParlaPresentation",
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        .target(
            name: "ParlaCommands",
            dependencies: ["ParlaPresentation", "ParlaEngine", "MicroblogKit", "ParlaBase", "Mastodon", "LocalInstance"]
        ),

        // MARK: 9. The executable: command line, chooses the backends and wires the layers together
        .executableTarget(
            name: "parla",
            dependencies: [
                "ParlaApp", "CursesTerminal", "LineTerminal", "TerminalKit", "ParlaBase",
                "SpeechKit", "EspeakSpeech", "SpeechdSpeech", "LocalInstance", "LVControls", "Gallery",
                "ParlaCommands", "ParlaEngine", "MicroblogKit", "ParlaPresentation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Benchmarks (make bench)
        .target(
            name: "BenchSupport", dependencies: ["MicroblogKit", "ParlaBase", "TerminalKit"], path: "Benchmarks/BenchSupport"),
        .executableTarget(
            name: "parla-bench",
            dependencies: [
                "BenchSupport", "ParlaApp", "LVControls", "TerminalKit", "MicroblogKit", "SpeechKit", "EspeakSpeech", "ParlaBase",
                "TestSupport",
            ],
            path: "Benchmarks/parla-bench"),

        // MARK: Tests
        .target(
            name: "TestSupport",
            dependencies: ["ParlaBase", "TerminalKit", "LocalInstance", "Mastodon", "MastodonAPI", "MicroblogKit", "ParlaEngine"]),
        .testTarget(name: "ParlaBaseTests", dependencies: ["ParlaBase", "TestSupport"]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "TestSupport"]),
        .testTarget(name: "CursesTerminalTests", dependencies: ["CursesTerminal", "TerminalKit"]),
        .testTarget(name: "LineTerminalTests", dependencies: ["LineTerminal", "TerminalKit"]),
        .testTarget(
            name: "ParlaAppTests",
            dependencies: [
                "ParlaApp", "TerminalKit", "ParlaBase", "TestSupport", "LVControls", "SpeechKit", "MicroblogKit",
                "ParlaEngine", "Mastodon", "MastodonAPI", "LocalInstance", "ParlaCommands", "ParlaPresentation",
            ]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "MastodonAPI"]),
        .testTarget(name: "LineModeTests", dependencies: ["TestSupport", "LocalInstance", "MastodonAPI", "ParlaBase"]),
        .testTarget(name: "SpeechKitTests", dependencies: ["SpeechKit", "ParlaBase", "TestSupport"]),
        .testTarget(name: "EspeakSpeechTests", dependencies: ["EspeakSpeech", "SpeechKit", "ParlaBase"]),
        .testTarget(name: "SpeechEndToEndTests", dependencies: ["TestSupport"]),
        .testTarget(name: "LocalInstanceTests", dependencies: ["LocalInstance", "MastodonAPI", "ParlaBase", "TestSupport"]),
        .testTarget(name: "LVControlsTests", dependencies: ["LVControls", "TerminalKit", "SpeechKit", "ParlaBase", "TestSupport"]),
        .testTarget(name: "MicroblogKitTests", dependencies: ["MicroblogKit", "ParlaBase", "TestSupport"]),
        .testTarget(name: "ParlaPresentationTests", dependencies: ["ParlaPresentation", "MicroblogKit", "ParlaBase", "TestSupport"]),
        .testTarget(name: "ParlaEngineTests", dependencies: ["ParlaEngine", "MicroblogKit", "ParlaBase", "TestSupport"]),
        .testTarget(
            name: "MastodonTests",
            dependencies: ["Mastodon", "MastodonAPI", "LocalInstance", "ParlaEngine", "MicroblogKit", "ParlaBase", "ParlaPresentation", "TestSupport"]),
        .testTarget(name: "GalleryTests", dependencies: ["Gallery", "LVControls", "TerminalKit", "SpeechKit", "ParlaBase", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
