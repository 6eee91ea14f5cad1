import Foundation
import ParlaBase
import ParlaBaseTesting
import Testing
import TestSupport

@Suite struct LocalizerTests {
    @Test func fillsPlaceholdersAndKeepsUnknownOnes() {
        #expect(Localizer.fill("{a} of {b}", ["a": "3", "b": "12"]) == "3 of 12")
        #expect(Localizer.fill("{a} and {missing}", ["a": "x"]) == "x and {missing}")
        #expect(Localizer.fill("no braces", ["a": "x"]) == "no braces")
        #expect(Localizer.fill("{unclosed", ["unclosed": "x"]) == "{unclosed")
    }

    @Test func fallsBackToEnglishThenToTheKey() {
        let localizer = Localizer(language: .catalan, tables: [
            .english: ["a": "A", "b": "B"], .spanish: [:], .catalan: ["a": "À"],
        ])
        #expect(localizer.string("a") == "À")
        #expect(localizer.string("b") == "B")
        #expect(localizer.string("c") == "c")
        #expect(localizer.switched(to: .spanish).string("a") == "A")
    }

    @Test func everyKeyExistsInAllThreeLanguages() {
        let localizer = TestLocalization.localizer()
        let english = localizer.keys(for: .english)
        #expect(english.count > 50)
        for language in Language.allCases {
            let keys = localizer.keys(for: language)
            #expect(english.subtracting(keys).sorted() == [], "missing in \(language.code)")
            #expect(keys.subtracting(english).sorted() == [], "only in \(language.code)")
        }
    }

