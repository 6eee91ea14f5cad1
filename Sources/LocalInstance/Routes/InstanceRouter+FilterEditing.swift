import Foundation
import Hummingbird
import MastodonAPI

extension InstanceRouter {
    /// Changing filters and their keywords (listing, creating and deleting are in ``addFilterRoutes(_:_:)``).
    static func addFilterEditingRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        router.api(API.Filters.update, access: .scope("write"), services: services) { request in
            let params = request.params
            var change = FilterChange()
            change.title = params.string("title")
            let contexts = params.strings("context") + params.strings("context[]")
            change.contexts = contexts.isEmpty ? nil : contexts
            change.action = params.string("filter_action")
            // Sent empty (or null): the filter never expires.
            if let expires = params["expires_in"] {
                let text = expires.string ?? ""
                guard text.isEmpty || Int(text) != nil else { throw APIError.badRequest("expires_in must be a number of seconds") }
                change.expiresIn = .some(Int(text))
            }
            for item in keywordItems(params) {
                let destroy = try item.bool("_destroy") ?? false
                if let id = item.string("id").flatMap({ Int64($0) }) {
                    if destroy { change.removedKeywords.append(id) } else {
                        change.changedKeywords.append((id, item.string("keyword"), try item.bool("whole_word")))
                    }
                } else if let keyword = item.string("keyword"), !destroy {
                    change.addedKeywords.append((keyword, try item.bool("whole_word") ?? true))
                }
            }
            return try .json(try store.updateFilter(id: request.id(), change, viewer: request.requireViewer()))
        }
        router.api(API.Filters.keywords, access: .scope("read"), services: services) { request in
            guard let filter = try store.filterList(viewer: request.requireViewer(), id: request.id()).first else { throw APIError.notFound() }
            return try .json(filter.keywords ?? [])
        }
        router.api(API.Filters.addKeyword, access: .scope("write"), services: services) { request in
            let keyword = try store.addFilterKeyword(
                filterID: request.id(), keyword: request.params.string("keyword") ?? "",
                wholeWord: try request.params.bool("whole_word") ?? true, viewer: request.requireViewer())
            return try .json(keyword)
        }
        router.api(API.Filters.removeKeyword, access: .scope("write"), services: services) { request in
            try store.removeFilterKeyword(id: request.id(), viewer: request.requireViewer())
            return .empty
        }
    }

    /// The objects of `keywords_attributes` (a JSON list, or indexed form fields).
    static func keywordItems(_ params: Params) -> [Params] {
        switch params["keywords_attributes"] {
        case .array(let items): items.compactMap { if case .object(let object) = $0 { Params(object) } else { nil } }
        case .object(let object):
            object.keys.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }.compactMap {
                if case .object(let item) = object[$0] { Params(item) } else { nil }
            }
        default: []
        }
    }
}
