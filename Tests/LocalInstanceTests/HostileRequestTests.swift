import Foundation
@testable import LocalInstance
import MastodonAPI
import ParlaBaseTesting
import SystemTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 26, items 24, 25, 26 and 32: the probes of hostile clients, over real sockets against the instance.
/// Each request over a limit is refused from one pass over its bytes, with Mastodon's `{"error": …}` body.
@Suite struct HostileRequestTests {
    private static let app = "client_name=probe&redirect_uris=urn:ietf:wg:oauth:2.0:oob"

    private static func post(_ port: Int, _ path: String, form: String) async throws -> RawHTTP.Reply {
        try await RawHTTP.send(port: port, "POST", path, host: "127.0.0.1:\(port)", form: form)
    }

    /// Item 24: one anonymous 35 KB form key nested 12,000 levels held 1.1 GB. Names deeper than 32 levels are
    /// refused before any of the name is split.
    @Test func issue26AFormKeyNestedTwelveThousandLevelsIsRefusedBeforeItIsParsed() async throws {
        try await withInstance { instance, _ in
            let deep = try await Self.post(instance.port, API.Apps.register.path, form: Self.app + "&x" + String(repeating: "[a]", count: 12_000) + "=1")
            #expect(deep.status == 422)
            // The refusal is the limit's own words: nothing was parsed (times are measured in the README's figures, not here).
            #expect(deep.body == #"{"error":"Parameters are nested too deeply (at most 32 levels)"}"#)
            let limit = try await Self.post(instance.port, API.Apps.register.path, form: Self.app + "&x" + String(repeating: "[a]", count: 31) + "=1")
            #expect(limit.status == 200, "32 levels are allowed")
            let over = try await Self.post(instance.port, API.Apps.register.path, form: Self.app + "&x" + String(repeating: "[a]", count: 32) + "=1")
            #expect(over.status == 422)
        }
    }

    /// Item 25: 60,000 repeated keys took 19.7 s to parse (quadratic), and stalled everyone else's requests.
    @Test func issue26SixtyThousandRepeatedFormKeysAreRefusedAtOnceAndAThousandAreParsedInOnePass() async throws {
        try await withInstance { instance, _ in
            let many = (0..<60_000).map { "scopes[]=\($0)" }.joined(separator: "&")
            let refused = try await Self.post(instance.port, API.Apps.register.path, form: Self.app + "&" + many)
            #expect(refused.status == 422)
            #expect(refused.body == #"{"error":"Too many parameters (at most 1000)"}"#)
            // At the limit, one list of 998 values is read whole (two pairs name the app).
            let listed = (0..<998).map { "x[]=\($0)" }.joined(separator: "&")
            #expect(try Params.form(Self.app + "&" + listed).strings("x") == (0..<998).map(String.init))
            #expect(try await Self.post(instance.port, API.Apps.register.path, form: Self.app + "&" + listed).status == 200)
            // A query string has the same limit, and the instance still answers everyone else.
            let pairs = (0..<1_001).map { "k\($0)=1" }.joined(separator: "&")
            let query = try await RawHTTP.send(port: instance.port, "GET", API.Misc.instance.path + "?" + pairs, host: "127.0.0.1:\(instance.port)")
            #expect(query.status == 422)
            #expect(try await RawHTTP.send(port: instance.port, "GET", API.Misc.instance.path, host: "127.0.0.1:\(instance.port)").status == 200)
        }
    }

    /// Items 24 and 25 for JSON bodies: the same limits, counted outside strings before the JSON is parsed.
    @Test func issue26AJSONBodyNestedTooDeeplyOrWithTooManyValuesIsRefused() async throws {
        try await withInstance { _, http in
            var anonymous = http
            anonymous.token = nil
            let nested = try await anonymous.request("POST", API.Apps.register.path, json: String(repeating: #"{"a":"#, count: 33) + "1" + String(repeating: "}", count: 33))
            #expect(nested.status == 422)
            #expect(nested.object["error"] as? String == "Parameters are nested too deeply (at most 32 levels)")
            let values = (0..<1_001).map(String.init).joined(separator: ",")
            let many = try await anonymous.request("POST", API.Apps.register.path, json: #"{"client_name":"probe","scopes":[\#(values)]}"#)
            #expect(many.status == 422)
            #expect(many.object["error"] as? String == "Too many parameters (at most 1000)")
            // Brackets and commas inside strings are text, not structure.
            let text = String(repeating: "[{,", count: 2_000)
            let app = try await anonymous.request(
                "POST", API.Apps.register.path, json: #"{"client_name":"\#(text)","redirect_uris":"urn:ietf:wg:oauth:2.0:oob"}"#)
            #expect(app.status == 200)
        }
    }

    /// Item 26: connections that never finished their headers were never closed, and 1,100 of them left the
    /// instance answering nobody. Here the limits are small so the probe stays small: 32 connections, 500 ms.
    @Test func issue26SlowClientsAreClosedAtTheHeaderDeadlineAndNormalRequestsAreStillAnswered() async throws {
        let limits = ConnectionLimits(maxConnections: 32, headerTimeout: .milliseconds(500))
        try await withInstance(connectionLimits: limits) { instance, _ in
            let slow = try SlowClients.open(port: instance.port, count: 100, receiveTimeout: 20)
            defer { for fd in slow { close(fd) } }
            for _ in 0..<3 {
                let reply = try await RawHTTP.send(port: instance.port, "GET", API.Misc.instance.path, host: "127.0.0.1:\(instance.port)")
                #expect(reply.status == 200)
            }
            // Every slow connection is closed by the server: the oldest to make room, the rest at the deadline.
            let closed = await SlowClients.countClosedByServer(slow, within: 5)
            #expect(closed == 100)
        }
    }

    /// Item 32: a 60,000-character search answered 500 (SQLite's LIKE pattern limit) instead of 422.
    @Test func issue26ASearchOfSixtyThousandCharactersIsRefusedWith422() async throws {
        try await withInstance { _, http in
            let long = String(repeating: "a", count: 60_000)
            let search = try await http.get(API.Misc.search.path + "?q=" + long)
            #expect(search.status == 422)
            #expect(search.object["error"] as? String == "Validation failed: Search text is too long (maximum is 1000 characters)")
            #expect(try await http.get(API.Accounts.search.path + "?q=" + long).status == 422)
            #expect(try await http.get(API.Misc.search.path + "?q=" + String(repeating: "a", count: 1_000)).status == 200)
        }
    }

    /// Item 32: 1,000 wrong admin secrets in 1.4 s were all answered 403, never throttled.
    @Test func issue26WrongAdminSecretsAreThrottledUntilTheWindowEnds() async throws {
        let clock = ManualClock()
        try await withInstance(clock: clock, adminSecret: "s3cret") { _, http in
            func faults(_ secret: String) async throws -> HTTPReply {
                try await http.request("GET", "/parla-admin/faults", headers: ["X-Parla-Admin-Secret": secret])
            }
            var statuses: [Int] = []
            for guess in 0..<11 { statuses.append(try await faults("guess-\(guess)").status) }
            #expect(statuses == Array(repeating: 403, count: 10) + [429])
            clock.advance(by: .seconds(15))
            let locked = try await faults("s3cret")
            #expect(locked.status == 429, "the right secret waits too, or the lockout would tell which guess was right")
            #expect(locked.header("Retry-After") == "45")
            #expect(locked.object["error"] as? String == "Too many wrong admin secrets")
            clock.advance(by: .seconds(45))
            #expect(try await faults("s3cret").status == 200)
        }
    }
}
