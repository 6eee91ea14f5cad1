import Foundation
import MicroblogKit

/// Bluesky's limits on what is written, counted as Bluesky counts them.
public enum BlueskyPostText {
    /// The most graphemes (user-perceived characters) a post's text may have.
    public static let maxGraphemes = 300
    /// The most UTF-8 bytes a post's text may have.
    public static let maxBytes = 3_000
    /// The most images a post may carry.
    public static let maxImages = 4
    /// The largest image file (`app.bsky.embed.images`' blob limit).
    public static let maxImageBytes = 1_000_000
    /// The longest alt text Parla sends, in graphemes.
    public static let maxAltGraphemes = 2_000

    /// The length of a text in graphemes: an emoji with its modifiers, or a letter with its accents, is one.
    public static func graphemes(_ text: String) -> Int { text.count }

    /// How far a text is over the limits (the larger of its graphemes and its bytes over, in graphemes
    /// for the first), or nil when it fits.
    public static func over(_ text: String) -> Int? {
        let graphemes = graphemes(text)
        if graphemes > maxGraphemes { return graphemes - maxGraphemes }
        if text.utf8.count > maxBytes { return 1 }
        return nil
    }

    /// Refuses a text over the limits before anything is sent, with the reason the server gives.
    static func check(_ text: String) throws {
        if graphemes(text) > maxGraphemes {
            throw MicroblogError.rejected(status: 400, message: "Record/text must not be longer than \(maxGraphemes) graphemes")
        }
        if text.utf8.count > maxBytes {
            throw MicroblogError.rejected(status: 400, message: "Record/text must not be longer than \(maxBytes) bytes")
        }
    }
}
