import Foundation
import HTTPTypes
import Hummingbird
import ParlaBase

/// Errors on the AT Protocol face: `{"error": "Name", "message": "…"}` with the lexicons' status codes.
enum XRPCError {
    /// Where XRPC methods live.
    static let pathPrefix = "/xrpc/"

    /// 401 without an access token.
    static let authenticationRequired = APIError(status: .unauthorized, message: "Authentication Required", xrpcName: "AuthenticationRequired")

    /// 400 `InvalidRequest`.
    static func invalid(_ message: String) -> APIError { APIError(status: .badRequest, message: message, xrpcName: "InvalidRequest") }

    /// 400 with a lexicon's own error name (`RecordNotFound`, `NotFound`, `BlockedActor` …).
    static func named(_ name: String, _ message: String) -> APIError { APIError(status: .badRequest, message: message, xrpcName: name) }

    /// The XRPC answer to an error. Errors of the shared parts (written for Mastodon) get Bluesky's status and
    /// name: a missing record is 400 `NotFound`, a refused value 400 `InvalidRequest`.
    static func response(_ error: APIError) -> APIResponse {
        var status = error.status
        var name: String
        if let given = error.xrpcName {
            name = given
        } else {
            switch error.status {
            case .notFound: (status, name) = (.badRequest, "NotFound")
            case .unprocessableContent, .badRequest: (status, name) = (.badRequest, "InvalidRequest")
            case .unauthorized: name = "AuthenticationRequired"
            case .forbidden: name = "Forbidden"
            case .contentTooLarge: name = "PayloadTooLarge"
            case .tooManyRequests: name = "RateLimitExceeded"
            case .notImplemented: name = "MethodNotImplemented"
            default: (status, name) = (.internalServerError, "InternalServerError")
            }
        }
        let body = (try? JSONSerialization.data(withJSONObject: ["error": name, "message": error.message])) ?? Data()
        var response = APIResponse(status: status, body: body)
        if let wait = error.retryAfter {
            response.headers.append((HTTPField.Name("Retry-After")!, String(max(1, (wait.milliseconds + 999) / 1000))))
        }
        return response
    }
}
