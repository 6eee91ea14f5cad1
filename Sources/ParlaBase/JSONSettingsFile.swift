import Foundation

/// Settings kept as keys of the JSON object in `<config>/settings.json`.
///
/// The app and the gallery share that one file: each reads the keys it knows (a missing or invalid
/// value keeps its default) and writes only its own, so keys it does not know stay as they were.
public protocol JSONSettings: Sendable {
    /// The defaults with every valid value of `object` applied.
    init(json object: [String: Any])
    /// Sets these settings' keys in `object` (a key set to nil is removed).
    func write(into object: inout [String: Any])
    /// The error thrown when the file exists but is not a JSON object.
    static func unreadable(path: String) -> any Error
    /// The error thrown when the file cannot be written.
    static func unwritable(path: String) -> any Error
}

/// `<config>/settings.json`, read and written as one kind of ``JSONSettings``.
public final class JSONSettingsFile<Settings: JSONSettings> {
    /// The file.
    public let file: URL

    public init(configDirectory: URL) {
        file = configDirectory.appendingPathComponent("settings.json")
    }

    /// The saved settings; the defaults when there is no file.
    ///
    /// - Throws: `Settings.unreadable(path:)` when the file cannot be read as a JSON object.
    public func load() throws -> Settings {
        Settings(json: try readObject())
    }

    /// Writes the settings' keys and keeps the file's other keys (none when the file cannot be read).
    ///
    /// - Throws: `Settings.unwritable(path:)` when the folder or the file cannot be written.
    public func save(_ settings: Settings) throws {
        var object = (try? readObject()) ?? [:]
        settings.write(into: &object)
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: file, options: .atomic)
        } catch {
            throw Settings.unwritable(path: file.path)
        }
    }

    private func readObject() throws -> [String: Any] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [:] }
        guard let data = try? Data(contentsOf: file),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Settings.unreadable(path: file.path)
        }
        return object
    }
}
