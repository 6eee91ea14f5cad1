/// A field of a profile as others read it ("Pronouns: she/her"), its value as the network's module read it
/// (links and mentions as runs); ``ProfileField`` is a field as its owner writes it.
public struct AccountField: Codable, Hashable, Sendable {
    public var name: String
    public var value: RichText

    public init(name: String, value: RichText) {
        self.name = name
        self.value = value
    }
}
