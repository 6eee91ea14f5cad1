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
/// A wait for a key also ends when other threads have something to show (a timeline finished loading):
/// its lines are printed then, not at the next key.
public final class LineTerminal: TerminalBackend {
    public let size: Size
    public private(set) var inputEnded = false
    public let waker: any TerminalWaker
    /// The read end of the pipe ``waker`` writes to; -1 when no pipe could be made.
    private let wakeRead: Int32
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
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) != 0 { fds = [-1, -1] }
        for fd in fds where fd >= 0 {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        wakeRead = fds[0]
        waker = LinePipeWaker(fd: fds[1])
    }

    // The wake pipe stays open for the process's life: a task that ends late may still wake it, and a write
    // to a pipe whose reader is closed would end the process (SIGPIPE).
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
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        let milliseconds: Int32 = decoder.isPending ? 25 : timeout.map { Int32(clamping: max(0, $0.milliseconds)) } ?? -1
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        if ready == 0 {
            queued.append(contentsOf: decoder.flush())
            return queued.isEmpty ? nil : queued.removeFirst()
        }
        guard ready > 0 else { return nil }
        if descriptors[1].revents & Int16(POLLIN) != 0 {
            // Woken: the caller shows what came; a key waiting too is read at the next call.
            var scratch = [UInt8](repeating: 0, count: 64)
            while read(wakeRead, &scratch, scratch.count) > 0 {}
            return nil
        }
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

/// Ends a line terminal's wait by writing to its pipe.
struct LinePipeWaker: TerminalWaker {
    let fd: Int32

    func wake() {
        guard fd >= 0 else { return }
        var byte: UInt8 = 1
        _ = Glibc.write(fd, &byte, 1)
    }
}
