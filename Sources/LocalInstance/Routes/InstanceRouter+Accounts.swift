import Foundation
import Hummingbird
import MastodonAPI

extension InstanceRouter {
    static func addAccountRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        router.api(API.Accounts.verifyCredentials, access: .scope("read"), services: services) { request in
            try .json(try store.credentialAccount(viewer: request.requireViewer()))
        }
        router.api(API.Accounts.lookup, access: .optional, services: services) { request in
            guard let acct = request.params.string("acct") else { throw APIError.badRequest("acct is missing") }
            return try .json(try store.lookup(acct: acct))
        }
        router.api(API.Accounts.relationships, access: .scope("read"), services: services) { request in
            try .json(try store.relationships(ids: ids(request.params, "id", "id[]"), viewer: request.requireViewer()))
        }
        router.api(API.Accounts.search, access: .scope("read"), services: services) { request in
            guard let query = request.params.string("q") else { throw APIError.badRequest("q is missing") }
            try RequestLimits.checkSearch(query)
            let limit = min(max(try request.params.int("limit") ?? 40, 1), 80)
            return try .json(try store.searchAccounts(query, limit: limit, offset: max(0, try request.params.int("offset") ?? 0)))
        }
        router.api(API.Accounts.account, access: .optional, services: services) { request in
            try .json(try store.account(id: request.id()))
        }
        router.api(API.Accounts.statuses, access: .optional, services: services) { request in
            if try request.params.bool("pinned") == true {
                _ = try store.account(id: request.id())
                // The pinned posts are one page: there is nothing older than them.
                if request.params.string("max_id") != nil { return try .json([String]()) }
                return try .page(try store.pinnedStatuses(accountID: request.id(), viewer: request.viewer), request: request)
            }
            let page = try PageQuery(params: request.params, maxLimit: 40)
            let kind = TimelineKind.account(
                try request.id(), excludeReplies: try request.params.bool("exclude_replies") ?? false,
                excludeReblogs: try request.params.bool("exclude_reblogs") ?? false,
                onlyMedia: try request.params.bool("only_media") ?? false)
            _ = try store.account(id: request.id())
            return try .page(try store.timeline(kind, page: page, viewer: request.viewer), request: request)
        }
        for (endpoint, followers) in [(API.Accounts.followers, true), (API.Accounts.following, false)] {
            router.api(endpoint, access: .optional, services: services) { request in
                let page = try PageQuery(params: request.params, defaultLimit: 40, maxLimit: 80)
                return try .page(try store.follows(of: request.id(), followers: followers, page: page), request: request)
            }
        }
        for (endpoint, on) in [(API.Accounts.follow, true), (API.Accounts.unfollow, false)] {
            router.api(endpoint, access: .scope("follow"), services: services) { request in
                let (relationship, events) = try store.setFollow(target: request.id(), on: on, viewer: request.requireViewer())
                services.hub.publish(events)
                return try .json(relationship)
            }
        }
        router.api(API.Accounts.lists, access: .scope("read"), services: services) { request in
            let viewer = try request.requireViewer()
            let target = try request.id()
            let lists = try store.lists(viewer: viewer).filter { list in
                (try? store.listAccounts(id: Int64(list.id) ?? 0, viewer: viewer).contains { $0.id == String(target) }) ?? false
            }
            return try .json(lists)
        }
    }
}
