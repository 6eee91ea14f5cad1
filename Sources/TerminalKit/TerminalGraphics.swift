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

    /// The primary device attributes query (DA1), which every terminal that answers at all answers.
    public static let attributesQuery = "\u{1B}[c"
    /// Kitty's graphics query (a 1×1 picture, only checked), followed by DA1 so that its answer has an end. Sent only to
    /// a terminal that said it is a VT220 or later: older ones (the Linux console, pyte under TDSR) would print it.
    public static let kittyQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + attributesQuery

    /// What the replies in `bytes` say.
    public struct Reply: Equatable, Sendable {
        /// The graphics the replies name.
        public var graphics: TerminalGraphics
        /// Whether the device attributes came (nothing more will).
        public var complete: Bool
        /// The device attributes' first parameter, the terminal's conformance level (62 and over: a VT220 or later).
        public var level: Int?

        public init(graphics: TerminalGraphics, complete: Bool, level: Int?) {
            self.graphics = graphics
            self.complete = complete
            self.level = level
        }
    }

    /// What the replies in `bytes` say: kitty's `OK`, and the device attributes (`ESC [ ? … c`) with or without 4.
    public static func parse(_ bytes: [UInt8]) -> Reply {
        let text = String(decoding: bytes, as: UTF8.self)
        var graphics: TerminalGraphics = []
        if text.contains("\u{1B}_Gi=31;OK") { graphics.insert(.kitty) }
        guard let start = text.range(of: "\u{1B}[?"), let end = text[start.upperBound...].firstIndex(of: "c") else {
            return Reply(graphics: graphics, complete: false, level: nil)
        }
        let parameters = text[start.upperBound..<end].split(separator: ";", omittingEmptySubsequences: false)
        if parameters.contains("4") { graphics.insert(.sixel) }
        return Reply(graphics: graphics, complete: true, level: parameters.first.flatMap { Int($0) })
    }

    /// Asks the terminal and reads its replies: first the device attributes (sixel), then, from a VT220 or later,
    /// kitty's graphics query; each answer is waited for until it ends or `timeout` passes (a terminal that answers
    /// nothing is asked nothing more).
    ///
    /// - Parameters:
    ///   - write: sends a query to the terminal.
    ///   - read: waits at most the duration given for bytes from the terminal; returns what came (empty: nothing).
    ///   - clock: measures the timeout.
    ///   - timeout: how long a silent terminal is waited for, each question.
    /// - Returns: what the terminal said it draws, and whether every answer ended (false: one timed out).
    public static func ask(write: (String) -> Void, read: (Duration) -> [UInt8], clock: any TickClock,
                           timeout: Duration = .milliseconds(100)) -> (graphics: TerminalGraphics, answered: Bool) {
        /// Sends `query` and reads until the device attributes came or the time is up.
        func answer(to query: String) -> Reply {
            let deadline = clock.now() + timeout
            write(query)
            var replies: [UInt8] = []
            while true {
                let reply = parse(replies)
                let left = deadline - clock.now()
                if reply.complete || left <= .zero { return reply }
                replies += read(left)
            }
        }
        let attributes = answer(to: attributesQuery)
        guard attributes.complete else { return ([], false) }
        guard let level = attributes.level, level >= 62 else { return (attributes.graphics, true) }
        let kitty = answer(to: kittyQuery)
        return (attributes.graphics.union(kitty.graphics.intersection(.kitty)), kitty.complete)
    }
}
