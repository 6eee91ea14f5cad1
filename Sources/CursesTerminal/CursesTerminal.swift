import CNCursesW
import Foundation
import TerminalKit

#if canImport(Glibc)
import Glibc
#endif

/// The real terminal: ncursesw with wide characters, diffed output and a tracked hardware cursor.
///
/// Only changed cells are written (never a clear per key press), and the hardware cursor is
/// moved to the focused item before every refresh, because screen readers, BRLTTY and
/// magnifiers follow it. While curses owns the screen, stderr goes to a log file so no
/// library can print over it. The terminal is restored by ``close()``, on SIGINT, SIGTERM and
/// SIGHUP (reported as the end of input), and on fatal signals.
public final class CursesTerminal: TerminalBackend {
    /// Why curses could not start.
    public enum StartError: Error, CustomStringConvertible {
        case noTerminal(String)
        public var description: String {
            switch self {
            case .noTerminal(let term): "curses could not start on terminal type \(term)"
            }
        }
    }

    public private(set) var inputEnded = false
    public let waker: any TerminalWaker
    /// Cells written by the last ``present(_:cursor:)`` (continuations not counted).
    public private(set) var lastWrittenCells = 0

    private var previous: CellGrid?
    /// Rows to write whole at the next present (``rewriteRow(_:)``).
    private var rewrites = Set<Int>()
    private var pairs: [PairKey: Int16] = [:]
    private let colorEnabled: Bool
    private let colorCount: Int
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private var savedStderr: Int32 = -1
    private(set) var closed = false
    private var screen: OpaquePointer?
    /// What the terminal said it draws in pixels, asked before curses started.
    public let pixelSupport: PixelSupport
    /// Where curses writes when it is not standard output (a test's device).
    let output: UnsafeMutablePointer<FILE>?
    /// The pixels drawn over the screen now (``showPixels(_:)``).
    var shownPixels: TerminalPixels?
    /// Where the last frame left the hardware cursor.
    var lastCursor = Point.zero
    /// Whether a reply to the graphics query may still come: it was not complete in time (a slow link), or a second
    /// terminal on the way answers too (a screen reader's own terminal, Fenrir's, passes its terminal's answer on). One
    /// that comes before the first key is dropped, never read as keys (``dropLateReply()``).
    public var awaitingLateReply = false

    private struct PairKey: Hashable {
        let foreground: Int16
        let background: Int16
    }