    @Test func everyStringIsNonEmptyAndPlaceholdersMatchAcrossLanguages() {
        let localizer = TestLocalization.localizer()
        func placeholders(_ text: String) -> [String] {
            var found: [String] = []
            var rest = text[...]
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                found.append(String(rest[rest.index(after: open)..<close]))
                rest = rest[rest.index(after: close)...]
            }
            return found.sorted()
        }
        for key in localizer.keys(for: .english).sorted() {
            let english = localizer.string(key, in: .english)
            #expect(!english.isEmpty, "\(key) is empty")
            for language in [Language.spanish, .catalan] {
                let other = localizer.string(key, in: language)
                #expect(!other.isEmpty, "\(key) is empty in \(language.code)")
                #expect(placeholders(other) == placeholders(english), "\(key) placeholders differ in \(language.code)")
            }
        }
    }

    @Test func duplicateKeysAcrossFilesAreRejected() throws {
        let folder = TestPaths.temporaryDirectory()
        for code in ["en", "es", "ca"] {
            let dir = folder.appendingPathComponent(code)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data(#"{"x": "1"}"#.utf8).write(to: dir.appendingPathComponent("a.json"))
            try Data(#"{"y": "2"}"#.utf8).write(to: dir.appendingPathComponent("b.json"))
        }
        try Data(#"{"x": "again"}"#.utf8).write(to: folder.appendingPathComponent("es/c.json"))
        #expect(throws: LocalizationError.self) { try Localizer.loadTables(from: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("es/c.json"))
        let tables = try Localizer.loadTables(from: folder)
        #expect(tables[.spanish] == ["x": "1", "y": "2"])
    }

    @Test func malformedFilesAreReportedNotCrashed() throws {
        let folder = TestPaths.temporaryDirectory()
        for code in ["en", "es", "ca"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(code), withIntermediateDirectories: true)
        }
        try Data("{not json".utf8).write(to: folder.appendingPathComponent("en/bad.json"))
        #expect(throws: LocalizationError.self) { try Localizer.loadTables(from: folder) }
    }

    @Test func aNetworksWordsReplaceThePlainOnesInEveryLanguageAndNoneElsewhere() {
        let localizer = Localizer(language: .spanish, tables: [
            .english: ["done": "Favourited", "words.like-repost.done": "Liked", "other": "Other"],
            .spanish: ["done": "Marcado como favorito", "words.like-repost.done": "Te gusta"],
            .catalan: [:],
        ])
        #expect(localizer.string("done") == "Marcado como favorito")
        let bluesky = localizer.withWords("words.like-repost")
        #expect(bluesky.string("done") == "Te gusta")
        #expect(bluesky.string("other") == "Other")
        #expect(bluesky.switched(to: .english).string("done") == "Liked")
        #expect(bluesky.withWords(nil).string("done") == "Marcado como favorito")
    }
}

@Suite struct LanguageTests {
    @Test func readsLocaleNames() {
        #expect(Language(localeIdentifier: "es_ES.UTF-8") == .spanish)
        #expect(Language(localeIdentifier: "ca-ES") == .catalan)
        #expect(Language(localeIdentifier: "en_GB") == .english)
        #expect(Language(localeIdentifier: "C.UTF-8") == nil)
    }

    @Test func followsTheEnvironmentInPosixOrder() {
        #expect(Language.fromEnvironment(["LANG": "es_ES.UTF-8"]) == .spanish)
        #expect(Language.fromEnvironment(["LANG": "es_ES.UTF-8", "LC_ALL": "ca_ES.UTF-8"]) == .catalan)
        #expect(Language.fromEnvironment(["LANGUAGE": "fr:ca", "LANG": "es_ES"]) == .catalan)
        #expect(Language.fromEnvironment(["LANG": "de_DE.UTF-8"]) == .english)
        #expect(Language.fromEnvironment([:]) == .english)
    }
}

@Suite struct DataDirectoriesTests {
    @Test func defaultsFollowXDG() {
        let dirs = DataDirectories.resolve(dataDir: nil, configDir: nil, environment: [
            "HOME": "/home/ana", "XDG_DATA_HOME": "/xdg/data",
        ])
        #expect(dirs.data.path == "/xdg/data/parla")
        #expect(dirs.config.path == "/home/ana/.config/parla")
    }

    @Test func dataDirIsolatesConfigToo() {
        let dirs = DataDirectories.resolve(dataDir: "/tmp/p", configDir: nil, environment: ["HOME": "/home/ana"])
        #expect(dirs.data.path == "/tmp/p")
        #expect(dirs.config.path == "/tmp/p/config")
        let explicit = DataDirectories.resolve(dataDir: "/tmp/p", configDir: "/tmp/c", environment: [:])
        #expect(explicit.config.path == "/tmp/c")
    }

    @Test func relativeXDGValuesAreIgnoredAsTheSpecSays() {
        let dirs = DataDirectories.resolve(dataDir: nil, configDir: nil, environment: [
            "HOME": "/home/ana", "XDG_DATA_HOME": "relative/path", "XDG_CONFIG_HOME": "/cfg",
        ])
        #expect(dirs.data.path == "/home/ana/.local/share/parla")
        #expect(dirs.config.path == "/cfg/parla")
    }
}

@Suite struct TextSafetyTests {
    @Test func removesControlsEscapesAndBidiOverrides() {
        let hostile = "a\u{1B}[31mred\u{1B}]0;title\u{07}\u{9B}2J\u{202E}evil\u{2066}x\u{08}y\u{7F}"
        // Whole sequences go, not only their escape character (issue 20: `[31m` and `]0;` reached the voice).
        #expect(TextSafety.stripped(hostile) == "aredevilxy")
        #expect(TextSafety.stripped("line\nbreak\ttab") == "line break tab")
        #expect(TextSafety.stripped("plain é 日本") == "plain é 日本")
    }
}

@Suite struct ClockTests {
    @Test func manualClockMovesOnlyForward() {
        let clock = ManualClock()
        #expect(clock.now() == .zero)
        clock.advance(by: .milliseconds(250))
        #expect(clock.now().milliseconds == 250)
        clock.set(.milliseconds(100))
        #expect(clock.now().milliseconds == 250)
        clock.set(.seconds(2))
        #expect(clock.now().milliseconds == 2000)
    }
}
