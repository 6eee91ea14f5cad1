import Foundation

/// Where what prediction learnt is kept: `prediction.json` in the config folder, beside the user's own
/// spelling words, readable by the user alone; nothing of it leaves the computer.
public struct PredictionStore: Sendable {
    /// The file's name in the config folder.
    public static let fileName = "prediction.json"

    private let json: PrivateJSONFile<PredictionMemory>
    /// The file; nil: what is learnt is kept for this session only.
    public var file: URL? { json.file }

    public init(configDirectory: URL?) {
        json = PrivateJSONFile(file: configDirectory?.appendingPathComponent(Self.fileName))
    }

    /// What was learnt; empty when there is no file, or it cannot be read (it is then written anew).
    public func load() -> PredictionMemory { json.load() ?? PredictionMemory() }

    /// Writes what was learnt; returns false when it could not be written.
    @discardableResult
    public func save(_ memory: PredictionMemory) -> Bool { json.save(memory) }
}
