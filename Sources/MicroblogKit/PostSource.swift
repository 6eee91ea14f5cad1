/// The plain text one of the user's posts was written in (what an edit starts from).
public struct PostSource: Codable, Hashable, Sendable {
    public var text: String
    /// The content warning; empty for none.
    public var spoilerText: String

    public init(text: String, spoilerText: String = "") {
        self.text = text
        self.spoilerText = spoilerText
    }
}
