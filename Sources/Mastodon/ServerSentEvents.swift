import Foundation

/// One Server-Sent Event: its name and data.
public struct ServerSentEvent: Sendable, Hashable {
    public var event: String
    public var data: String

    public init(event: String, data: String) {
        self.event = event
        self.data = data
    }
}

/// Turns the bytes of an event stream into events; comment lines (`:thump`) are skipped.
public struct ServerSentEventParser: Sendable {
    private var buffer = Data()
    private var event = ""
    private var data: [String] = []

    public init() {}

    /// Feeds bytes and returns the events they completed.
    public mutating func feed(_ bytes: Data) -> [ServerSentEvent] {
        buffer.append(bytes)
        var events: [ServerSentEvent] = []
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            var line = buffer[buffer.startIndex..<newline]
            buffer.removeSubrange(buffer.startIndex...newline)
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if let event = take(String(decoding: line, as: UTF8.self)) { events.append(event) }
        }
        return events
    }

    private mutating func take(_ line: String) -> ServerSentEvent? {
        if line.isEmpty {
            defer {
                event = ""
                data = []
            }
            guard !data.isEmpty else { return nil }
            return ServerSentEvent(event: event.isEmpty ? "message" : event, data: data.joined(separator: "\n"))
        }
        if line.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = Substring(line)
            value = ""
        }
        switch field {
        case "event": event = String(value)
        case "data": data.append(String(value))
        default: break
        }
        return nil
    }
}
