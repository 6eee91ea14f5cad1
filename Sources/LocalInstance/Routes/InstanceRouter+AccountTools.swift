import Foundation
import Hummingbird
import MastodonAPI

extension InstanceRouter {
    /// Followed hashtags, pins, private notes, profile changes and trends.
    static func addAccountToolRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        @Sendable func hashtag(_ request: APIRequest) throws -> String {
            try InstanceStore.tagName(request.pathParameters["hashtag"]?.removingPercentEncoding ?? "")
        }
        router.api(API.Tags.tag, access: .optional, services: services) { request in
            try .json(try store.tag(try hashtag(request), viewer: request.viewer))
        }
        for (endpoint, on) in [(API.Tags.follow, true), (API.Tags.unfollow, false)] {
            router.api(endpoint, access: .scope("follow"), services: services) { request in
                try .json(try store.setTagFollowed(try hashtag(request), on: on, viewer: request.requireViewer()))
            }
        }
        router.api(API.Tags.followed, access: .scope("read"), services: services) { request in
            let page = try PageQuery(params: request.params, defaultLimit: 100, maxLimit: 200)
            return try .page(try store.followedTags(page: page, viewer: request.requireViewer()), request: request)
        }
        for (endpoint, on) in [(API.Statuses.pin, true), (API.Statuses.unpin, false)] {
            router.api(endpoint, access: .scope("write"), services: services) { request in
                try .json(try store.setPinned(on, statusID: request.id(), viewer: request.requireViewer()))
            }
        }
        router.api(API.Accounts.note, access: .scope("write"), services: services) { request in
            try .json(try store.setNote(request.params.values["comment"]?.string ?? "", target: request.id(), viewer: request.requireViewer()))
        }
        router.api(.get, "/api/v1/preferences", access: .scope("read"), services: services) { request in
            try .json(try store.preferences(viewer: request.requireViewer()))
        }
        router.api(API.Accounts.updateCredentials, access: .scope("write"), services: services) { request in
            try .json(try store.updateProfile(try InstanceStore.ProfileChange(params: request.params), viewer: request.requireViewer()))
        }
        @Sendable func window(_ request: APIRequest, defaultLimit: Int) throws -> (limit: Int, offset: Int) {
            (min(max(try request.params.int("limit") ?? defaultLimit, 1), 40), max(0, try request.params.int("offset") ?? 0))
        }
        router.api(API.Trends.statuses, access: .optional, services: services) { request in
            let (limit, offset) = try window(request, defaultLimit: 20)
            return try .json(try store.trendingStatuses(limit: limit, offset: offset, viewer: request.viewer))
        }
        router.api(API.Trends.tags, access: .optional, services: services) { request in
            let (limit, offset) = try window(request, defaultLimit: 10)
            return try .json(try store.trendingTags(limit: limit, offset: offset, viewer: request.viewer))
        }
        router.api(API.Trends.links, access: .optional, services: services) { request in
            let (limit, offset) = try window(request, defaultLimit: 10)
            return try .json(try store.trendingLinks(limit: limit, offset: offset))
        }
    }
}
