import Foundation
import MicroblogKit

/// A ``MicroblogError`` as it is kept on disk (the outbox remembers why a post was refused).
struct StoredError: Codable, Hashable, Sendable {
    var kind: String
    var text: String?
    var detail: String?
    var status: Int?
    var date: Date?

    init(_ error: MicroblogError) {
        switch error {
        case .unreachable(let host): self.init(kind: "unreachable", text: host)
        case .hostNotFound(let host): self.init(kind: "hostNotFound", text: host)
        case .timedOut(let host): self.init(kind: "timedOut", text: host)
        case .connectionLost(let host): self.init(kind: "connectionLost", text: host)
        case .insecureURL(let url): self.init(kind: "insecureURL", text: url)
        case .invalidURL(let url): self.init(kind: "invalidURL", text: url)
        case .tls(let host, let detail): self.init(kind: "tls", text: host, detail: detail)
        case .unauthorized: self.init(kind: "unauthorized")
        case .forbidden(let message): self.init(kind: "forbidden", text: message)
        case .notFound: self.init(kind: "notFound")
        case .rateLimited(let resetAt): self.init(kind: "rateLimited", date: resetAt)
        case .rejected(let status, let message): self.init(kind: "rejected", text: message, status: status)
        case .server(let status): self.init(kind: "server", status: status)
        case .malformedResponse(let detail): self.init(kind: "malformedResponse", text: detail)
        case .notSupported(let feature): self.init(kind: "notSupported", text: feature)
        case .tooLarge(let host, let limit): self.init(kind: "tooLarge", text: host, status: limit)
        case .moved(let status, let location): self.init(kind: "moved", text: location, status: status)
        case .noAccount(let name): self.init(kind: "noAccount", text: name)
        case .storage(let detail): self.init(kind: "storage", text: detail)
        case .cancelled: self.init(kind: "cancelled")
        }
    }

    private init(kind: String, text: String? = nil, detail: String? = nil, status: Int? = nil, date: Date? = nil) {
        self.kind = kind
        self.text = text
        self.detail = detail
        self.status = status
        self.date = date
    }

    /// The error again; an unknown kind (written by a newer Parla) reads as a storage error.
    var error: MicroblogError {
        switch kind {
        case "unreachable": .unreachable(host: text ?? "")
        case "hostNotFound": .hostNotFound(host: text ?? "")
        case "timedOut": .timedOut(host: text ?? "")
        case "connectionLost": .connectionLost(host: text ?? "")
        case "insecureURL": .insecureURL(text ?? "")
        case "invalidURL": .invalidURL(text ?? "")
        case "tls": .tls(host: text ?? "", detail: detail ?? "")
        case "unauthorized": .unauthorized
        case "forbidden": .forbidden(message: text)
        case "notFound": .notFound
        case "rateLimited": .rateLimited(resetAt: date)
        case "rejected": .rejected(status: status ?? 422, message: text)
        case "server": .server(status: status ?? 500)
        case "malformedResponse": .malformedResponse(detail: text ?? "")
        case "notSupported": .notSupported(feature: text ?? "")
        case "tooLarge": .tooLarge(host: text ?? "", limit: status ?? 0)
        case "moved": .moved(status: status ?? 301, location: text)
        case "noAccount": .noAccount(name: text ?? "")
        case "storage": .storage(detail: text ?? "")
        case "cancelled": .cancelled
        default: .storage(detail: kind)
        }
    }
}

extension MicroblogError {
    /// Any error as a ``MicroblogError``: cancellation as `.cancelled`, anything else as a storage error.
    static func wrapping(_ error: any Error) -> MicroblogError {
        if let error = error as? MicroblogError { return error }
        if error is CancellationError { return .cancelled }
        return .storage(detail: String(describing: error))
    }
}
