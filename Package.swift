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
    ],
    targets: [
        // MARK: Base (no C, no I/O libraries)
        .target(name: "ParlaBase"),

        // MARK: Terminal
        .target(name: "TerminalKit", dependencies: ["ParlaBase"]),
        .target(
            name: "CNCursesW",
            cSettings: [.define("NCURSES_WIDECHAR", to: "1"), .define("_XOPEN_SOURCE_EXTENDED", to: "1"), .define("_GNU_SOURCE")],
            linkerSettings: [.linkedLibrary("ncursesw")]
        ),
        .target(name: "CursesTerminal", dependencies: ["TerminalKit", "CNCursesW"]),

        // MARK: Speech
        .target(name: "SpeechKit", dependencies: ["ParlaBase"]),

        // MARK: Accessible controls and the gallery of the thesis's study apps
        .target(name: "LVControls", dependencies: ["ParlaBase", "TerminalKit", "SpeechKit"]),
        .target(name: "Gallery", dependencies: ["LVControls", "ParlaBase", "TerminalKit", "SpeechKit"]),

        // MARK: Application
        .target(name: "ParlaApp", dependencies: ["ParlaBase", "TerminalKit"]),
        .executableTarget(
            name: "parla",
            dependencies: [
                "ParlaApp", "CursesTerminal", "TerminalKit", "ParlaBase",
                "LVControls", "Gallery", "SpeechKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Tests
        .target(name: "TestSupport", dependencies: ["ParlaBase", "TerminalKit"]),
        .testTarget(name: "ParlaBaseTests", dependencies: ["ParlaBase", "TestSupport"]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "TestSupport"]),
        .testTarget(name: "CursesTerminalTests", dependencies: ["CursesTerminal", "TerminalKit"]),
        .testTarget(name: "ParlaAppTests", dependencies: ["ParlaApp", "TerminalKit", "ParlaBase", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
        .testTarget(name: "LVControlsTests", dependencies: ["LVControls", "TerminalKit", "SpeechKit", "ParlaBase", "TestSupport"]),
        .testTarget(name: "GalleryTests", dependencies: ["Gallery", "LVControls", "TerminalKit", "SpeechKit", "ParlaBase", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
