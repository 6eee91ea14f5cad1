import Foundation
import GRDB

/// Who is calling: the account behind the access token and what the token may do.
struct Viewer: Sendable, Equatable {
    let accountID: Int64
    let scopes: Set<String>

    /// Whether the token grants `scope` (`read`, `write`, `follow`), directly or through a sub-scope family.
    func allows(_ scope: String) -> Bool {
        if scopes.contains(scope) { return true }
        if scope == "follow" { return scopes.contains("write") || scopes.contains("write:follows") }
        return scopes.contains { $0.hasPrefix(scope + ":") }
    }
}

/// Everything the API reads and writes, over the instance database.
///
/// Reads build Mastodon entities for a viewer; writes run in a single transaction each and return what
/// the streaming hub must announce.
final class InstanceStore: Sendable {
    let database: InstanceDatabase
    let clock: InstanceClock
    private let base = LockedBox<String>("http://127.0.0.1")
    /// The HTML of statuses already formatted, by id, with the text it was made from (a status's text
    /// never changes, but an id can be reused by a new database); bounded, emptied when full.
    private let formatted = LockedBox<[Int64: (text: String, html: String, firstLink: String?)]>([:])
    /// Account notes as HTML with the profile fields escaped, by the stored note and fields (bounded, emptied
    /// when full): every author of a page needs them.
    private let profiles = LockedBox<[String: (note: String, fields: [AccountEntity.Field])]>([:])

    /// The most characters a status may have (`configuration.statuses.max_characters`).
    static let maxCharacters = 500
    /// The most options a poll may have.
    static let maxPollOptions = 4

    init(database: InstanceDatabase, clock: InstanceClock) {
        self.database = database
        self.clock = clock
    }

    /// The instance's public base URL, such as `http://127.0.0.1:4123`.
    var baseURL: String {
        get { base.withValue { $0 } }
        set {
            base.withValue { $0 = newValue }
            formatted.withValue { $0.removeAll() }
        }
    }

    /// A status's HTML `content`, formatted once per status and base URL.
    func content(id: Int64, text: String) -> String {
        formattedStatus(id: id, text: text).html
    }

    /// A status's first link (the one its card previews), found once per status with its HTML.
    func firstLink(id: Int64, text: String) -> String? {
        formattedStatus(id: id, text: text).firstLink
    }

    private func formattedStatus(id: Int64, text: String) -> (text: String, html: String, firstLink: String?) {
        if let hit = formatted.withValue({ $0[id] }), hit.text == text { return hit }
        let entry = (text: text, html: StatusFormatter.html(text, baseURL: baseURL), firstLink: Self.firstLink(text))
        formatted.withValue { cache in
            if cache.count >= 20_000 { cache.removeAll(keepingCapacity: true) }
            cache[id] = entry
        }
        return entry
    }

    /// An account's note as HTML and its profile fields (stored as JSON) escaped, made once per text.
    func profile(note: String, fields: String) -> (note: String, fields: [AccountEntity.Field]) {
        let key = note + "\u{0}" + fields
        if let hit = profiles.withValue({ $0[key] }) { return hit }
        let entry = (
            note: StatusFormatter.paragraphs(note),
            fields: Self.fields(fields).map { AccountEntity.Field(name: StatusFormatter.escape($0.name), value: StatusFormatter.escape($0.value), verifiedAt: nil) }
        )
        profiles.withValue { cache in
            if cache.count >= 10_000 { cache.removeAll(keepingCapacity: true) }
            cache[key] = entry
        }
        return entry
    }

    /// The current time in the database's unit (milliseconds since 1970).
    func nowMillis() -> Int64 { MastodonDate.millis(clock.now()) }

    /// The host and port part of the base URL, as `acct`/`uri` parts use it.
    var domain: String {
        let url = baseURL
        if let range = url.range(of: "://") { return String(url[range.upperBound...]) }
        return url
    }

    /// A new random secret (tokens, codes, client ids).
    static func secret() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt64, radix: 36) }.joined()
    }
}
