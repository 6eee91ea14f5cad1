import Foundation

/// A post's length as Mastodon counts it against the server's character limit.
///
/// Mastodon counts grapheme clusters of the content warning and the text together, where every link
/// counts as 23 characters however long it is, and a mention of a remote user (`@ana@example.org`)
/// counts as the name alone (`@ana`).
public enum PostLength {
    /// What every link counts for, as Mastodon reserves it.
    public static let linkWeight = 23

    /// The length of `text` with the content warning `spoilerText`.
    public static func counted(text: String, spoilerText: String = "") -> Int {
        spoilerText.count + countable(text).count
    }

    /// How far over `limit` the post is; nil when it fits.
    public static func over(_ post: NewPost, limit: Int) -> Int? {
        let length = counted(text: post.text, spoilerText: post.spoilerText)
        return length > limit ? length - limit : nil
    }

    /// `text` with each link replaced by 23 characters and each remote mention by its name alone.
    static func countable(_ text: String) -> String {
        let whole = NSRange(text.startIndex..., in: text)
        var result = links.stringByReplacingMatches(in: text, range: whole, withTemplate: String(repeating: "x", count: linkWeight))
        result = remoteMentions.stringByReplacingMatches(in: result, range: NSRange(result.startIndex..., in: result), withTemplate: "$1")
        return result
    }

    /// A link with its scheme, ending before trailing punctuation (as Mastodon's extractor leaves it out).
    private static let links = try! NSRegularExpression(pattern: #"https?://[^\s<>"]*[^\s<>".,;:!?'")\]]"#, options: [.caseInsensitive])
    /// `@name@domain` at the start or after anything but a letter, digit or slash; `$1` is `@name`.
    private static let remoteMentions = try! NSRegularExpression(
        pattern: #"(?<=^|[^/\w])(@\w+)@[\w.\-]+\w"#, options: [.caseInsensitive])
}
