import Foundation

/// A set of earcons: a folder with `manifest.json` naming a WAV file for each earcon it has.
///
/// Parla ships its packs in `Sounds/<name>/` (`default` has every earcon); a user's own packs go in
/// `<config folder>/sounds/<name>/`. The manifest is `{"name": "soft", "sounds": {"focus":
/// "focus.wav", …}}`, keys are the ``Earcon`` raw values; a pack may leave earcons out, and those
/// are taken from the default pack.
public struct SoundPack: Sendable, Hashable {
    /// The pack every missing sound falls back to.
    public static let defaultName = "default"

    /// The pack's name (its folder's).
    public var name: String
    /// Where its files are.
    public var folder: URL
    /// The file of each earcon it has, by the earcon's raw value.
    public var files: [String: String]

    struct Manifest: Codable {
        var name: String?
        var sounds: [String: String]
    }

    /// Reads the pack in `folder`; file names that would leave the folder are ignored.
    ///
    /// - Throws: ``SpeechError/soundMissing(name:path:)`` for a folder without a readable manifest.
    public static func load(_ folder: URL) throws(SpeechError) -> SoundPack {
        let url = folder.appendingPathComponent("manifest.json")
        guard let data = try? Data(contentsOf: url), let manifest = try? JSONDecoder().decode(Manifest.self, from: data) else {
            throw .soundMissing(name: "manifest.json", path: folder.path)
        }
        let safe = manifest.sounds.filter { _, file in
            !file.isEmpty && !file.contains("/") && !file.contains("\\") && !file.hasPrefix(".") && file.count <= 100
        }
        return SoundPack(name: folder.lastPathComponent, folder: folder, files: safe)
    }

    /// The folder of pack `name`: in the first of `places` (the user's before the shipped) that has
    /// it; nil when none does or the name is not a plain folder name.
    public static func locate(_ name: String, in places: [URL]) -> URL? {
        guard isPlainName(name) else { return nil }
        return places.map { $0.appendingPathComponent(name, isDirectory: true) }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("manifest.json").path) }
    }

    /// The names of every pack in `places`, sorted, each once.
    public static func available(in places: [URL]) -> [String] {
        var names: Set<String> = []
        for place in places {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: place.path)) ?? []
            for entry in entries where isPlainName(entry)
                && FileManager.default.fileExists(atPath: place.appendingPathComponent(entry).appendingPathComponent("manifest.json").path)
            {
                names.insert(entry)
            }
        }
        return names.sorted()
    }

    /// The folders to load for pack `name`: it, then the default pack (for what it lacks).
    public static func folders(for name: String, in places: [URL]) -> [URL] {
        var result: [URL] = []
        if let chosen = locate(name, in: places) { result.append(chosen) }
        if name != defaultName, let fallback = locate(defaultName, in: places) { result.append(fallback) }
        return result
    }

    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }
    }
}
