import Foundation
import Hummingbird
import MastodonAPI

extension InstanceRouter {
    /// Edits and their history, the user's filters, custom emoji and grouped notifications.
    static func addReadingRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        router.api(API.Statuses.edit, access: .scope("write"), services: services) { request in
            let viewer = try request.requireViewer()
            let id = try request.id()
            let params = request.params
            let change = StatusChange(
                text: params.string("status") ?? "", spoilerText: params.string("spoiler_text") ?? "",
                sensitive: try params.bool("sensitive") ?? false, language: params.string("language"),
                mediaIds: params.strings("media_ids") + params.strings("media_ids[]"),
                mediaDescriptions: StatusChange.descriptions(params["media_attributes"]))
            services.hub.publish(try store.editStatus(id: id, change: change, viewer: viewer))
            guard let entity = try store.database.queue.read({ db in try store.status(db, id: id, viewer: viewer) }) else {
                throw APIError.notFound()
            }
            return try .json(entity)
        }
        router.api(API.Statuses.history, access: .optional, services: services) { request in
            try .json(try store.history(id: request.id(), viewer: request.viewer))
        }
        router.api(API.Statuses.source, access: .scope("read"), services: services) { request in
            try .json(try store.source(id: request.id(), viewer: request.requireViewer()))
        }
        router.api(API.Misc.customEmojis, access: .optional, services: services) { _ in
            try .json(try store.customEmojiList())
        }
        router.api(API.Notifications.grouped, access: .scope("read"), services: services) { request in
            let params = request.params
            let page = try PageQuery(params: params, defaultLimit: 40, maxLimit: 80)
            let grouped = params["grouped_types"] != nil || params["grouped_types[]"] != nil
                ? params.strings("grouped_types") + params.strings("grouped_types[]") : nil
            return try .document(
                try store.groupedNotifications(
                    viewer: request.requireViewer(), page: page, types: params.strings("types") + params.strings("types[]"),
                    excludeTypes: params.strings("exclude_types") + params.strings("exclude_types[]"), groupedTypes: grouped),
                request: request)
        }
        addFilterRoutes(router, services)
    }

    static func addFilterRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        router.api(API.Filters.all, access: .scope("read"), services: services) { request in
            try .json(try store.filterList(viewer: request.requireViewer()))
        }
        router.api(API.Filters.filter, access: .scope("read"), services: services) { request in
            guard let filter = try store.filterList(viewer: request.requireViewer(), id: request.id()).first else { throw APIError.notFound() }
            return try .json(filter)
        }
        router.api(API.Filters.create, access: .scope("write"), services: services) { request in
            let params = request.params
            var new = NewFilter(
                title: params.string("title") ?? "", contexts: params.strings("context") + params.strings("context[]"))
            new.action = params.string("filter_action") ?? "warn"
            new.expiresIn = try params.int("expires_in")
            new.keywords = try keywordAttributes(params)
            return try .json(try store.createFilter(new, viewer: request.requireViewer()))
        }
        router.api(API.Filters.delete, access: .scope("write"), services: services) { request in
            try store.deleteFilter(id: request.id(), viewer: request.requireViewer())
            return .empty
        }
    }

    /// `keywords_attributes`: a JSON list of objects, or form fields `keywords_attributes[0][keyword]` (also
    /// `[]`), each with an optional `whole_word`.
    static func keywordAttributes(_ params: Params) throws -> [(text: String, wholeWord: Bool)] {
        let objects: [Params]
        switch params["keywords_attributes"] {
        case .array(let items):
            objects = items.compactMap { if case .object(let object) = $0 { Params(object) } else { nil } }
        case .object(let object):
            objects = object.keys.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }.compactMap {
                if case .object(let item) = object[$0] { Params(item) } else { nil }
            }
        default:
            objects = []
        }
        return try objects.compactMap { item in
            guard let keyword = item.string("keyword") else { return nil }
            return (keyword, try item.bool("whole_word") ?? true)
        }
    }
}
