import Foundation

/// Plays earcons: the audio engine, or a recorder in tests.
public protocol EarconPlayer: AnyObject, Sendable {
    /// Starts `earcon` at once, mixed over whatever is playing.
    func play(_ earcon: Earcon)
    /// Stops every earcon still sounding.
    func stopEarcons()
}
