import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension InstanceRouter {
    /// Where the admin routes live; outside `/api`, so no client ever calls them by accident.
    static let adminPrefix = "/parla-admin/"
    /// Wrong admin secrets a caller may send per ``adminFailureWindow`` before it is answered 429.
    static let adminFailureLimit = 10
    /// The window of ``adminFailureLimit``.
    static let adminFailureWindow = Duration.seconds(60)

    /// Fault injection over HTTP, for tests that drive a separate `parla serve` process:
    /// `PUT /parla-admin/faults` with a FaultPlan JSON body replaces the plan, `DELETE` clears it,
    /// `GET` answers the plan; `GET /parla-admin/bsky-sessions` answers how many sessions `createSession` opened.
    /// Served only when an admin secret was configured on a loopback instance, and only to requests carrying it
    /// in `X-Parla-Admin-Secret`.
    static func addAdminRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        guard let secret = services.adminSecret, let faults = services.faults else { return }
        let path = RouterPath(adminPrefix + "faults")

        let throttle = services.adminFailures

        /// Checks the secret (in constant time); after ``InstanceRouter/adminFailureLimit`` wrong ones in a window, a caller is
        /// answered 429 with `Retry-After` until the window ends, whatever it sends.
        @Sendable func authorize(_ request: Request, _ context: InstanceRequestContext) throws {
            let caller = context.callerAddress
            if let wait = throttle.retryAfter(caller) {
                throw APIError(status: .tooManyRequests, message: "Too many wrong admin secrets", retryAfter: wait)
            }
            let given = request.headers[HTTPField.Name("X-Parla-Admin-Secret")!] ?? ""
            guard constantTimeEqual(given, secret) else {
                throttle.recordFailure(caller)
                throw APIError(status: .forbidden, message: "The admin secret is missing or wrong")
            }
        }

        router.on(path, method: .get) { request, context -> Response in
            try authorize(request, context)
            return try APIResponse(body: JSONEncoder().encode(faults.plan)).response
        }
        router.on(path, method: .put) { request, context -> Response in
            try authorize(request, context)
            var request = request
            let body: ByteBuffer
            do {
                body = try await request.collectBody(upTo: RequestLimits.maxBodyBytes)
            } catch {
                throw RequestLimits.bodyTooLarge()
            }
            let plan: FaultPlan
            do {
                plan = try JSONDecoder().decode(FaultPlan.self, from: Data(body.readableBytesView))
            } catch {
                throw APIError(status: .unprocessableContent, message: "The body is not a fault plan: \(error)")
            }
            faults.replace(with: plan)
            return try APIResponse(body: JSONEncoder().encode(plan)).response
        }
        router.on(path, method: .delete) { request, context -> Response in
            try authorize(request, context)
            faults.replace(with: FaultPlan(rules: []))
            return APIResponse.empty.response
        }
        // How many sessions the AT Protocol face opened (`{"createSession": N}`): a client that logs in at every
        // start, rather than refreshing its stored session, shows here.
        router.on(RouterPath(adminPrefix + "bsky-sessions"), method: .get) { request, context -> Response in
            try authorize(request, context)
            return try APIResponse.xrpc(["createSession": services.bluesky.sessionsCreated]).response
        }
    }

    /// Compares two strings without stopping at the first difference.
    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }
}
