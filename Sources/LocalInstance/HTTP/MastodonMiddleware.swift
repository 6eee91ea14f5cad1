import Foundation
import Hummingbird
import NIOCore

/// Rate limits, fault injection and Mastodon error bodies around every route.
///
/// Every response gets `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (ISO 8601);
/// an exhausted window answers 429 with the same headers. Faults fire only when a plan was given.
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
        let decision = services.limiter.record(rateLimitKey(request, from: context.callerAddress))
        let fault = services.faults?.fire(method: request.method.rawValue, path: request.uri.path)
        if let latency = fault?.latencyMs, latency > 0 {
            try await services.sleeper.sleep(for: .milliseconds(latency))
        }
        var response: Response
        if !decision.allowed {
            response = APIResponse.error(.tooManyRequests()).response
        } else if let status = fault?.status {
            response = APIResponse.error(APIError(status: .init(code: status), message: "Injected fault")).response
        } else {
            do {
                response = try await next(request, context)
            } catch let error as APIError {
                response = APIResponse.error(error).response
            } catch let error as HTTPError where error.status == .notFound {
                response = APIResponse.error(.notFound()).response
            } catch let error as HTTPError {
                response = APIResponse.error(APIError(status: error.status, message: error.body ?? "Request failed")).response
            } catch {
                context.logger.error("request failed: \(error)")
                response = APIResponse.error(APIError(status: .internalServerError, message: "Internal server error")).response
            }
        }
        response.headers[.init("X-RateLimit-Limit")!] = String(decision.limit)
        response.headers[.init("X-RateLimit-Remaining")!] = String(decision.remaining)
        response.headers[.init("X-RateLimit-Reset")!] = MastodonDate.string(decision.reset)
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
    func rateLimitKey(_ request: Request, from address: String) -> String {
        guard let token = InstanceServices.token(request) else { return "anonymous:" + address }
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
