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
///
/// What a server may make it hold is bounded: a line longer than ``maxLineBytes`` and an event larger
/// than ``maxEventBytes`` are dropped as they arrive (the events after them are read as usual), so an
/// endless line or event cannot grow the app's memory.
public struct ServerSentEventParser: Sendable {
    /// The longest line kept; Mastodon's events are a few kilobytes.
    public static let maxLineBytes = 1 << 20
    /// The largest event (its data lines together) kept.
    public static let maxEventBytes = 2 << 20

    private var buffer = Data()
    /// How far `buffer` is known to hold no newline.
    private var scanned = 0
    private var event = ""
    private var data: [String] = []
    private var eventBytes = 0
    /// The rest of an overlong line is being skipped.
    private var skippingLine = false
    /// The event being read lost a line or grew too big: it is dropped at its end.
    private var droppingEvent = false

    public init() {}

    /// The bytes held waiting for the end of a line; never more than ``maxLineBytes``.
    public var bufferedByteCount: Int { buffer.count }

    /// Feeds bytes and returns the events they completed.
    public mutating func feed(_ bytes: Data) -> [ServerSentEvent] {
        buffer.append(bytes)
        var events: [ServerSentEvent] = []
        // Lines are taken by index and the bytes read are removed once, so many lines cost linear time.
        var start = buffer.startIndex
        var searchFrom = start + scanned
        while let newline = buffer[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) {
            var line = buffer[start..<newline]
            start = newline + 1
            searchFrom = start
            if skippingLine {
                skippingLine = false
                continue
            }
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if let event = take(String(decoding: line, as: UTF8.self)) { events.append(event) }
        }
        buffer.removeSubrange(buffer.startIndex..<start)
        scanned = buffer.count
        if buffer.count > Self.maxLineBytes {
            buffer = Data()
            scanned = 0
            skippingLine = true
            droppingEvent = true
        }
        return events
    }

    private mutating func take(_ line: String) -> ServerSentEvent? {
        if line.isEmpty {
            defer {
                event = ""
                data = []
                eventBytes = 0
                droppingEvent = false
            }
            guard !data.isEmpty, !droppingEvent else { return nil }
            return ServerSentEvent(event: event.isEmpty ? "message" : event, data: data.joined(separator: "\n"))
        }
        if droppingEvent { return nil }
        eventBytes += line.utf8.count + 1
        if eventBytes > Self.maxEventBytes {
            droppingEvent = true
            data = []
            return nil
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
