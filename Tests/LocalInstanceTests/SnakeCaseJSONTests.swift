import Foundation
@testable import LocalInstance
import Testing

/// The answers' JSON is written with default keys converted afterwards (issue 19: the custom key
/// strategy was a fifth of a home page); it must stay byte for byte what the custom strategy wrote.
@Suite("Mastodon JSON with snake_case keys")
struct SnakeCaseJSONTests {
    @Test("pages of the seeded instance encode byte for byte as with the custom key strategy")
    func seededPagesAreUnchanged() async throws {
        try await withInstance { instance, _ in
            let store = instance.services.store
            let viewer = try #require(try store.viewer(token: instance.ownerToken))
            let page = try PageQuery(params: Params(), defaultLimit: 40, maxLimit: 40)
            let home = try store.timeline(.home, page: page, viewer: viewer).items
            let everyone = try store.timeline(.publicTimeline(local: false, remote: false, onlyMedia: false), page: page, viewer: viewer).items
            let notifications = try store.notifications(viewer: viewer, page: page, types: [], excludeTypes: []).items
            #expect(!home.isEmpty && !everyone.isEmpty && !notifications.isEmpty)
            #expect(try SnakeCaseJSON.encode(home) == InstanceStore.encoder.encode(home))
            #expect(try SnakeCaseJSON.encode(everyone) == InstanceStore.encoder.encode(everyone))
            #expect(try SnakeCaseJSON.encode(notifications) == InstanceStore.encoder.encode(notifications))
        }
    }

    @Test("keys with capitals, escapes and nesting; values and strings that look like keys stay; keys out of order fall back")
    func keysOnly() throws {
        let value = JSONValue.object([
            ("displayName", .string("aValue, \"quoted\": {x}")),
            ("nested", .array([.object([("inReplyToId", .null), ("URLValue", .int(1))]), .string("camelCase")])),
            ("with\"Quote", .bool(true)), ("plain", .object([])),
        ])
        let expected = try InstanceStore.encoder.encode(value)
        let written = String(decoding: try SnakeCaseJSON.encode(value), as: UTF8.self)
        let strategy = String(decoding: expected, as: UTF8.self)
        #expect(written == strategy)
        #expect(String(decoding: expected, as: UTF8.self).contains("\"display_name\":\"aValue, \\\"quoted\\\": {x}\""))
    }
}
