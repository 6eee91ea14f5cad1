import CNCursesW
import Foundation
import ParlaBase
import TerminalKit

#if canImport(Glibc)
import Glibc
#endif

extension CursesTerminal {
    /// Asks the terminal on standard input and output whether it draws sixels or kitty graphics (``TerminalGraphics``),
    /// waiting 100 ms at most, with the tty's echo and line editing off meanwhile; a terminal that did not finish its
    /// answer in time has its input flushed, so no reply reaches the keys. The cell's size in pixels comes from the
    /// tty (TIOCGWINSZ), when it tells. Nil when nothing was asked (not a tty).
    static func askPixelSupport() -> PixelSupport? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        let answer = TerminalGraphics.ask(write: { writeAll(Array($0.utf8)) }, read: { wait in
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(clamping: max(1, wait.milliseconds))) > 0 else { return [] }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = Glibc.read(STDIN_FILENO, &buffer, buffer.count)
            return count > 0 ? Array(buffer.prefix(count)) : []
        }, clock: SystemClock())
        if !answer.answered { tcflush(STDIN_FILENO, TCIFLUSH) }
        var window = winsize()
        guard answer.graphics != [], ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return PixelSupport(graphics: answer.graphics)
        }
        return PixelSupport(graphics: answer.graphics, cellWidth: Int(window.ws_xpixel) / Int(window.ws_col),
                            cellHeight: Int(window.ws_ypixel) / Int(window.ws_row))
    }

    /// After an Esc read while a late reply to the graphics query may come: reads on, and drops the reply when it is one,
    /// the device attributes (`[?` digits and `;` up to `c`, which ends the answer) or kitty's (`_G` up to `ESC \`);
    /// otherwise puts back what it read, for the keys. Returns whether a reply was dropped.
    func dropLateReply() -> Bool {
        var read: [Int32] = []
        // The rest of a reply is on its way: wait for it a little, as for a key's escape sequence.
        wtimeout(parla_stdscr(), 50)
        defer { wtimeout(parla_stdscr(), 0) }
        func next() -> Int32? {
            var value: Int32 = 0
            guard parla_get_wch(&value) == PARLA_OK else { return nil }
            read.append(value)
            return value
        }
        let first = next()
        if first == 0x5B, next() == 0x3F {  // [?
            while let c = next() {
                if c == 0x63 {  // c: the device attributes end the answer
                    awaitingLateReply = false
                    return true
                }
                guard (0x30...0x39).contains(c) || c == 0x3B else { break }
            }
        } else if first == 0x5F, next() == 0x47 {  // _G
            while let c = next() {
                if c == 0x1B, next() == 0x5C { return true }
            }
        }
        for value in read.reversed() { unget_wch(wchar_t(value)) }
        return false
    }

    public func showPixels(_ pixels: TerminalPixels?) {
        guard !closed, pixels != shownPixels else { return }
        if let old = shownPixels {
            // Kitty's pictures stay until deleted; sixels go when the cells under them are written again.
            if old.graphics.contains(.kitty) { emit(Array("\u{1B}_Ga=d\u{1B}\\".utf8)) }
            _ = wredrawln(parla_stdscr(), 0, Int32(size.height))
            wrefresh(parla_stdscr())
        }
        shownPixels = pixels
        guard let pixels else { return }
        let cursor = lastCursor
        emit(Array("\u{1B}[\(pixels.origin.y + 1);\(pixels.origin.x + 1)H".utf8) + pixels.bytes
            + Array("\u{1B}[\(cursor.y + 1);\(cursor.x + 1)H".utf8))
    }

    /// Writes `bytes` to the terminal after what curses wrote (curses flushed its frame at its refresh).
    private func emit(_ bytes: [UInt8]) {
        if let output {
            _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, output) }
            fflush(output)
            return
        }
        Self.writeAll(bytes)
    }

    /// Writes `bytes` whole to standard output.
    static func writeAll(_ bytes: [UInt8]) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            rest = rest.dropFirst(written)
        }
    }
}
