import Foundation

/// Where what prediction learnt is kept: `prediction.json` in the config folder, beside the user's own
/// spelling words; nothing of it leaves the computer.
public struct PredictionStore: Sendable {
    /// The file's name in the config folder.
    public static let fileName = "prediction.json"

    /// The file; nil: what is learnt is kept for this session only.
    public let file: URL?

    public init(configDirectory: URL?) {
        file = configDirectory?.appendingPathComponent(Self.fileName)
    }

    /// What was learnt; empty when there is no file, or it cannot be read (it is then written anew).
    public func load() -> PredictionMemory {
        guard let file, let data = try? Data(contentsOf: file) else { return PredictionMemory() }
        return (try? Self.decoder.decode(PredictionMemory.self, from: data)) ?? PredictionMemory()
    }

    /// Writes what was learnt (readable by the user alone); returns false when it could not be written.
    @discardableResult
    public func save(_ memory: PredictionMemory) -> Bool {
        guard let file else { return true }
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Self.encoder.encode(memory).write(to: file, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
            return true
        } catch {
            return false
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }()
}
