import Foundation
import MicroblogKit
import ParlaBase

/// Line mode's keyword filters: list, add, change, remove.
extension LineSession {
    /// The user's filters, each with its words, contexts, action and expiry.
    public func filters() async throws -> LineOutput {
        try account.capabilities.require(.keywordFilters)
        let filters = try await openEngine().filters()
        return LineOutput(paragraphs: filters.map(paragraph), json: LineFormatter.encode(filters.map(FilterJSON.init)),
                          empty: localizer.string("safety.empty.filters"))
    }

    /// Creates a filter (`id` nil) or changes one, and says what it is now.
    public func saveFilter(_ draft: FilterDraft, id: String?) async throws -> LineOutput {
        try account.capabilities.require(.keywordFilters)
        let filter = try await openEngine().saveFilter(draft, id: id)
        let said = localizer.string(id == nil ? "safety.done.filter-added" : "safety.done.filter-changed", ["title": TextSafety.stripped(filter.title)])
        let details = paragraph(filter)
        return LineOutput(paragraphs: [Paragraph(text: said, spoken: said, language: nil), details],
                          json: LineFormatter.encode(FilterJSON(filter)))
    }

    /// Deletes a filter.
    public func deleteFilter(id: String) async throws -> LineOutput {
        try account.capabilities.require(.keywordFilters)
        try await openEngine().deleteFilter(id: id)
        return .done(localizer.string("safety.done.filter-removed"))
    }

    private func paragraph(_ filter: KeywordFilter) -> Paragraph {
        let words = filter.keywords.map { TextSafety.stripped($0.text) }.joined(separator: ", ")
        let contexts = filter.contexts.map { localizer.string("safety.context.\($0)") }.joined(separator: ", ")
        var lines = [localizer.string("safety.filter.line", [
            "title": TextSafety.stripped(filter.title), "words": words.isEmpty ? localizer.string("line.none") : words,
            "action": localizer.string("safety.action.\(filter.action.rawValue)"), "contexts": contexts,
        ])]
        lines.append(filter.expiresAt.map { localizer.string("safety.filter.until", ["date": LineFormatter.date($0)]) }
                     ?? localizer.string("safety.filter.forever"))
        let spoken = lines.joined(separator: " ")
        lines.append(localizer.string("line.id", ["id": TextSafety.stripped(filter.id)]))
        return Paragraph(text: lines.joined(separator: "\n"), spoken: spoken, language: nil)
    }
}

struct FilterJSON: Encodable {
    var id: String
    var title: String
    var keywords: [KeywordJSON]
    var context: [String]
    var filterAction: String
    var expiresAt: String?

    struct KeywordJSON: Encodable {
        var id: String
        var keyword: String
    }

    init(_ filter: KeywordFilter) {
        id = TextSafety.stripped(filter.id)
        title = TextSafety.stripped(filter.title)
        keywords = filter.keywords.map { KeywordJSON(id: TextSafety.stripped($0.id), keyword: TextSafety.stripped($0.text)) }
        context = filter.contexts.map(TextSafety.stripped)
        filterAction = TextSafety.stripped(filter.action.rawValue)
        expiresAt = filter.expiresAt.map(LineFormatter.date)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(keywords, forKey: .keywords)
        try container.encode(context, forKey: .context)
        try container.encode(filterAction, forKey: .filterAction)
        try container.encode(expiresAt, forKey: .expiresAt)
    }

    enum CodingKeys: String, CodingKey { case id, title, keywords, context, filterAction, expiresAt }
}
