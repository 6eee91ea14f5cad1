import Foundation
@testable import LocalInstance
import MastodonAPI
import ParlaBase
import ParlaBaseTesting
import Testing
import TestSupport

/// Issue 20, "The embedded server": the rate limiter was keyed on the raw bearer string before the token
/// was checked (guessed tokens unthrottled, three tokens three budgets, a table scanned on every request
/// above 10,000 keys); a streaming client that does not read grew the server without bound.
@Suite struct ServerLimitsTests {
    @Test func issue20TokensOfOneAccountShareOneBudgetAndGuessesAreThrottled() async throws {
        try await withInstance(rateLimit: RateLimitPolicy(limit: 5, window: .seconds(300))) { instance, http in
            // A second token of the owner, through an approved app.
            var anonymous = http
            anonymous.token = nil
            let app = try await anonymous.call(API.Apps.register(form: [("client_name", "two"), ("redirect_uris", "urn:ietf:wg:oauth:2.0:oob")]))
            let id = try #require(app.object["client_id"] as? String), secret = try #require(app.object["client_secret"] as? String)
            let code = try await anonymous.call(API.Apps.approve(form: [("client_id", id), ("approval", instance.ownerToken)]))
            let granted = try await anonymous.call(API.Apps.token(form: [
                ("grant_type", "authorization_code"), ("code", String(decoding: code.body, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""),
                ("client_id", id), ("client_secret", secret),
            ]))
            var second = http
            second.token = try #require(granted.object["access_token"] as? String)
            let first = try await http.call(API.Timelines.home())
            let other = try await second.call(API.Timelines.home())
            #expect(first.header("X-RateLimit-Remaining") == "4")
            #expect(other.header("X-RateLimit-Remaining") == "3", "one account, one budget")
            // Guessed tokens share a bucket of their own: the sixth guess is refused, the owner goes on.
            var guesser = http
            var statuses: [Int] = []
            for guess in 0..<6 {
                guesser.token = "guess-\(guess)"
                statuses.append(try await guesser.call(API.Timelines.home()).status)
            }
            #expect(statuses == [401, 401, 401, 401, 401, 429])
            #expect(try await http.call(API.Timelines.home()).header("X-RateLimit-Remaining") == "2")
        }
    }

    /// Issue 20: "all anonymous callers share one bucket (320 anonymous calls stop everyone's logins)". Callers
    /// without a token, and guessers, now spend their own address's budget.
    @Test func issue20AnonymousCallersAndGuessersAreLimitedEachOnTheirOwnAddress() async throws {
        try await withInstance(rateLimit: RateLimitPolicy(limit: 3, window: .seconds(300))) { instance, _ in
            func call(from source: String, token: String? = nil) async throws -> Int {
                let headers = token.map { ["Authorization: Bearer \($0)"] } ?? []
                return try await RawHTTP.send(port: instance.port, "GET", API.Misc.instance.path,
                                              host: "127.0.0.1:\(instance.port)", headers: headers, source: source).status
            }
            var busy: [Int] = []
            for _ in 0..<4 { busy.append(try await call(from: "127.0.0.2")) }
            #expect(busy == [200, 200, 200, 429])
            // Another address is not held back by the first one's calls.
            #expect(try await call(from: "127.0.0.3") == 200)
            var guesses: [Int] = []
            for guess in 0..<4 { guesses.append(try await call(from: "127.0.0.4", token: "guess-\(guess)")) }
            #expect(guesses == [401, 401, 401, 429])
            #expect(try await call(from: "127.0.0.5", token: "guess-other") == 401)
        }
    }

    @Test func issue20TheLimiterTableIsPrunedOnlyWhenItDoubles() {
        let clock = ManualClock()
        let limiter = RateLimiter(policy: RateLimitPolicy(limit: 10, window: .seconds(60)), clock: InstanceClock(epoch: Date(), tick: clock))
        for index in 0..<RateLimiter.pruneThreshold { _ = limiter.record("k\(index)") }
        clock.advance(by: .seconds(61))
        // Past the threshold the ended windows go at once …
        _ = limiter.record("one more")
        _ = limiter.record("and another")
        #expect(limiter.keyCount == 2)
        // … and live keys are not scanned again until the table has doubled.
        for index in 0..<(RateLimiter.pruneThreshold + 100) { _ = limiter.record("live\(index)") }
        #expect(limiter.keyCount == RateLimiter.pruneThreshold + 102)
    }

    @Test func issue20AStreamingReaderThatFallsBehindIsLetGo() async {
        let (events, feed) = AsyncStream<StreamEvent>.makeStream()
        let (chunks, sink) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingOldest(InstanceRouter.streamBacklog))
        // Nobody reads `chunks`: a client that does not read its socket.
        for index in 0..<(InstanceRouter.streamBacklog + 50) {
            feed.yield(StreamEvent(audience: .publicTimeline, event: "delete", payload: String(index)))
        }
        feed.finish()
        let letGo = await InstanceRouter.forwardEvents(events, to: sink, onlyNotifications: false)
        #expect(letGo)
        var held = 0
        for await _ in chunks { held += 1 }
        #expect(held == InstanceRouter.streamBacklog, "what waits for the reader is bounded")
    }
}
