import Foundation

/// A post the server will publish later.
public struct ScheduledPost: Codable, Hashable, Sendable, Identifiable {
    public var id: String
    /// When the server publishes it.
    public var scheduledAt: Date
    public var text: String
    /// The content warning; empty for none.
    public var spoilerText: String
    /// How many files are attached.
    public var mediaCount: Int
    /// The poll's options; empty for none.
    public var pollOptions: [String]

    public init(id: String, scheduledAt: Date, text: String, spoilerText: String = "", mediaCount: Int = 0, pollOptions: [String] = []) {
        self.id = id
        self.scheduledAt = scheduledAt
        self.text = text
        self.spoilerText = spoilerText
        self.mediaCount = mediaCount
        self.pollOptions = pollOptions
    }
}
