import Foundation
@testable import LocalInstance
import Testing

/// The answers' JSON is written by ``EntityJSON`` (issue 19: Foundation's encoder was a third of a home page);
/// parsed, it must be the same document Foundation's encoder writes with snake_case keys.
@Suite("Mastodon JSON written into bytes")
struct EntityJSONTests {
    /// Foundation's encoder, as the server wrote its answers before.
    private static func reference<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// Both encoders' output parsed into values, and EntityJSON's text.
    private static func compare<T: Encodable>(_ value: T) throws -> (written: JSONTree, expected: JSONTree, text: String) {
        let bytes = try EntityJSON.bytes(value)
        let decoder = JSONDecoder()
        return (
            try decoder.decode(JSONTree.self, from: Data(bytes)), try decoder.decode(JSONTree.self, from: reference(value)),
            String(decoding: bytes, as: UTF8.self)
        )
    }

    @Test("pages of the seeded instance parse to the same values as JSONEncoder's, with every kind of part a status has")
    func seededPages() async throws {
        try await withInstance { instance, _ in
            let store = instance.services.store
            let viewer = try #require(try store.viewer(token: instance.ownerToken))
            let page = try PageQuery(params: Params(), defaultLimit: 40, maxLimit: 40)
            let home = try store.timeline(.home, page: page, viewer: viewer).items
            let everyone = try store.timeline(.publicTimeline(local: false, remote: false, onlyMedia: false), page: page, viewer: viewer).items
            let anonymous = try store.timeline(.publicTimeline(local: false, remote: false, onlyMedia: false), page: page, viewer: nil).items
            let notifications = try store.notifications(viewer: viewer, page: page, types: [], excludeTypes: []).items
            let conversations = try store.conversations(viewer: viewer, page: page).items
            let context = try store.context(id: try #require(Int64(home[0].id)), viewer: viewer)
            var text = ""
            for (name, result) in [
                ("home", try Self.compare(home)), ("public", try Self.compare(everyone)), ("anonymous", try Self.compare(anonymous)),
                ("notifications", try Self.compare(notifications)), ("conversations", try Self.compare(conversations)),
                ("context", try Self.compare(context)),
            ] {
                #expect(result.written == result.expected, "\(name)")
                text += result.text
            }
            // The pages hold every part a status can carry, so each part's shape is compared above.
            for part in [
                "\"reblog\":{", "\"reblog\":null", "\"poll\":{", "\"card\":{", "\"quote\":{", "\"quoted_status\":{",
                "\"media_attachments\":[{", "\"emojis\":[{", "\"mentions\":[{", "\"tags\":[{", "\"application\":{",
                "\"in_reply_to_id\":\"", "\"last_status_at\":\"", "\"aspect\":", "\"fields\":[{",
            ] {
                #expect(text.contains(part), "no \(part) in the seeded pages")
            }
        }
    }

    @Test("strings are escaped as JSON asks: quotes, backslashes and control characters; slashes, accents and emoji as they are")
    func escaping() throws {
        let text = "a\"b\\c\nd\te\r\u{8}\u{C}\u{1}\u{1F}f/ñ €🦊 \u{2028}"
        let value = JSONValue.object([("text", .string(text)), ("emptyText", .string("")), (text, .int(-42))])
        let result = try Self.compare(value)
        #expect(result.written == result.expected)
        #expect(
            result.text
                == "{\"text\":\"a\\\"b\\\\c\\nd\\te\\r\\b\\f\\u0001\\u001ff/ñ €🦊 \u{2028}\",\"empty_text\":\"\",\"a\\\"b\\\\c\\nd\\te\\r\\b\\f\\u0001\\u001ff/ñ €🦊 \u{2028}\":-42}"
        )
    }

    @Test("numbers, nulls, nested and merged containers, optionals left out or written as null")
    func shapes() throws {
        let size = MediaAttachmentEntity.Meta.Size(width: 3, height: 2, size: "3x2", aspect: 1.5)
        let square = MediaAttachmentEntity.Meta.Size(width: 2, height: 2, size: "2x2", aspect: 1)
        let third = MediaAttachmentEntity.Meta.Size(width: 1, height: 3, size: "1x3", aspect: 1.0 / 3.0)
        let media = [size, square, third].map {
            MediaAttachmentEntity(
                id: "7", type: "image", url: "http://127.0.0.1/m.png", previewUrl: "http://127.0.0.1/m.png", remoteUrl: nil,
                meta: .init(original: $0, small: $0), description: nil, blurhash: "x")
        }
        let numbers = JSONValue.array([.int(0), .int(Int.max), .int(Int.min), .bool(true), .bool(false), .null, .array([]), .object([])])
        let filter = FilterResultEntity(
            filter: FilterEntity(id: "1", title: "t", context: ["home"], expiresAt: nil, filterAction: "warn", keywords: nil, statuses: nil),
            keywordMatches: ["x"], statusMatches: nil)
        let quotes = [QuoteEntity.shallow(state: "accepted", statusID: nil), QuoteEntity.shallow(state: "deleted", statusID: "3")]
        let markers: [String: [String: Int]] = ["home": ["last_read_id": 1], "notifications": [:]]
        for result in [
            try Self.compare(media), try Self.compare(numbers), try Self.compare(filter), try Self.compare(quotes), try Self.compare(markers),
        ] {
            #expect(result.written == result.expected)
        }
        #expect(try Self.compare(media).text.contains("\"aspect\":1.5}"))
        #expect(try Self.compare(filter).text == "{\"filter\":{\"id\":\"1\",\"title\":\"t\",\"context\":[\"home\"],\"expires_at\":null,\"filter_action\":\"warn\"},\"keyword_matches\":[\"x\"],\"status_matches\":null}")
        #expect(try Self.compare(numbers).text == "[0,\(Int.max),\(Int.min),true,false,null,[],{}]")
    }

    @Test("an entity that adds keys to another's object (a muted account) writes one object")
    func mergedObject() throws {
        let account = AccountEntity(
            id: "1", username: "ana", acct: "ana", displayName: "Ana", locked: false, bot: false, discoverable: true, group: false,
            createdAt: "2026-01-01T00:00:00.000Z", note: "", url: "u", uri: "u", avatar: "a", avatarStatic: "a", header: "h",
            headerStatic: "h", followersCount: 0, followingCount: 0, statusesCount: 0, lastStatusAt: nil, emojis: [], fields: [],
            source: nil)
        for expires in [String??.none, .some(nil), .some("2026-02-01T00:00:00.000Z")] {
            let result = try Self.compare([MutedAccountEntity(account: account, muteExpiresAt: expires), MutedAccountEntity(account: account, muteExpiresAt: expires)])
            #expect(result.written == result.expected)
            #expect(result.text.hasPrefix("[{\"id\":\"1\","))
            #expect(result.text.components(separatedBy: "{").count == 3)
        }
    }
}

/// A parsed JSON document, compared as values (key order and number spelling aside).
indirect enum JSONTree: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONTree].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONTree].self))
        }
    }
}
