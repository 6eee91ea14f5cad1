import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A braille display that exists only as BRLTTY's virtual driver protocol: it connects to the `vr`
/// driver, reports its cells (`cells 40`), keeps every `Visual "…"` line BRLTTY sends (the text shown)
/// and the `Braille "…"` dots, and sends the display's commands (`FWINRT`, `LNDN`, `Route 5`).
public final class FakeBrailleDisplay: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var _visuals: [String] = []
    private var _dots: String = ""
    private var _closed = false
    /// The display's width in cells.
    public let cells: Int

    /// Connects to BRLTTY's virtual driver on `port` (waiting, bounded, until it listens) and reports `cells` cells.
    public init(port: Int, cells: Int = 40) async throws {
        var connected: Int32 = -1
        try await eventually("BRLTTY's virtual driver listening on \(port)", timeout: .seconds(15), every: .milliseconds(50)) {
            connected = (try? connectToLoopback(port: port, receiveTimeout: 0)) ?? -1
            return connected >= 0
        }
        fd = connected
        self.cells = cells
        send("cells \(cells)")
        let thread = Thread { [self] in readLines() }
        thread.name = "fake-braille-display"
        thread.start()
    }

    deinit {
        close()
        Glibc.close(fd)
    }

    /// Every text shown, oldest first (one entry per change).
    public var visuals: [String] { lock.withLock { _visuals } }
    /// The text shown now, blanks at the end removed.
    public var text: String { visuals.last.map { Self.trimmed($0) } ?? "" }
    /// The dots shown now, as the driver spells them ("1|12|14|…").
    public var dots: String { lock.withLock { _dots } }
    /// Whether BRLTTY closed the connection (it stopped).
    public var isClosed: Bool { lock.withLock { _closed } }

    /// The cell of the braille cursor (dots 7 and 8 raised), counted from 0; nil when none shows.
    public var cursorCell: Int? {
        dots.split(separator: "|", omittingEmptySubsequences: false).firstIndex { $0.contains("7") && $0.contains("8") }
    }

    /// Sends one command line of the display (a BRLTTY command such as `FWINRT`, `LNDN` or `Route 5`).
    public func send(_ command: String) {
        let line = Array((command + "\n").utf8)
        _ = line.withUnsafeBufferPointer { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Ends the connection (the descriptor itself is closed when the display goes away).
    public func close() {
        shutdown(fd, Int32(SHUT_RDWR))
    }

    private func readLines() {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            pending += buffer[0..<count]
            while let end = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<end], as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
                pending.removeSubrange(...end)
                take(line)
            }
        }
        // The descriptor is closed only when the display goes away: closed here, its number could be
        // another connection's by the time ``close()`` shuts it down.
        lock.withLock { _closed = true }
    }

    private func take(_ line: String) {
        if line.hasPrefix("Visual "), let text = Self.string(in: line) {
            lock.withLock { if _visuals.last != text { _visuals.append(text) } }
        } else if line.hasPrefix("Braille "), let dots = Self.string(in: line) {
            lock.withLock { _dots = dots }
        }
    }

    /// The quoted string of a command line, its escapes (`\\`, `\"`, `\Xhh`) undone.
    static func string(in line: String) -> String? {
        guard let open = line.firstIndex(of: "\"") else { return nil }
        var scalars = String.UnicodeScalarView()
        var rest = line[line.index(after: open)...].unicodeScalars.makeIterator()
        while let scalar = rest.next() {
            switch scalar {
            case "\"":
                return String(scalars)
            case "\\":
                guard let next = rest.next() else { return String(scalars) }
                if next == "X" || next == "x" {
                    var hex = ""
                    while hex.count < 2, let digit = rest.next() { hex.unicodeScalars.append(digit) }
                    if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) { scalars.append(decoded) }
                } else {
                    scalars.append(next)
                }
            default:
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    static func trimmed(_ text: String) -> String {
        var text = text
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
