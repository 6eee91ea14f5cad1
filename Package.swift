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
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
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
        .target(name: "CursesTerminal", dependencies: ["TerminalKit", "CNCursesW", "ParlaBase"]),
        .target(name: "LineTerminal", dependencies: ["TerminalKit"]),

        // MARK: 3. Devices: speech (SpeechKit's queue and its synthesiser backends)
        .target(name: "SpeechKit", dependencies: ["ParlaBase"]),
        // The C libraries of speech, sound and spelling are loaded with dlopen on first use (each target forwards
        // the functions Parla calls), so a line command does not load them and their thirty dependencies.
        .target(name: "CEspeakNG"),
        .target(name: "CPCAudio"),
        .target(name: "CSpeechd"),
        .target(name: "EspeakSpeech", dependencies: ["SpeechKit", "ParlaBase", "CEspeakNG", "CPCAudio"]),
        .target(name: "SpeechdSpeech", dependencies: ["SpeechKit", "CSpeechd"]),

        // MARK: 3. Devices: spelling (Hunspell's dictionaries behind ParlaBase's SpellingDictionaries)
        .target(name: "CHunspell"),
        .target(name: "HunspellSpelling", dependencies: ["ParlaBase", "CHunspell"]),

        // MARK: 3. Devices: braille (BrailleKit's focus line and its BrlAPI backend; libbrlapi is loaded on first use)
        .target(name: "BrailleKit", dependencies: ["ParlaBase"]),
        .target(name: "CBrlAPI"),
        .target(name: "BrlAPIBraille", dependencies: ["BrailleKit", "CBrlAPI"]),

        // MARK: 3. Devices: pictures (Pictures is pure: grey pixels, headers, limits and the protocols; PictureCodecs
        // decodes with libjpeg-turbo, libpng, libwebp and giflib, draws with chafa and reads text with Tesseract, each
        // loaded with dlopen on first use, so a command that shows no picture loads none of them)
        .target(name: "CJPEG"),
        .target(name: "CPNG"),
        .target(name: "CWebP"),
        .target(name: "CGIF"),
        .target(name: "CChafa"),
        .target(name: "CTesseract"),
        .target(name: "Pictures", dependencies: ["ParlaBase", "MicroblogKit"]),
        .target(name: "PictureCodecs", dependencies: ["Pictures", "CJPEG", "CPNG", "CWebP", "CGIF", "CChafa", "CTesseract"]),

        // MARK: 4. Servers: what every network's client shares (the HTTP transport's shape, the rate-limit budget,
        // no HTTP library), the Mastodon API both sides speak (endpoints and wire entities, no HTTP library), the
        // Mastodon client over HTTP (the TimelineService for real servers, paced by its rate-limit budget), the
        // Bluesky client (AT Protocol over XRPC through the same transport and budget) and the embedded local
        // instance (server side)
        .target(name: "ServiceHTTP", dependencies: ["MicroblogKit", "ParlaBase"]),
        .target(name: "MastodonAPI"),
        .target(
            name: "Mastodon",
            dependencies: [
                "MicroblogKit", "ParlaBase", "ServiceHTTP", "MastodonAPI", .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .target(name: "Bluesky", dependencies: ["MicroblogKit", "ParlaBase", "ServiceHTTP"]),
        .target(
            name: "LocalInstance",
            dependencies: [
                "ParlaBase", "MastodonAPI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),

        // MARK: 5. Engine: one account's cache, outbox, drafts and live updates over any TimelineService
        // SQLite's variadic settings, which Swift cannot call (the cache's checkpoint at close).
        .systemLibrary(name: "CSQLiteOptions", providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "ParlaEngine",
            dependencies: ["MicroblogKit", "ParlaBase", "CSQLiteOptions", .product(name: "GRDB", package: "GRDB.swift")]
        ),

        // MARK: 6. Presentation: posts, notifications and accounts as text to show and to say (screen and line mode)
        .target(name: "ParlaPresentation", dependencies: ["MicroblogKit", "ParlaBase"]),
        // Word prediction for writing: the language's word lists and what the user's own writing taught it
        .target(name: "WordPrediction", dependencies: ["ParlaBase"]),

        // MARK: 7. Controls: accessible controls, and the gallery of the thesis's study apps
        .target(name: "LVControls", dependencies: ["ParlaBase", "TerminalKit", "SpeechKit", "BrailleKit"]),
        .target(name: "Gallery", dependencies: ["LVControls", "ParlaBase", "TerminalKit", "SpeechKit"]),

        // MARK: 8. Front ends: the screen application, and line mode with account opening (testable in process)
        .target(
            name: "ParlaApp",
            dependencies: [
                "ParlaBase", "TerminalKit", "SpeechKit", "LVControls", "MicroblogKit", "ParlaPresentation", "WordPrediction", "Pictures", "BrailleKit",
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        .target(
            name: "ParlaCommands",
            dependencies: ["ParlaPresentation", "ParlaEngine", "MicroblogKit", "ParlaBase", "Mastodon", "Bluesky", "LocalInstance", "Pictures"]
        ),

        // MARK: 9. The executable: command line, chooses the backends and wires the layers together
        .executableTarget(
            name: "parla",
            dependencies: [
                "ParlaApp", "CursesTerminal", "LineTerminal", "TerminalKit", "ParlaBase",
                "SpeechKit", "EspeakSpeech", "SpeechdSpeech", "LocalInstance", "LVControls", "Gallery",
                "ParlaCommands", "ParlaEngine", "MicroblogKit", "ParlaPresentation", "HunspellSpelling", "Mastodon", "WordPrediction", "Pictures", "PictureCodecs", "BrailleKit", "BrlAPIBraille",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Benchmarks (make bench; the only product-side code that may link the *Testing modules)
        .target(
            name: "BenchSupport", dependencies: ["MicroblogKit", "MicroblogKitTesting", "Mastodon", "ParlaBase", "TerminalKit", "TerminalKitTesting"],
            path: "Benchmarks/BenchSupport"),
        .executableTarget(
            name: "parla-bench",
            dependencies: [
                "BenchSupport", "ParlaApp", "LVControls", "TerminalKit", "MicroblogKit", "SpeechKit", "EspeakSpeech", "ParlaBase",
                "ParlaBaseTesting", "SpeechKitTesting", "SystemTestSupport", "ParlaAppTesting", "ParlaEngine", "MicroblogKitTesting",
                "WordPrediction", "LocalInstance", "Pictures", "PictureCodecs", "BrailleKit", "BrlAPIBraille", "Mastodon",
            ],
            path: "Benchmarks/parla-bench"),

        // MARK: Test doubles, each beside the module it stands in for (as NIOEmbedded beside NIOCore).
        // Only tests and the benchmark link them; no product target does.
        .target(name: "ParlaBaseTesting", dependencies: ["ParlaBase"]),
        .target(name: "TerminalKitTesting", dependencies: ["TerminalKit"]),
        .target(name: "SpeechKitTesting", dependencies: ["SpeechKit", "ParlaBase"]),
        .target(name: "BrailleKitTesting", dependencies: ["BrailleKit"]),
        .target(name: "MicroblogKitTesting", dependencies: ["MicroblogKit", "ParlaBase"]),
        .target(name: "ServiceHTTPTesting", dependencies: ["ServiceHTTP"]),
        .target(name: "MastodonTesting", dependencies: ["Mastodon", "MastodonAPI"]),
        .target(name: "ParlaAppTesting", dependencies: ["ParlaApp"]),
        .target(name: "GalleryTesting", dependencies: ["Gallery"]),

        // MARK: Test support: in-process helpers (light), and what starts processes and servers (system)
        .target(name: "TestSupport", dependencies: ["ParlaBase"]),
        .target(
            name: "SystemTestSupport",
            dependencies: [
                "TestSupport", "ParlaBase", "ParlaBaseTesting", "LocalInstance", "Mastodon", "MastodonAPI", "MastodonTesting",
                "MicroblogKit", "ParlaEngine",
            ]),

        // MARK: Unit tests: in process, virtual time, no server or HTTP library (`make test` runs them first)
        .testTarget(name: "ParlaBaseTests", dependencies: ["ParlaBase", "ParlaBaseTesting", "TestSupport"]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "TerminalKitTesting", "TestSupport", "ParlaBase", "ParlaBaseTesting"]),
        .testTarget(name: "CursesTerminalTests", dependencies: ["CursesTerminal", "TerminalKit"]),
        .testTarget(name: "LineTerminalTests", dependencies: ["LineTerminal", "TerminalKit"]),
        .testTarget(name: "PictureCodecsTests", dependencies: ["PictureCodecs", "Pictures", "ParlaBase", "TestSupport", "SystemTestSupport"]),
        .testTarget(
            name: "ParlaAppTests",
            dependencies: [
                "ParlaApp", "TerminalKit", "TerminalKitTesting", "ParlaBase", "ParlaBaseTesting", "TestSupport", "LVControls",
                "SpeechKit", "SpeechKitTesting", "MicroblogKit", "MicroblogKitTesting", "ParlaPresentation", "ParlaAppTesting",
                "ParlaEngine", "HunspellSpelling", "WordPrediction", "Pictures", "BrailleKit", "BrailleKitTesting", "Mastodon",
                "Bluesky", "ServiceHTTP", "ServiceHTTPTesting", "ParlaCommands",
            ]),
        .testTarget(
            name: "BrailleKitTests",
            dependencies: ["BrailleKit", "BrailleKitTesting", "BrlAPIBraille", "ParlaBase", "ParlaBaseTesting"]),
        .testTarget(
            name: "SpeechKitTests", dependencies: ["SpeechKit", "SpeechKitTesting", "ParlaBase", "ParlaBaseTesting", "TestSupport"]),
        .testTarget(name: "EspeakSpeechTests", dependencies: ["EspeakSpeech", "SpeechKit", "SpeechKitTesting", "ParlaBase"]),
        .testTarget(
            name: "LVControlsTests",
            dependencies: [
                "LVControls", "TerminalKit", "TerminalKitTesting", "SpeechKit", "SpeechKitTesting", "ParlaBase", "ParlaBaseTesting",
                "TestSupport", "BrailleKit",
            ]),
        .testTarget(name: "WordPredictionTests", dependencies: ["WordPrediction", "ParlaBase", "TestSupport"]),
        .testTarget(
            name: "BlueskyTests",
            dependencies: [
                "Bluesky", "ServiceHTTP", "ServiceHTTPTesting", "MicroblogKit", "ParlaBase", "ParlaBaseTesting", "TestSupport",
                "ParlaPresentation",
            ],
            exclude: ["Fixtures"]),
        .testTarget(name: "MicroblogKitTests", dependencies: ["MicroblogKit", "ParlaBase", "ParlaBaseTesting", "TestSupport"]),
        .testTarget(
            name: "ParlaPresentationTests",
            dependencies: ["ParlaPresentation", "MicroblogKit", "MicroblogKitTesting", "ParlaBase", "TestSupport", "Mastodon"]),
        .testTarget(
            name: "ParlaEngineTests",
            dependencies: ["ParlaEngine", "MicroblogKit", "MicroblogKitTesting", "ParlaBase", "ParlaBaseTesting", "TestSupport"]),
        .testTarget(
            name: "GalleryTests",
            dependencies: [
                "Gallery", "GalleryTesting", "LVControls", "TerminalKit", "TerminalKitTesting", "SpeechKit", "SpeechKitTesting",
                "ParlaBase", "ParlaBaseTesting", "TestSupport",
            ]),

        // MARK: System tests: processes, servers over HTTP or sockets, tmux (`make test` runs them after the unit
        // tests; the Makefile's SYSTEM_TESTS lists these targets)
        .testTarget(
            name: "ParlaAppSystemTests",
            dependencies: [
                "ParlaApp", "TerminalKit", "TerminalKitTesting", "ParlaBase", "ParlaBaseTesting", "TestSupport", "SystemTestSupport",
                "LVControls", "SpeechKit", "SpeechKitTesting", "MicroblogKit", "ParlaEngine", "Mastodon", "MastodonAPI",
                "MastodonTesting", "LocalInstance", "ParlaCommands", "ParlaPresentation", "ParlaAppTesting", "HunspellSpelling", "MicroblogKitTesting",
            ]),
        .testTarget(
            name: "MastodonTests",
            dependencies: [
                "Mastodon", "MastodonAPI", "MastodonTesting", "LocalInstance", "ParlaEngine", "MicroblogKit", "ParlaBase",
                "ParlaBaseTesting", "ParlaPresentation", "TestSupport", "SystemTestSupport", "ServiceHTTP",
            ]),
        .testTarget(
            name: "LocalInstanceTests",
            dependencies: ["LocalInstance", "MastodonAPI", "ParlaBase", "ParlaBaseTesting", "TestSupport", "SystemTestSupport"]),
        .testTarget(
            name: "LineModeTests",
            dependencies: ["TestSupport", "SystemTestSupport", "LocalInstance", "MastodonAPI", "ParlaBase", "ParlaBaseTesting"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "SystemTestSupport", "MastodonAPI"]),
        .testTarget(name: "SpeechEndToEndTests", dependencies: ["TestSupport", "SystemTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
