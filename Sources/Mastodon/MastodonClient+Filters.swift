import Foundation
import MastodonAPI
import MicroblogKit

extension MastodonClient {
    public func filters() async throws -> [KeywordFilter] {
        let (items, _) = try await get(API.Filters.all())
        return items.decoded().compactMap(Self.model)
    }

    public func saveFilter(_ draft: FilterDraft, id: String?) async throws -> KeywordFilter {
        var form: Parameters = []
        if let title = draft.title { form.append(("title", title)) }
        form += (draft.contexts ?? []).map { ("context[]", $0) }
        if let action = draft.action { form.append(("filter_action", action.rawValue)) }
        if let expiresIn = draft.expiresIn { form.append(("expires_in", expiresIn.map(String.init) ?? "")) }
        var index = 0
        for keyword in draft.addKeywords {
            form += [("keywords_attributes[\(index)][keyword]", keyword), ("keywords_attributes[\(index)][whole_word]", draft.wholeWord ? "true" : "false")]
            index += 1
        }
        for removed in draft.removeKeywordIds {
            form += [("keywords_attributes[\(index)][id]", removed), ("keywords_attributes[\(index)][_destroy]", "true")]
            index += 1
        }
        let endpoint = id.map { API.Filters.update(id: $0, form: form) } ?? API.Filters.create(form: form)
        guard let filter = Self.model(try await call(endpoint)) else { throw MicroblogError.malformedResponse(detail: "filter without id") }
        return filter
    }

    public func deleteFilter(id: String) async throws {
        _ = try await call(API.Filters.delete(id: id))
    }

    static func model(_ filter: MastodonEntities.Filter) -> KeywordFilter? {
        guard let id = filter.id else { return nil }
        return KeywordFilter(
            id: id, title: filter.title ?? "", contexts: filter.context ?? [], action: FilterAction.from(filter.filterAction ?? "warn"),
            expiresAt: filter.expiresAt,
            keywords: (filter.keywords ?? []).decoded().compactMap { keyword in
                keyword.id.map { KeywordFilter.Keyword(id: $0, text: keyword.keyword ?? "", wholeWord: keyword.wholeWord ?? true) }
            })
    }
}
