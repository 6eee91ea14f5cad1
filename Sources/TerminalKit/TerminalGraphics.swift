import ParlaBase

/// The ways a terminal draws pictures in pixels, as it says when asked (``TerminalGraphics/ask(write:read:clock:timeout:)``):
/// none, sixel, kitty's graphics protocol, or both.
public struct TerminalGraphics: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// DEC sixel graphics: the primary device attributes (DA1) list parameter 4.
    public static let sixel = TerminalGraphics(rawValue: 1)
    /// Kitty's graphics protocol: a query of it is answered `OK`.
    public static let kitty = TerminalGraphics(rawValue: 2)

    /// What is asked: a kitty graphics query (a 1×1 picture, only checked), then the primary device attributes, which
    /// every terminal that answers at all answers last.
    public static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}[c"

    /// What the replies in `bytes` say, and whether they are complete (the device attributes came: nothing more will).
    public static func parse(_ bytes: [UInt8]) -> (graphics: TerminalGraphics, complete: Bool) {
        let text = String(decoding: bytes, as: UTF8.self)
        var graphics: TerminalGraphics = []
        if text.contains("\u{1B}_Gi=31;OK") { graphics.insert(.kitty) }
        guard let start = text.range(of: "\u{1B}[?"), let end = text[start.upperBound...].firstIndex(of: "c") else { return (graphics, false) }
        if text[start.upperBound..<end].split(separator: ";").contains("4") { graphics.insert(.sixel) }
        return (graphics, true)
    }

    /// Asks the terminal and reads its replies until the device attributes come or `timeout` passes (a terminal that
    /// answers nothing: what came by then counts).
    ///
    /// - Parameters:
    ///   - write: sends the query to the terminal.
    ///   - read: waits at most the duration given for bytes from the terminal; returns what came (empty: nothing).
    ///   - clock: measures the timeout.
    ///   - timeout: how long a silent terminal is waited for.
    /// - Returns: what the terminal said it draws, and whether its answer ended (false: it timed out).
    public static func ask(write: (String) -> Void, read: (Duration) -> [UInt8], clock: any TickClock,
                           timeout: Duration = .milliseconds(100)) -> (graphics: TerminalGraphics, answered: Bool) {
        let deadline = clock.now() + timeout
        write(query)
        var replies: [UInt8] = []
        while true {
            let (graphics, complete) = parse(replies)
            if complete { return (graphics, true) }
            let left = deadline - clock.now()
            guard left > .zero else { return (graphics, false) }
            replies += read(left)
        }
    }
}
