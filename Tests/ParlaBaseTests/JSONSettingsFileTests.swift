import Foundation
import ParlaBase
import Testing

/// Settings of one imaginary program sharing `settings.json`: a name and a size.
private struct Sample: JSONSettings, Equatable {
    enum Failure: Error, Equatable {
        case unreadable(String)
        case unwritable(String)
        case keptAside(String, String)
    }

    var name = "default"
    var size = 1
    /// When set, `write(into:)` removes the size key.
    var dropsSize = false

    init() {}

    init(json object: [String: Any]) {
        if let name = object["name"] as? String { self.name = name }
        if let size = object["size"] as? Int, size > 0 { self.size = size }
    }

    func write(into object: inout [String: Any]) {
        object["name"] = name
        object["size"] = dropsSize ? nil : size
    }

    static func unreadable(path: String) -> any Error { Failure.unreadable(path) }
    static func unwritable(path: String) -> any Error { Failure.unwritable(path) }
    static func keptAside(path: String, keptAt: String) -> any Error { Failure.keptAside(path, keptAt) }
}

@Suite struct JSONSettingsFileTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parla-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func object(_ file: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
    }

    @Test func noFileGivesTheDefaultsAndInvalidValuesKeepThem() throws {
        let config = try folder()
        let file = JSONSettingsFile<Sample>(configDirectory: config)
        #expect(file.file.path == config.path + "/settings.json")
        #expect(try file.load() == Sample())
        try Data(#"{"name": "ana", "size": -3}"#.utf8).write(to: file.file)
        var expected = Sample()
        expected.name = "ana"
        #expect(try file.load() == expected)
    }

    @Test func savingKeepsTheKeysOfOtherProgramsAndRemovesNilKeys() throws {
        let file = JSONSettingsFile<Sample>(configDirectory: try folder())
        try Data(#"{"theme": "monochrome", "size": 4}"#.utf8).write(to: file.file)
        var settings = try file.load()
        settings.name = "bea"
        try file.save(settings)
        #expect(try object(file.file) as NSDictionary == ["theme": "monochrome", "name": "bea", "size": 4] as NSDictionary)
        #expect(try String(contentsOf: file.file, encoding: .utf8) == "{\n  \"name\" : \"bea\",\n  \"size\" : 4,\n  \"theme\" : \"monochrome\"\n}")
        settings.dropsSize = true
        try file.save(settings)
        #expect(try object(file.file) as NSDictionary == ["theme": "monochrome", "name": "bea"] as NSDictionary)
    }

    @Test func aBrokenFileIsKeptAsideNotReplaced() throws {
        let file = JSONSettingsFile<Sample>(configDirectory: try folder())
        let path = file.file.path
        try Data("{broken".utf8).write(to: file.file)
        #expect(throws: Sample.Failure.keptAside(path, path + ".broken")) { try file.load() }
        try Data("[1, 2]".utf8).write(to: file.file)
        #expect(throws: Sample.Failure.keptAside(path, path + ".broken-2")) { try file.load() }
        #expect(try String(contentsOf: URL(fileURLWithPath: path + ".broken"), encoding: .utf8) == "{broken")
        #expect(try String(contentsOf: URL(fileURLWithPath: path + ".broken-2"), encoding: .utf8) == "[1, 2]")
        try Data("{again".utf8).write(to: file.file)
        try file.save(Sample())
        #expect(try object(file.file) as NSDictionary == ["name": "default", "size": 1] as NSDictionary)
        #expect(try String(contentsOf: URL(fileURLWithPath: path + ".broken-3"), encoding: .utf8) == "{again")
    }

    @Test func aFolderThatCannotBeMadeIsUnwritable() throws {
        let blocker = try folder().appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let file = JSONSettingsFile<Sample>(configDirectory: blocker)
        #expect(throws: Sample.Failure.unwritable(blocker.path + "/settings.json")) { try file.save(Sample()) }
    }
}
