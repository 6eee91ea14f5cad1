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
    /// The error thrown when the file could not be read and was renamed to `keptAt`, so nothing in it is lost.
    static func keptAside(path: String, keptAt: String) -> any Error
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
    /// - Throws: `Settings.keptAside(path:keptAt:)` when the file could not be read as a JSON object and was
    ///   renamed aside (`settings.json.broken`, `-2` …); `Settings.unreadable(path:)` when it could not even be moved.
    public func load() throws -> Settings {
        Settings(json: try readObject())
    }

    /// Writes the settings' keys and keeps the file's other keys (none when the file cannot be read).
    ///
    /// - Throws: `Settings.unwritable(path:)` when the folder or the file cannot be written, or when a broken
    ///   file could not be moved aside (writing would destroy what the user had there).
    public func save(_ settings: Settings) throws {
        var object: [String: Any] = [:]
        do {
            object = try readObject()
        } catch {
            if FileManager.default.fileExists(atPath: file.path) { throw Settings.unwritable(path: file.path) }
        }
        settings.write(into: &object)
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: file, options: .atomic)
        } catch {
            throw Settings.unwritable(path: file.path)
        }
    }

    /// The file's object; a file that is there but cannot be read as settings is renamed aside before
    /// anything is saved over it.
    private func readObject() throws -> [String: Any] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [:] }
        guard let data = try? Data(contentsOf: file),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            var kept = file.path + ".broken"
            var number = 2
            while FileManager.default.fileExists(atPath: kept) {
                kept = file.path + ".broken-" + String(number)
                number += 1
            }
            guard (try? FileManager.default.moveItem(atPath: file.path, toPath: kept)) != nil else {
                throw Settings.unreadable(path: file.path)
            }
            throw Settings.keptAside(path: file.path, keptAt: kept)
        }
        return object
    }
}