    /// Takes over the terminal.
    ///
    /// - Parameters:
    ///   - allowColor: false when `NO_COLOR` is set (attributes only, colour never started).
    ///   - logFile: where stderr goes while the screen is drawn; nil leaves stderr alone.
    ///   - escapeDelay: how long a lone Esc waits for the rest of a sequence (25 ms).
    /// - Throws: ``StartError`` when the terminal type is unusable.
    ///   - device: a terminal type and files to draw on instead of standard output and input (tests).
    public init(
        allowColor: Bool, logFile: URL?, escapeDelay: Duration = .milliseconds(25),
        device: (term: String, output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>)? = nil
    ) throws {
        setlocale(LC_ALL, "")
        var fds: [Int32] = [0, 0]
        if pipe(&fds) != 0 { fds = [-1, -1] }
        for fd in fds where fd >= 0 {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        waker = PipeWaker(fd: fds[1])

        if let logFile {
            let fd = open(logFile.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            if fd >= 0 {
                savedStderr = dup(STDERR_FILENO)
                dup2(fd, STDERR_FILENO)
                Glibc.close(fd)
            }
        }
        // Asked before curses reads the keys, so the terminal's replies never reach them.
        let asked = device == nil ? Self.askPixelSupport() : nil
        pixelSupport = asked ?? .none
        awaitingLateReply = asked != nil
        output = device?.output
        // The real size comes from the terminal (the tty's TIOCGWINSZ), not from LINES/COLUMNS a shell may
        // have exported, nor from the terminfo entry: `linux` has no line or column counts, and without
        // asking the tty newterm fails there (and starts every other terminal at the entry's 80×24).
        use_env(device != nil)
        use_tioctl(device == nil)
        let started = device.map { parla_newterm_files($0.term, $0.output, $0.input) } ?? parla_newterm()
        guard let screen = started else {
            let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
            Self.restoreStderr(&savedStderr)
            throw StartError.noTerminal(term)
        }
        self.screen = screen
        set_term(screen)
        parla_input_modes(Int32(escapeDelay.milliseconds))
        // Until curses has once left the screen and come back, it sends its output at every cursor move
        // (ncurses flushes each move while the screen is in its initial state), so a frame reaches the
        // terminal in many writes. A screen reader in a pseudo-terminal (Fenrir) reads each write as a new
        // screen, and reads the words the cursor passes on the way. Leaving and coming back at once, before
        // anything is drawn, lets every frame go out in one write.
        endwin()
        doupdate()
        curs_set(1)
        if allowColor && has_colors() {
            start_color()
            use_default_colors()
            colorEnabled = true
            colorCount = Int(parla_colors())
        } else {
            colorEnabled = false
            colorCount = 0
        }
        if device == nil {
            parla_remember_terminal()
            parla_install_signal_handlers(wakeWrite)
        }
    }

    deinit { close() }

    /// Gives the terminal back: ends curses, restores stderr. Safe to call twice.
    public func close() {
        guard !closed else { return }
        closed = true
        endwin()
        if let screen { delscreen(screen) }
        screen = nil
        Self.restoreStderr(&savedStderr)
        if wakeRead >= 0 { Glibc.close(wakeRead) }
        // The write end stays open: a late signal handler may still write to it.
    }

    private static func restoreStderr(_ saved: inout Int32) {
        guard saved >= 0 else { return }
        dup2(saved, STDERR_FILENO)
        Glibc.close(saved)
        saved = -1
    }

    public var size: Size { Size(width: Int(parla_cols()), height: Int(parla_lines())) }

    public func present(_ grid: CellGrid, cursor: Point) {
        guard !closed else { return }
        let current = size
        if let previous, previous.size != grid.size { self.previous = nil }
        if self.previous == nil { werase(parla_stdscr()) }
        let diff = FrameDiff(from: previous, to: grid)
        var written = 0
        var buffer: [wchar_t] = []
        for run in diff.runs where run.row < current.height {
            var x = run.column
            for cell in run.cells {
                defer { x += 1 }
                if cell.isContinuation || x >= current.width { continue }
                buffer.removeAll(keepingCapacity: true)
                for scalar in cell.text.unicodeScalars.prefix(8) { buffer.append(wchar_t(bitPattern: scalar.value)) }
                let (attributes, pair) = attributesAndPair(for: cell.style)
                _ = parla_put_cell(Int32(run.row), Int32(x), buffer, Int32(buffer.count), attributes, Int32(pair))
                written += 1
            }
        }
        lastWrittenCells = written
        // A row asked for is written whole: curses forgets what it showed there (as for the rows below).
        var redrawn = Set<Int>()
        for row in rewrites.sorted() where row >= 0 && row < current.height && self.previous != nil {
            redrawn.insert(row)
            _ = wredrawln(parla_stdscr(), Int32(row), 1)
        }
        rewrites.removeAll()
        // A changed row holding a cell some terminal may draw wider or narrower than measured is written
        // again whole, from a cleared line, so nothing of the frame before stays beside it.
        for run in diff.runs where run.row < current.height && !redrawn.contains(run.row) {
            if Self.hasUncertainWidth(row: run.row, in: grid) || previous.map({ Self.hasUncertainWidth(row: run.row, in: $0) }) == true {
                redrawn.insert(run.row)
                _ = wredrawln(parla_stdscr(), Int32(run.row), 1)
            }
        }
        previous = grid
        let x = min(max(0, cursor.x), max(0, current.width - 1))
        let y = min(max(0, cursor.y), max(0, current.height - 1))
        _ = parla_move(Int32(y), Int32(x))
        lastCursor = Point(x: x, y: y)
        wnoutrefresh(parla_stdscr())
        doupdate()
    }

    public func rewriteRow(_ row: Int) { rewrites.insert(row) }

    /// Whether row `y` of `grid` holds a cell whose width a terminal may not agree with.
    static func hasUncertainWidth(row y: Int, in grid: CellGrid) -> Bool {
        (0..<grid.size.width).contains { x in
            let text = grid[x, y].text
            return text.utf8.count > 1 && DisplayWidth.isUncertain(text)
        }
    }

    public func nextKey(timeout: Duration?) -> Key? {
        guard !closed else { return nil }
        if parla_termination_signal() != 0 {
            inputEnded = true
            return nil
        }
        // curses may already hold buffered input (a paste): read that before waiting.
        if let key = readKey() { return key }
        var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        // Wake at least every 250 ms to notice a resize whose signal went astray; nothing is drawn
        // unless the size really changed.
        let requested: Int32 = timeout.map { Int32(clamping: max(0, $0.milliseconds)) } ?? -1
        let milliseconds: Int32 = requested < 0 ? 250 : min(requested, 250)
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        if parla_termination_signal() != 0 {
            inputEnded = true
            return nil
        }
        if ready < 0 {
            // Interrupted (SIGWINCH): curses reports the resize on the next read.
            if let key = readKey() { return key }
            if parla_check_resize() != 0 {
                previous = nil
                return .resize
            }
            return nil
        }
        if descriptors[1].revents & Int16(POLLIN) != 0 {
            drainWakePipe()
            // A resize wakes the wait too: curses reports it on the next read.
            if let key = readKey() { return key }
        }
        if descriptors[0].revents & Int16(POLLHUP | POLLERR) != 0 && descriptors[0].revents & Int16(POLLIN) == 0 {
            inputEnded = true
            return nil
        }
        if descriptors[0].revents & Int16(POLLIN) != 0 { return readKey() }
        if parla_check_resize() != 0 {
            previous = nil
            return .resize
        }
        return nil
    }

    private func readKey() -> Key? {
        wtimeout(parla_stdscr(), 0)
        var value: Int32 = 0
        let result = parla_get_wch(&value)
        if result == PARLA_ERR { return nil }
        if result == PARLA_KEY_CODE_YES {
            let name = keyname(value).map { String(cString: $0) }
            let key = CursesKeyDecoder.decode(keyCode: value, name: name)
            if key == .resize { previous = nil }
            return key
        }
        guard var key = CursesKeyDecoder.decode(character: value) else { return nil }
        if key == .escape, awaitingLateReply, dropLateReply() { return nil }
        // A key of the user's own: any answer came before it.
        awaitingLateReply = false
        if key == .escape {
            // ESC with another key already waiting is Alt with that key.
            var next: Int32 = 0
            let followUp = parla_get_wch(&next)
            if followUp == PARLA_OK, next != 27, let inner = CursesKeyDecoder.decode(character: next) {
                key = inner
                key.modifiers.insert(.alt)
            } else if followUp == PARLA_KEY_CODE_YES,
                let inner = CursesKeyDecoder.decode(keyCode: next, name: keyname(next).map { String(cString: $0) }) {
                key = inner
                key.modifiers.insert(.alt)
            } else if followUp != PARLA_ERR {
                unget_wch(wchar_t(next))
            }
        }
        return key
    }

    private func drainWakePipe() {
        var scratch = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &scratch, scratch.count) > 0 {}
    }

    private func attributesAndPair(for style: Style) -> (UInt32, Int16) {
        var attributes = PARLA_A_NORMAL
        if style.bold { attributes |= PARLA_A_BOLD }
        if style.underline { attributes |= PARLA_A_UNDERLINE }
        if style.reverse { attributes |= PARLA_A_REVERSE }
        guard colorEnabled else { return (attributes, 0) }
        // Without the 256-colour ramp, a grey is drawn as its nearest of the sixteen.
        let ramp = colorCount >= 256
        var foreground = Int16((ramp ? style.foreground : style.foreground.sixteenColor).rawValue)
        var background = Int16((ramp ? style.background : style.background.sixteenColor).rawValue)
        if colorCount < 16 {
            if foreground >= 8 {
                foreground -= 8
                attributes |= PARLA_A_BOLD
            }
            if background >= 8 { background -= 8 }
        }
        if foreground == -1 && background == -1 { return (attributes, 0) }
        let key = PairKey(foreground: foreground, background: background)
        if let pair = pairs[key] { return (attributes, pair) }
        let number = Int16(pairs.count + 1)
        guard Int32(number) < parla_color_pairs() else { return (attributes, 0) }
        init_pair(number, foreground, background)
        pairs[key] = number
        return (attributes, number)
    }
}

/// Wakes a curses wait by writing to its pipe.
struct PipeWaker: TerminalWaker {
    let fd: Int32
    func wake() {
        guard fd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }
}
