import Foundation
import Hummingbird

/// Builds the router: every Mastodon route the local instance serves and its XRPC methods (``XRPCRouter``),
/// behind ``MastodonMiddleware``.
enum InstanceRouter {
    static func build(services: InstanceServices) -> Router<InstanceRequestContext> {
        let router = Router(context: InstanceRequestContext.self)
        router.add(middleware: MastodonMiddleware(services: services))
        addInstanceRoutes(router, services)
        addAccountRoutes(router, services)
        addStatusRoutes(router, services)
        addWritingRoutes(router, services)
        addTimelineRoutes(router, services)
        addNotificationRoutes(router, services)
        addListRoutes(router, services)
        addSafetyRoutes(router, services)
        addFilterEditingRoutes(router, services)
        addAccountToolRoutes(router, services)
        addFeaturedTagRoutes(router, services)
        addMiscRoutes(router, services)
        addReadingRoutes(router, services)
        addStreamingRoutes(router, services)
        addAdminRoutes(router, services)
        XRPCRouter.addRoutes(router, services)
        return router
    }

    /// `ids[]` / `id[]` / `id` parameters as numbers (non-numbers are left out).
    static func ids(_ params: Params, _ names: String...) -> [Int64] {
        names.flatMap { params.strings($0) }.compactMap { Int64($0) }
    }
}
