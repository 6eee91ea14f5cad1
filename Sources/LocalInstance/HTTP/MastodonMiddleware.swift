import Foundation
import Hummingbird
import NIOCore

/// Rate limits, fault injection and error bodies around every route, in the dialect of the face called:
/// Mastodon's, or the AT Protocol's for `/xrpc/` methods.
///
/// Every Mastodon response gets `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (ISO 8601);
/// every XRPC response Bluesky's `RateLimit-Limit`, `-Remaining`, `-Reset` (Unix seconds) and `-Policy`
/// (`limit;w=seconds`). Both faces spend one budget per account. An exhausted window answers 429 with the
/// same headers (XRPC: `RateLimitExceeded` with `Retry-After`). Faults fire only when a plan was given.
struct MastodonMiddleware: RouterMiddleware {
    typealias Context = InstanceRequestContext

    let services: InstanceServices

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard services.acceptsHost(request.head.authority) else {
            return APIResponse.error(APIError(status: .misdirectedRequest, message: "This instance does not answer to that host name")).response
        }
        // The admin routes are outside the API: no rate limit, no faults.
        if request.uri.path.hasPrefix(InstanceRouter.adminPrefix) {
            do {
                return try await next(request, context)
            } catch let error as APIError {
                return APIResponse.error(error).response
            } catch {
                return APIResponse.error(.notFound()).response
            }
        }
        services.hub.publish((try? services.store.publishDueScheduled()) ?? [])
        let xrpc = request.uri.path.hasPrefix(XRPCError.pathPrefix)
        let answer: (APIError) -> Response = { error in xrpc ? XRPCError.response(error).response : APIResponse.error(error).response }
        let decision = services.limiter.record(rateLimitKey(request, from: context.callerAddress, xrpc: xrpc))
        let fault = services.faults?.fire(method: request.method.rawValue, path: request.uri.path)
        if let latency = fault?.latencyMs, latency > 0 {
            try await services.sleeper.sleep(for: .milliseconds(latency))
        }
        var response: Response
        if !decision.allowed {
            var refusal = APIError.tooManyRequests()
            if xrpc {
                refusal = APIError(
                    status: .tooManyRequests, message: "Rate Limit Exceeded",
                    retryAfter: .milliseconds(max(0, Int64(decision.reset.timeIntervalSince(services.store.clock.now()) * 1000))),
                    xrpcName: "RateLimitExceeded")
            }
            response = answer(refusal)
        } else if let status = fault?.status {
            response = answer(APIError(status: .init(code: status), message: "Injected fault"))
        } else {
            do {
                response = try await next(request, context)
            } catch let error as APIError {
                response = answer(error)
            } catch let error as HTTPError where error.status == .notFound {
                response = xrpc
                    ? answer(APIError(status: .notImplemented, message: "Method Not Implemented", xrpcName: "MethodNotImplemented"))
                    : answer(.notFound())
            } catch let error as HTTPError {
                response = answer(APIError(status: error.status, message: error.body ?? "Request failed"))
            } catch {
                context.logger.error("request failed: \(error)")
                response = answer(APIError(status: .internalServerError, message: "Internal server error"))
            }
        }
        if xrpc {
            response.headers[.init("RateLimit-Limit")!] = String(decision.limit)
            response.headers[.init("RateLimit-Remaining")!] = String(decision.remaining)
            response.headers[.init("RateLimit-Reset")!] = String(Int64(decision.reset.timeIntervalSince1970.rounded(.up)))
            response.headers[.init("RateLimit-Policy")!] = "\(decision.limit);w=\(decision.window)"
        } else {
            response.headers[.init("X-RateLimit-Limit")!] = String(decision.limit)
            response.headers[.init("X-RateLimit-Remaining")!] = String(decision.remaining)
            response.headers[.init("X-RateLimit-Reset")!] = MastodonDate.string(decision.reset)
        }
        if let fault, fault.status == nil {
            if fault.malformed == true {
                response.body = .init(byteBuffer: ByteBuffer(string: "{\"id\": \"1\", \"content\": [unterminated"))
                response.headers[.contentLength] = nil
            } else if fault.drop == true {
                response = Self.dropping(response)
            }
        }
        return response
    }

    /// Whose budget a request spends: the account behind a valid token (however many tokens it has),
    /// the app behind an app-only token; a caller without a token, or with one the server does not know
    /// (guesses), spends its address's budget, so one address's guesses or logins never stop another's.
    func rateLimitKey(_ request: Request, from address: String, xrpc: Bool = false) -> String {
        guard let token = InstanceServices.token(request) else { return "anonymous:" + address }
        if xrpc {
            // An access or refresh JWT of a session names its account; an expired one still does (it is signed).
            let scope = request.uri.path.hasSuffix("Session") ? "com.atproto.refresh" : "com.atproto.access"
            if let session = try? services.store.verifyBluesky(jwt: token, scope: scope, allowExpired: true) { return "account:\(session.accountID)" }
            return "unknown-token:" + address
        }
        if let viewer = try? services.store.viewer(token: token) { return "account:\(viewer.accountID)" }
        if (try? services.store.isAppToken(token)) == true { return "app-token:" + token }
        return "unknown-token:" + address
    }

    /// A response that announces its full length, writes part of the body and then breaks the connection.
    static func dropping(_ response: Response) -> Response {
        var response = response
        let original = response.body
        response.headers[.contentLength] = nil
        response.body = ResponseBody(contentLength: 4096) { writer in
            let collected = LockedBox(ByteBuffer())
            try await original.write(CollectingWriter(collected: collected))
            var head = collected.withValue { $0 }
            let partial = head.readSlice(length: min(head.readableBytes, 16)) ?? ByteBuffer()
            try await writer.write(partial)
            throw DroppedConnection()
        }
        return response
    }

    private struct DroppedConnection: Error {}

    private struct CollectingWriter: ResponseBodyWriter {
        let collected: LockedBox<ByteBuffer>
        mutating func write(_ part: ByteBuffer) async throws {
            var part = part
            collected.withValue { _ = $0.writeBuffer(&part) }
        }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
