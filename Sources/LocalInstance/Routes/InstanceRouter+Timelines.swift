import Foundation
import Hummingbird
import MastodonAPI

extension InstanceRouter {
    static func addTimelineRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        func timeline(
            _ endpoint: Endpoint<[Lenient<MastodonEntities.Status>]>, access: RouteAccess,
            _ kind: @escaping @Sendable (APIRequest) throws -> TimelineKind
        ) {
            router.api(endpoint, access: access, services: services) { request in
                let page = try PageQuery(params: request.params, maxLimit: 40)
                return try .page(try store.timeline(kind(request), page: page, viewer: request.viewer), request: request)
            }
        }
        timeline(API.Timelines.home, access: .scope("read")) { _ in .home }
        timeline(API.Timelines.publicTimeline, access: .optional) { request in
            .publicTimeline(
                local: try request.params.bool("local") ?? false, remote: try request.params.bool("remote") ?? false,
                onlyMedia: try request.params.bool("only_media") ?? false)
        }
        timeline(API.Timelines.tag, access: .optional) { request in
            .tag(request.pathParameters["hashtag"]?.removingPercentEncoding ?? "")
        }
        timeline(API.Timelines.list, access: .scope("read")) { request in .list(try request.id()) }
        timeline(API.Timelines.favourites, access: .scope("read")) { _ in .favourites }
        timeline(API.Timelines.bookmarks, access: .scope("read")) { _ in .bookmarks }
    }

    static func addNotificationRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        router.api(API.Notifications.all, access: .scope("read"), services: services) { request in
            let page = try PageQuery(params: request.params, defaultLimit: 40, maxLimit: 80)
            let types = request.params.strings("types") + request.params.strings("types[]")
            let exclude = request.params.strings("exclude_types") + request.params.strings("exclude_types[]")
            return try .page(
                try store.notifications(viewer: request.requireViewer(), page: page, types: types, excludeTypes: exclude),
                request: request)
        }
        router.api(API.Notifications.notification, access: .scope("read"), services: services) { request in
            try .json(try store.notification(id: request.id(), viewer: request.requireViewer()))
        }
        router.api(API.Notifications.clear, access: .scope("write"), services: services) { request in
            try store.dismissNotifications(id: nil, viewer: request.requireViewer())
            return .empty
        }
        router.api(API.Notifications.dismiss, access: .scope("write"), services: services) { request in
            try store.dismissNotifications(id: request.id(), viewer: request.requireViewer())
            return .empty
        }
    }

    static func addListRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        router.api(API.Lists.all, access: .scope("read"), services: services) { request in
            try .json(try store.lists(viewer: request.requireViewer()))
        }
        router.api(API.Lists.create, access: .scope("write"), services: services) { request in
            try .json(
                try store.saveList(
                    id: nil, title: request.params.string("title"), repliesPolicy: request.params.string("replies_policy"),
                    exclusive: try request.params.bool("exclusive"), viewer: request.requireViewer()))
        }
        router.api(API.Lists.list, access: .scope("read"), services: services) { request in
            try .json(try store.list(id: request.id(), viewer: request.requireViewer()))
        }
        router.api(API.Lists.update, access: .scope("write"), services: services) { request in
            try .json(
                try store.saveList(
                    id: try request.id(), title: request.params["title"] == nil ? nil : request.params.string("title") ?? "",
                    repliesPolicy: request.params.string("replies_policy"), exclusive: try request.params.bool("exclusive"),
                    viewer: request.requireViewer()))
        }
        router.api(API.Lists.delete, access: .scope("write"), services: services) { request in
            try store.deleteList(id: request.id(), viewer: request.requireViewer())
            return .empty
        }
        router.api(API.Lists.accounts, access: .scope("read"), services: services) { request in
            try .json(try store.listAccounts(id: request.id(), viewer: request.requireViewer()))
        }
        for (endpoint, add) in [(API.Lists.addAccounts, true), (API.Lists.removeAccounts, false)] {
            router.api(endpoint, access: .scope("write"), services: services) { request in
                try store.setListAccounts(
                    id: request.id(), accountIDs: ids(request.params, "account_ids", "account_ids[]"), add: add,
                    viewer: request.requireViewer())
                return .empty
            }
        }
    }

    static func addMiscRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        router.api(API.Misc.markers, access: .scope("read"), services: services) { request in
            let names = request.params.strings("timeline") + request.params.strings("timeline[]")
            let markers = try store.markers(timelines: names, viewer: request.requireViewer())
            return try .json(JSONValue.object([]), markers: markers)
        }
        router.api(API.Misc.saveMarkers, access: .scope("write"), services: services) { request in
            var positions: [String: Int64] = [:]
            for timeline in ["home", "notifications"] {
                guard let object = request.params.object(timeline) else { continue }
                guard let text = object.string("last_read_id"), let id = Int64(text) else {
                    throw APIError.unprocessable("last_read_id must be an id")
                }
                positions[timeline] = id
            }
            let markers = try store.saveMarkers(positions, viewer: request.requireViewer())
            return try .json(JSONValue.object([]), markers: markers)
        }
        router.api(API.Timelines.conversations, access: .scope("read"), services: services) { request in
            let page = try PageQuery(params: request.params, maxLimit: 40)
            return try .page(try store.conversations(viewer: request.requireViewer(), page: page), request: request)
        }
        router.api(API.Timelines.readConversation, access: .scope("write"), services: services) { request in
            try .json(try store.readConversation(root: request.id(), viewer: request.requireViewer()))
        }
        router.api(API.Misc.search, access: .optional, services: services) { request in
            guard let query = request.params.string("q") else { throw APIError.badRequest("q is missing") }
            try RequestLimits.checkSearch(query)
            let limit = min(max(try request.params.int("limit") ?? 20, 1), 40)
            let offset = max(0, try request.params.int("offset") ?? 0)
            if offset > 0 && request.viewer == nil { throw APIError.unauthorized() }
            let type = request.params.string("type")
            if let type, !["accounts", "statuses", "hashtags"].contains(type) {
                throw APIError.badRequest("type must be accounts, statuses or hashtags")
            }
            let accounts = type == nil || type == "accounts" ? try store.searchAccounts(query, limit: limit, offset: offset) : []
            let statuses = type == nil || type == "statuses" ? try store.searchStatuses(query, viewer: request.viewer, limit: limit, offset: offset) : []
            let hashtags = type == nil || type == "hashtags" ? try store.searchTags(query, limit: limit, offset: offset) : []
            return try .json(SearchDocument(accounts: accounts, statuses: statuses, hashtags: hashtags))
        }
    }

    /// The `/api/v2/search` result.
    struct SearchDocument: Encodable {
        let accounts: [AccountEntity]
        let statuses: [StatusEntity]
        let hashtags: [TagEntity]
    }
}

extension APIResponse {
    /// Markers as Mastodon writes them: an object keyed by timeline.
    static func json(_ empty: JSONValue, markers: [(String, MarkerEntity)]) throws -> APIResponse {
        var object: [String: MarkerEntity] = [:]
        for (name, marker) in markers { object[name] = marker }
        return try .json(object)
    }
}
