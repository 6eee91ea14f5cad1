import Foundation
import MastodonAPI
import MicroblogKit
import ParlaBase

extension MastodonClient {
    /// The address of an endpoint with its path parameters and query filled in.
    func url<Response>(_ endpoint: Endpoint<Response>, base: URL? = nil) throws -> URL {
        try Self.url(endpoint, base: base ?? server)
    }

    /// The address of an endpoint on a server.
    static func url<Response>(_ endpoint: Endpoint<Response>, base: URL) throws -> URL {
        try requireSecure(base)
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += endpoint.target
        guard let url = URL(string: text) else { throw MicroblogError.invalidURL(text) }
        return url
    }

    /// The request with the token and the usual headers.
    func request(_ method: String, _ url: URL, form: Parameters? = nil, idempotencyKey: String? = nil) -> HTTPRequest {
        var headers: [(name: String, value: String)] = [
            ("Authorization", "Bearer " + token), ("Accept", "application/json"), ("User-Agent", "Parla"),
        ]
        var body: Data?
        if let form {
            headers.append(("Content-Type", "application/x-www-form-urlencoded"))
            body = Data(FormEncoding.encode(form).utf8)
        }
        if let idempotencyKey { headers.append(("Idempotency-Key", idempotencyKey)) }
        return HTTPRequest(method: method, url: url, headers: headers, body: body)
    }

    /// Reads an endpoint (a GET, tried again on transient failures) and decodes the answer.
    func get<T: Decodable>(_ endpoint: Endpoint<T>) async throws -> (T, HTTPResponse) {
        let response = try await send(request(endpoint.method.rawValue, try url(endpoint)), retryable: true)
        return (try MastodonJSON.decode(T.self, from: response.body), response)
    }

    /// Calls an endpoint that changes something (with its form) and decodes the answer; tried again only
    /// with an idempotency key.
    func call<T: Decodable>(_ endpoint: Endpoint<T>, idempotencyKey: String? = nil) async throws -> T {
        let form = endpoint.form
        let outgoing = request(endpoint.method.rawValue, try url(endpoint), form: form.isEmpty ? nil : form, idempotencyKey: idempotencyKey)
        let response = try await send(outgoing, retryable: idempotencyKey != nil)
        return try MastodonJSON.decode(T.self, from: response.body)
    }

    /// Sends through the budget, retrying what may be retried; returns only 2xx answers.
    func send(_ request: HTTPRequest, retryable: Bool, family: RateLimitFamily = .general) async throws -> HTTPResponse {
        var attempt = 0
        while true {
            attempt += 1
            try await budget.acquire(priority: RequestPriority.current, family: family, maxWait: maxWait)
            let response: HTTPResponse
            do {
                response = try await transport.send(request)
            } catch {
                let failure = MicroblogError.from(error, host: host)
                if case .unreachable = failure { await budget.refund(family: family) }
                if case .hostNotFound = failure { await budget.refund(family: family) }
                if retryable, attempt < Self.maxAttempts, Self.isRetryable(failure) {
                    try await sleeper.sleep(for: retryBackoff.delay(afterFailures: attempt))
                    continue
                }
                throw failure
            }
            // What a server may ask is clamped: ten years of Retry-After become the budget's longest wait.
            let now = budget.now()
            let limits = RateLimitHeaders(header: response.header, now: now).clamped(latest: now.addingTimeInterval(budget.longestWait))
            await budget.record(limits, status: response.status, family: family)
            if response.status == 429, attempt < Self.maxAttempts {
                // The server refused before doing anything, so any call may go again: the budget now waits
                // for the reset, or fails with rateLimited when that is further than maxWait.
                continue
            }
            if (500...599).contains(response.status), retryable, attempt < Self.maxAttempts {
                try await sleeper.sleep(for: retryBackoff.delay(afterFailures: attempt))
                continue
            }
            try Self.check(response, limits: limits)
            return response
        }
    }

    /// A cut connection is tried again; a timed-out one is not: the deadline already covered the whole
    /// answer, and starting over would hold the command for several deadlines.
    static func isRetryable(_ error: MicroblogError) -> Bool {
        switch error {
        case .connectionLost: true
        default: false
        }
    }

    /// Maps an error status to ``MicroblogError``.
    static func check(_ response: HTTPResponse, limits: RateLimitHeaders) throws {
        let status = response.status
        guard !(200..<300).contains(status) else { return }
        let message = (try? MastodonJSON.decoder.decode(MastodonEntities.ServerError.self, from: response.body))
            .flatMap { $0.error ?? $0.errorDescription }
        switch status {
        case 401: throw MicroblogError.unauthorized
        case 403: throw MicroblogError.forbidden(message: message)
        case 404, 410: throw MicroblogError.notFound
        case 300..<400: throw MicroblogError.moved(status: status, location: response.header("Location"))
        case 429: throw MicroblogError.rateLimited(resetAt: limits.resetAt ?? limits.retryAt)
        case 400..<500: throw MicroblogError.rejected(status: status, message: message)
        case 500...: throw MicroblogError.server(status: status)
        default: throw MicroblogError.rejected(status: status, message: message)
        }
    }

    /// Refuses plain `http` unless the host is loopback.
    static func requireSecure(_ url: URL) throws {
        try ServerAddress.requireSecure(url)
    }

    /// 127.0.0.0/8, ::1 and localhost.
    public static func isLoopback(_ host: String) -> Bool {
        ServerAddress.isLoopback(host)
    }

    /// The server address from what a person typed: `mastodon.social`, `https://mastodon.social/`,
    /// `http://127.0.0.1:4000`.
    ///
    /// - Throws: ``MicroblogError/invalidURL(_:)`` for text that names no server,
    ///   ``MicroblogError/insecureURL(_:)`` for plain http to anything but loopback.
    public static func serverURL(from text: String) throws -> URL {
        try ServerAddress.url(from: text)
    }
}

extension MicroblogError {
    /// Any error from a transport as a ``MicroblogError``.
    static func from(_ error: any Error, host: String) -> MicroblogError {
        if let error = error as? MicroblogError { return error }
        if error is CancellationError { return .cancelled }
        return .unreachable(host: host)
    }
}

extension MastodonClient {
    /// Calls an endpoint whose answer Parla does not need (an empty object, or the deleted post).
    func perform<Response>(_ endpoint: Endpoint<Response>) async throws {
        let form = endpoint.form
        let outgoing = request(endpoint.method.rawValue, try url(endpoint), form: form.isEmpty ? nil : form)
        _ = try await send(outgoing, retryable: false)
    }
}
