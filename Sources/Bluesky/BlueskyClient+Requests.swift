import Foundation
import MicroblogKit
import ParlaBase
import ServiceHTTP

extension BlueskyClient {
    /// Calls a query and decodes its answer.
    func get<T: Decodable>(_ nsid: String, _ parameters: [(String, String?)] = [], as type: T.Type, proxy: String? = nil) async throws -> T {
        let response = try await send(.query(nsid, parameters, proxy: proxy))
        return try XRPCJSON.decode(T.self, from: response.body)
    }

    /// Calls a procedure with a JSON body and decodes its answer.
    func post<T: Decodable>(_ nsid: String, _ body: some Encodable, points: Int = 0, as type: T.Type, proxy: String? = nil) async throws -> T {
        let response = try await send(try .procedure(nsid, json: body, points: points, proxy: proxy))
        return try XRPCJSON.decode(T.self, from: response.body)
    }

    /// Calls a procedure whose answer Parla does not need.
    func perform(_ nsid: String, _ body: some Encodable, points: Int = 0, proxy: String? = nil) async throws {
        _ = try await send(try .procedure(nsid, json: body, points: points, proxy: proxy))
    }

    /// Sends through the budgets with the session's access token; returns only 2xx answers.
    ///
    /// An expired access token is renewed once (``SessionKeeper``) and the call sent again; a 429 waits
    /// for the budget (which learnt the reset from the answer); a query is tried again after a 5xx or a
    /// cut connection, with back-off.
    func send(_ call: XRPCCall) async throws -> HTTPResponse {
        if call.points > 0 { await primeWritePoints() }
        var attempt = 0
        var renewed = false
        // Points are spent before the first attempt, and again after a 429 that says they ran out.
        var pointsDue = call.points > 0
        while true {
            attempt += 1
            if pointsDue {
                for _ in 0..<call.points {
                    try await writeBudget.acquire(priority: RequestPriority.current, family: .general, maxWait: maxWait)
                }
                pointsDue = false
            }
            let session = await keeper.session
            let request = try call.request(service: session.service, token: session.accessJwt)
            let response = try await exchange(request, retryable: call.retryable, attempt: attempt)
            guard let response else { continue }
            let limits = await record(response, points: call.points)
            if MicroblogErrorMapping.isExpired(response), !renewed {
                renewed = true
                attempt -= 1
                _ = try await keeper.renewed(after: session.accessJwt) { [self] current in try await renew(current) }
                continue
            }
            if response.status == 429, attempt < Self.maxAttempts {
                pointsDue = call.points > 0 && (RateLimitHeaders.policyWindow(response.header) ?? 0) >= 3600
                continue
            }
            // 501 is a method the server lacks: asking again will not change that.
            if (500...599).contains(response.status), response.status != 501, call.retryable, attempt < Self.maxAttempts {
                try await sleeper.sleep(for: retryBackoff.delay(afterFailures: attempt))
                continue
            }
            try MicroblogErrorMapping.check(response, nsid: call.nsid, limits: limits)
            return response
        }
    }

    /// Spends one call of the budget and sends; nil when a failure should be tried again (after its wait).
    private func exchange(_ request: HTTPRequest, retryable: Bool, attempt: Int) async throws -> HTTPResponse? {
        try await budget.acquire(priority: RequestPriority.current, family: .general, maxWait: maxWait)
        do {
            return try await transport.send(request)
        } catch {
            let host = request.url.host ?? ""
            let failure = MicroblogErrorMapping.from(error, host: host)
            switch failure {
            case .unreachable, .hostNotFound: await budget.refund(family: .general)
            default: break
            }
            if retryable, attempt < Self.maxAttempts, case .connectionLost = failure {
                try await sleeper.sleep(for: retryBackoff.delay(afterFailures: attempt))
                return nil
            }
            throw failure
        }
    }

    /// Feeds an answer's limits to the budget they describe: an hour's window or longer on a record write
    /// is the points budget, anything else the calls budget.
    @discardableResult
    private func record(_ response: HTTPResponse, points: Int) async -> RateLimitHeaders {
        let now = budget.now()
        let limits = RateLimitHeaders(atprotoHeader: response.header, now: now).clamped(latest: now.addingTimeInterval(budget.longestWait))
        let window = RateLimitHeaders.policyWindow(response.header) ?? 0
        if points > 0, window >= 3600 {
            await writeBudget.record(limits, status: response.status)
        } else {
            await budget.record(limits, status: response.status)
        }
        return limits
    }

    /// Tells the points budget Bluesky's hourly allowance before any answer has, so that writes are paced
    /// from the first one.
    func primeWritePoints() async {
        guard await writeBudget.snapshot().limit == nil else { return }
        let now = writeBudget.now()
        await writeBudget.record(
            RateLimitHeaders(limit: Self.writePointsPerHour, remaining: Self.writePointsPerHour, resetAt: now.addingTimeInterval(3600)), status: 200)
    }

    /// A session with a new access token, from `com.atproto.server.refreshSession` with the refresh token.
    ///
    /// - Throws: ``MicroblogError/unauthorized`` when the refresh token is no longer accepted (the user logs
    ///   in again).
    func renew(_ current: BlueskySession) async throws -> BlueskySession {
        let call = XRPCCall(nsid: "com.atproto.server.refreshSession", method: "POST", retryable: false)
        let request = try call.request(service: current.service, token: current.refreshJwt)
        guard let response = try await exchange(request, retryable: false, attempt: Self.maxAttempts) else { throw MicroblogError.unauthorized }
        let limits = await record(response, points: 0)
        if MicroblogErrorMapping.isExpired(response) { throw MicroblogError.unauthorized }
        try MicroblogErrorMapping.check(response, nsid: call.nsid, limits: limits)
        let answer = try XRPCJSON.decode(SessionAnswer.self, from: response.body)
        return answer.session(service: answer.serviceEndpoint ?? current.service)
    }
}

/// The answer of `createSession` and `refreshSession`.
struct SessionAnswer: Decodable, Sendable {
    var accessJwt: String
    var refreshJwt: String
    var did: String
    var handle: String
    /// The account's server as its DID document names it.
    var serviceEndpoint: String?

    private enum Keys: String, CodingKey { case accessJwt, refreshJwt, did, handle, didDoc }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        accessJwt = try container.decode(String.self, forKey: .accessJwt)
        refreshJwt = try container.decode(String.self, forKey: .refreshJwt)
        did = try container.decode(String.self, forKey: .did)
        handle = try container.decode(String.self, forKey: .handle)
        serviceEndpoint = (try? container.decodeIfPresent(DIDDocument.self, forKey: .didDoc))?.personalServer
    }

    func session(service: String) -> BlueskySession {
        BlueskySession(accessJwt: accessJwt, refreshJwt: refreshJwt, did: did, handle: handle, service: service)
    }
}

/// A DID document: only the account's server (`#atproto_pds`) is read.
struct DIDDocument: Decodable, Sendable {
    struct Service: Decodable, Sendable {
        var id: String
        var type: String?
        var serviceEndpoint: String?
    }

    var service: [Service]?

    /// The `https` address of the account's server.
    var personalServer: String? {
        service?.first { $0.id.hasSuffix("#atproto_pds") }?.serviceEndpoint
    }
}
