import HTTPTypes

/// A request the API refuses, answered as Mastodon does: `{"error": "…"}` with a status code.
///
/// These messages are protocol text for client programs (as on any Mastodon server); Parla's client
/// turns status codes into its own localized, spoken messages.
struct APIError: Error, Sendable, Equatable {
    let status: HTTPResponse.Status
    let message: String
    /// How long the caller should wait before trying again, sent as `Retry-After` (whole seconds, rounded up).
    var retryAfter: Duration? = nil
    /// The error's name on the AT Protocol face (`ExpiredToken`, `RecordNotFound` …); nil lets the status choose
    /// one (``XRPCError``).
    var xrpcName: String? = nil

    static func notFound() -> APIError { APIError(status: .notFound, message: "Record not found") }
    static func unauthorized() -> APIError { APIError(status: .unauthorized, message: "The access token is invalid") }
    static func forbidden() -> APIError {
        APIError(status: .forbidden, message: "This action is outside the authorized scopes")
    }
    static func badRequest(_ message: String) -> APIError { APIError(status: .badRequest, message: message) }
    static func unprocessable(_ message: String) -> APIError {
        APIError(status: .unprocessableContent, message: "Validation failed: \(message)")
    }
    static func tooManyRequests() -> APIError { APIError(status: .tooManyRequests, message: "Too many requests") }
}
