import Foundation
import Testing
import TestSupport

@testable import ParlaBase

@Suite(.serialized) struct LocalizerPreloadTests {
    /// A copy of the English strings in a folder of its own, so that no other test's localizer takes the preload.
    func copiedResources() throws -> URL {
        let root = TestPaths.temporaryDirectory()
        let english = root.appendingPathComponent("Localization/en")
        try FileManager.default.createDirectory(at: english.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.localization.appendingPathComponent("en"), to: english)
        return root
    }

    @Test func theLocalizerTakesTheEnglishTableReadOnAnotherThreadOnce() throws {
        let root = try copiedResources()
        let localization = root.appendingPathComponent("Localization")
        let expected = try Localizer.loadTable(.english, from: localization)
        LocalizerPreload.start(environment: ["PARLA_RESOURCES": root.path])
        #expect(LocalizerPreload.take(for: TestPaths.temporaryDirectory()) == nil)
        #expect(LocalizerPreload.take(for: localization) == expected)
        #expect(LocalizerPreload.take(for: localization) == nil)
    }

    @Test func aFolderWithoutEnglishGivesNoTableAndTheLocalizerReportsItAsBefore() throws {
        let root = TestPaths.temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Localization/es"), withIntermediateDirectories: true)
        LocalizerPreload.start(environment: ["PARLA_RESOURCES": root.path])
        #expect(throws: LocalizationError.self) { try Localizer(language: .english, directory: root.appendingPathComponent("Localization")) }
    }
}
