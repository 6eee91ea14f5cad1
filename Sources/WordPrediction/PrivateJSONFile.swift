import Foundation

/// A JSON file in the config folder that only the user may read (what prediction learnt, the phrases): made
/// with mode 0600 from the start and put in place whole, so no one else ever reads it and a crash never
/// leaves half of it.
struct PrivateJSONFile<Value: Codable>: Sendable {
    /// The file; nil: nothing is kept beyond the session.
    let file: URL?

    /// The value; nil when there is no file or it cannot be read.
    func load() -> Value? {
        guard let file, let data = try? Data(contentsOf: file) else { return nil }
        return try? Self.decoder.decode(Value.self, from: data)
    }

    /// Writes the value; false when it could not be written (true when there is no file to keep).
    func save(_ value: Value) -> Bool {
        guard let file else { return true }
        let manager = FileManager.default
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)")
        do {
            try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let data = try Self.encoder.encode(value)
            guard manager.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else { return false }
            guard rename(temporary.path, file.path) == 0 else {
                try? manager.removeItem(at: temporary)
                return false
            }
            return true
        } catch {
            try? manager.removeItem(at: temporary)
            return false
        }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
