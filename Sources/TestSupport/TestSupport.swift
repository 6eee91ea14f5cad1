import Foundation
import ParlaBase

/// Paths and helpers shared by Parla's tests.
public enum TestPaths {
    /// The repository's root folder (found from this source file's path).
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Sources/TestSupport/TestSupport.swift
        return url
    }()

    /// The `Localization` folder.
    public static var localization: URL { repositoryRoot.appendingPathComponent("Localization") }

    /// The `Sounds` folder.
    public static var sounds: URL { repositoryRoot.appendingPathComponent("Sounds") }

    /// The built `parla` executable beside the running test bundle (or `$PARLA_BIN`).
    public static var parlaExecutable: URL {
        if let explicit = ProcessInfo.processInfo.environment["PARLA_BIN"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        return ResourceLocator.currentExecutable().deletingLastPathComponent().appendingPathComponent("parla")
    }

    /// A new empty temporary folder.
    public static func temporaryDirectory(_ name: String = "parla-test") -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// The real localization tables, loaded once per process.
public enum TestLocalization {
    public static let tables: [Language: [String: String]] = {
        do {
            return try Localizer.loadTables(from: TestPaths.localization)
        } catch {
            fatalError("the Localization folder does not load: \(error)")
        }
    }()

    /// A localizer over the real tables.
    public static func localizer(_ language: Language = .english) -> Localizer {
        Localizer(language: language, tables: tables)
    }
}
