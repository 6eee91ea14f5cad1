import Foundation

/// What an endpoint answers when Parla reads nothing from the answer (an empty object).
public struct NoContent: Decodable, Sendable {
    public init() {}
}

/// What a streaming endpoint answers: Server-Sent Events, read one by one rather than decoded whole.
public enum EventStream: Sendable {}

/// What an endpoint answers with a page meant for a person's browser, not for the client.
public enum WebPage: Sendable {}
