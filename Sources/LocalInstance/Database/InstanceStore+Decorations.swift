import Foundation
import GRDB

/// Where a status is being shown, as a filter's `context` names it.
enum FilterContext: String, Sendable, CaseIterable {
    case home, notifications, `public`, thread, account
}

/// What a page of statuses carries beside their rows, read once for the whole page: the viewer's filters,
/// the server's custom emoji and the link cards it knows.
struct StatusDecorations {
    /// One of the viewer's filters, with its keywords.
    struct Filter {
        var entity: FilterEntity
        var keywords: [(text: String, wholeWord: Bool)]
    }

    var filters: [Filter] = []
    let emojiCatalog: CustomEmojiCatalog
    var cards: [String: PreviewCardEntity] = [:]

    /// Reads the viewer's filters for `context` (every context when nil), the custom emoji, and the cards of
    /// `links`.
    init(_ db: Database, store: InstanceStore, viewer: Viewer?, context: FilterContext?, links: Set<String>) throws {
        if let viewer {
            filters = try store.filters(db, accountID: viewer.accountID).filter { filter in
                context.map { filter.entity.context.contains($0.rawValue) } ?? true
            }
        }
        emojiCatalog = try store.customEmojis(db)
        if !links.isEmpty {
            for row in try db.cachedRows(
                "SELECT * FROM preview_cards WHERE url IN (\(InstanceStore.placeholders(links.count)))", StatementArguments(Array(links)))
            {
                let card = InstanceStore.card(row)
                cards[card.url] = card
            }
        }
    }

    /// The filters whose keywords occur in the text (as whole words where the keyword asks for it).
    func matches(_ texts: [String]) -> [FilterResultEntity] {
        guard !filters.isEmpty else { return [] }
        let haystack = texts.joined(separator: "\n").lowercased()
        return filters.compactMap { filter in
            let hits = filter.keywords.filter { Self.contains(haystack, $0.text.lowercased(), wholeWord: $0.wholeWord) }.map(\.text)
            return hits.isEmpty ? nil : FilterResultEntity(filter: filter.entity, keywordMatches: hits, statusMatches: nil)
        }
    }

    /// The custom emoji named `:shortcode:` in any of the texts, in the order of the server's list.
    func emojis(in texts: [String]) -> [CustomEmojiEntity] { emojiCatalog.emojis(in: texts) }

    static func contains(_ haystack: String, _ needle: String, wholeWord: Bool) -> Bool {
        guard !needle.isEmpty else { return false }
        if let found = asciiContains(haystack, needle, wholeWord: wholeWord) { return found }
        var searchRange = haystack.startIndex..<haystack.endIndex
        while let found = haystack.range(of: needle, range: searchRange) {
            if !wholeWord { return true }
            let before = found.lowerBound == haystack.startIndex ? nil : haystack[haystack.index(before: found.lowerBound)]
            let after = found.upperBound == haystack.endIndex ? nil : haystack[found.upperBound]
            if !(before.map(isWordCharacter) ?? false) && !(after.map(isWordCharacter) ?? false) { return true }
            searchRange = haystack.index(after: found.lowerBound)..<haystack.endIndex
        }
        return false
    }

    /// ``contains(_:_:wholeWord:)`` in the bytes, when both texts are ASCII and the keyword is printable (the
    /// same answer as Foundation's search, which was a tenth of a home page); nil for other text.
    private static func asciiContains(_ haystack: String, _ needle: String, wholeWord: Bool) -> Bool? {
        var haystack = haystack
        var needle = needle
        return haystack.withUTF8 { text -> Bool? in
            needle.withUTF8 { word -> Bool? in
                guard word.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), !text.contains(where: { $0 >= 0x80 }) else { return nil }
                func isWordByte(_ byte: UInt8) -> Bool {
                    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                }
                guard text.count >= word.count else { return false }
                for start in 0...(text.count - word.count) where text[start] == word[0] {
                    var matched = true
                    for offset in 1..<word.count where text[start + offset] != word[offset] {
                        matched = false
                        break
                    }
                    guard matched else { continue }
                    if !wholeWord { return true }
                    let end = start + word.count
                    if (start == 0 || !isWordByte(text[start - 1])) && (end == text.count || !isWordByte(text[end])) { return true }
                }
                return false
            }
        }
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}

extension InstanceStore {
    /// The first link in a status's text: the one its card previews.
    static func firstLink(_ text: String) -> String? {
        for token in StatusFormatter.tokens(text) {
            if case .link(let url) = token { return url }
        }
        return nil
    }

    /// The server's custom emoji.
    func customEmojis(_ db: Database) throws -> CustomEmojiCatalog {
        var result: [String: CustomEmojiEntity] = [:]
        for row in try db.cachedRows("SELECT shortcode, category FROM custom_emojis", []) {
            let shortcode: String = row["shortcode"]
            let url = "\(baseURL)/emoji/\(shortcode).png"
            result[shortcode] = CustomEmojiEntity(
                shortcode: shortcode, url: url, staticUrl: url, visibleInPicker: true, category: row["category"])
        }
        return CustomEmojiCatalog(result)
    }

    /// Every custom emoji, sorted by shortcode (`/api/v1/custom_emojis`).
    func customEmojiList() throws -> [CustomEmojiEntity] {
        try database.queue.read { db in try customEmojis(db).all }
    }

    /// The card entity for a row of `preview_cards`.
    static func card(_ row: Row) -> PreviewCardEntity {
        let url: String = row["url"]
        let host = URL(string: url)?.host ?? ""
        return PreviewCardEntity(
            url: url, title: row["title"], description: row["description"], type: "link", authorName: row["author_name"],
            authorUrl: "", providerName: row["provider_name"], providerUrl: host.isEmpty ? "" : "https://\(host)/", html: "",
            width: 0, height: 0, image: nil, imageDescription: row["image_description"], embedUrl: "", blurhash: nil,
            language: row["language"], publishedAt: nil, authors: [])
    }
}
