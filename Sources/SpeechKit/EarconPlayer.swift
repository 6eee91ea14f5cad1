import Foundation

/// Plays earcons: the audio engine, or a recorder in tests.
public protocol EarconPlayer: AnyObject, Sendable {
    /// Starts `earcon` at once, mixed over whatever is playing.
    func play(_ earcon: Earcon)
    /// Plays `earcons` one after another, each starting when the one before it ended (the leave
    /// earcon, then the focus earcon), rather than mixed.
    func play(sequence earcons: [Earcon])
    /// Stops every earcon still sounding.
    func stopEarcons()
}
