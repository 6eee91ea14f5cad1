import Foundation
import TerminalKit

#if canImport(Glibc)
import Glibc
#endif

/// A backend for line mode: what a screen reader would read, as plain lines, and keys from a pipe.
///
/// The first frame of a screen is printed whole (its non-blank lines); after that only the line
/// under the cursor is printed, each time the focus moves to a line or its text changes. Keys
/// are read from standard input as raw bytes (escape sequences decoded), so
/// `printf '\t\t\x11' | parla` presses Tab, Tab, Ctrl+Q. No colour or escape codes are written.
public final class LineTerminal: TerminalBackend {
    public let size: Size
    public private(set) var inputEnded = false
    public let waker: any TerminalWaker = NoWaker()
    private let write: (String) -> Void
    private let input: Int32
    private var decoder = AnsiKeyDecoder()
    private var queued: [Key] = []
    private var lastLines: [String] = []
    private var lastCursorLine: String?
    private var savedModes: termios?
    private var signalSources: [DispatchSourceSignal] = []

    /// - Parameters:
    ///   - size: the layout size (from `COLUMNS` and `LINES`, else 80×24).
    ///   - input: the file descriptor keys are read from.
    ///   - write: where lines go (standard output).
    public init(size: Size, input: Int32 = 0, write: @escaping (String) -> Void) {
        self.size = size
        self.input = input
        self.write = write
    }

    deinit { restoreInput() }

    /// When input is a terminal, reads keys one at a time (no line buffering, no echo, no XON/XOFF
    /// so Ctrl+Q arrives); the modes are restored by ``restoreInput()``, on exit and on SIGINT,
    /// SIGTERM and SIGHUP.
    public func takeKeysDirectly() {
        guard savedModes == nil, isatty(input) == 1 else { return }
        var modes = termios()
        guard tcgetattr(input, &modes) == 0 else { return }
        savedModes = modes
        modes.c_lflag &= ~tcflag_t(ICANON | ECHO)
        modes.c_iflag &= ~tcflag_t(IXON | IXOFF | ICRNL)
        withUnsafeMutableBytes(of: &modes.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        tcsetattr(input, TCSANOW, &modes)
        let fd = input
        var original = savedModes!
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                tcsetattr(fd, TCSANOW, &original)
                exit(128 + number)
            }
            source.resume()
            signalSources.append(source)
        }
    }

    /// Gives the terminal its line modes back (safe to call twice).
    public func restoreInput() {
        guard var modes = savedModes else { return }
        tcsetattr(input, TCSANOW, &modes)
        savedModes = nil
        signalSources.forEach { $0.cancel() }
        signalSources.removeAll()
    }

    /// The layout size for line mode from `COLUMNS`/`LINES`, else 80×24.
    public static func size(environment: [String: String]) -> Size {
        let width = environment["COLUMNS"].flatMap(Int.init) ?? 80
        let height = environment["LINES"].flatMap(Int.init) ?? 24
        return Size(width: max(20, width), height: max(6, height))
    }

    public func present(_ grid: CellGrid, cursor: Point) {
        present(grid, cursor: cursor, focusedText: nil)
    }

    /// The focused line is printed whole: when the layout cut it (it ends in an ellipsis), what comes before
    /// the cursor (the marker) and then `focusedText`.
    public func present(_ grid: CellGrid, cursor: Point, focusedText: @autoclosure () -> String?) {
        let lines = grid.lines
        var cursorLine = cursor.y < lines.count ? lines[cursor.y].trimmingCharacters(in: .whitespaces) : ""
        if cursorLine.hasSuffix("...") || cursorLine.hasSuffix("…"), let focusedText = focusedText() {
            let row = Array(lines[cursor.y])
            let marker = String(row.prefix(max(0, min(cursor.x, row.count)))).trimmingCharacters(in: .whitespaces)
            cursorLine = marker.isEmpty ? focusedText : marker + " " + focusedText
        }
        let changed = zip(lines, lastLines).filter { $0 != $1 }.count + abs(lines.count - lastLines.count)
        if lastLines.isEmpty || changed > lines.count / 2 {
            for line in lines where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                write(line + "\n")
            }
        } else if cursorLine != lastCursorLine && !cursorLine.isEmpty {
            write(cursorLine + "\n")
        }
        lastLines = lines
        lastCursorLine = cursorLine
    }

    public func nextKey(timeout: Duration?) -> Key? {
        if !queued.isEmpty { return queued.removeFirst() }
        guard !inputEnded else { return nil }
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        let milliseconds: Int32 = decoder.isPending ? 25 : timeout.map { Int32(clamping: max(0, $0.milliseconds)) } ?? -1
        let ready = poll(&descriptor, 1, milliseconds)
        if ready == 0 {
            queued.append(contentsOf: decoder.flush())
            return queued.isEmpty ? nil : queued.removeFirst()
        }
        guard ready > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(input, &buffer, buffer.count)
        if count <= 0 {
            queued.append(contentsOf: decoder.flush())
            inputEnded = queued.isEmpty
            if queued.isEmpty { return nil }
            return queued.removeFirst()
        }
        queued.append(contentsOf: decoder.feed(buffer[0..<count]))
        return queued.isEmpty ? nil : queued.removeFirst()
    }
}
