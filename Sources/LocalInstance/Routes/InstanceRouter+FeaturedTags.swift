import Foundation
import Hummingbird
import MastodonAPI

extension InstanceRouter {
    /// Hashtags featured on the user's profile, and the posts that share a link.
    static func addFeaturedTagRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        router.api(API.FeaturedTags.list, access: .scope("read"), services: services) { request in
            try .json(try store.featuredTags(viewer: request.requireViewer()))
        }
        router.api(API.FeaturedTags.feature, access: .scope("write"), services: services) { request in
            guard let name = request.params.string("name") else { throw APIError.unprocessable("Validation failed: Tag can't be blank") }
            return try .json(try store.featureTag(name, viewer: request.requireViewer()))
        }
        router.api(API.FeaturedTags.unfeature, access: .scope("write"), services: services) { request in
            try store.unfeatureTag(id: request.id(), viewer: request.requireViewer())
            return .empty
        }
        router.api(API.Timelines.link, access: .optional, services: services) { request in
            guard let url = request.params.string("url") else { throw APIError.unprocessable("Validation failed: url is missing") }
            let page = try PageQuery(params: request.params, maxLimit: 40)
            return try .page(try store.timeline(.link(url), page: page, viewer: request.viewer), request: request)
        }
    }
}
