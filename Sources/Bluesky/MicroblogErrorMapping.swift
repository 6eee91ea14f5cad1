import Foundation
import MicroblogKit
import ServiceHTTP

/// XRPC failures as ``MicroblogError``: the status and the body's `error` name say which.
enum MicroblogErrorMapping {
    /// The error names that mean the access token has expired and a renewed one will do.
    static let expiredNames: Set<String> = ["ExpiredToken"]
    /// The error names that mean what was asked for does not exist.
    static let missingNames: Set<String> = ["NotFound", "RecordNotFound", "ProfileNotFound", "ActorNotFound", "InvalidHandle"]

    /// The `error` and `message` of an answer's body, when it has them.
    static func body(of response: HTTPResponse) -> Lexicon.ErrorBody? {
        try? JSONDecoder().decode(Lexicon.ErrorBody.self, from: response.body)
    }

    /// Whether the answer says the access token expired (`400 ExpiredToken`; some servers answer 401).
    static func isExpired(_ response: HTTPResponse) -> Bool {
        guard response.status == 400 || response.status == 401 else { return false }
        return body(of: response)?.error.map(expiredNames.contains) ?? false
    }

    /// Throws the error an answer that is not 2xx stands for.
    static func check(_ response: HTTPResponse, nsid: String, limits: RateLimitHeaders) throws {
        let status = response.status
        guard !(200..<300).contains(status) else { return }
        let answer = body(of: response)
        let name = answer?.error ?? ""
        let message = answer?.message ?? (name.isEmpty ? nil : name)
        if missingNames.contains(name) || status == 404 || message?.lowercased().hasSuffix("not found") == true {
            throw MicroblogError.notFound
        }
        switch (status, name) {
        case (_, "MethodNotImplemented"), (501, _): throw MicroblogError.notSupported(feature: nsid)
        case (_, "AccountTakedown"), (_, "AccountDeactivated"), (403, _): throw MicroblogError.forbidden(message: message)
        case (401, _), (_, "AuthenticationRequired"), (_, "InvalidToken"), (_, "ExpiredToken"): throw MicroblogError.unauthorized
        case (429, _): throw MicroblogError.rateLimited(resetAt: limits.resetAt ?? limits.retryAt)
        case (300..<400, _): throw MicroblogError.moved(status: status, location: response.header("Location"))
        case (400..<500, _): throw MicroblogError.rejected(status: status, message: message)
        default: throw MicroblogError.server(status: status)
        }
    }

    /// Any error from a transport as a ``MicroblogError``.
    static func from(_ error: any Error, host: String) -> MicroblogError {
        if let error = error as? MicroblogError { return error }
        if error is CancellationError { return .cancelled }
        return .unreachable(host: host)
    }

    /// An answer that did not read as its lexicon says.
    static func malformed(_ error: any Error) -> MicroblogError {
        if let error = error as? MicroblogError { return error }
        if let error = error as? DecodingError {
            switch error {
            case .keyNotFound(let key, let context):
                return .malformedResponse(detail: "missing \(key.stringValue) at \(path(context))")
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                return .malformedResponse(detail: "unreadable value at \(path(context))")
            @unknown default: break
            }
        }
        return .malformedResponse(detail: "not JSON")
    }

    /// An address that could not be made.
    static func invalid(_ text: String) -> MicroblogError { .invalidURL(text) }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
