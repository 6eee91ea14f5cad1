import Foundation
import LocalInstance
import MastodonAPI
import ParlaBase
import ParlaBaseTesting
import TestSupport
import Testing

@Suite("Local instance: admin fault routes and streaming heartbeats")
struct AdminAndHeartbeatTests {
    private func start(adminSecret: String?, heartbeat: Duration? = nil) async throws -> RunningInstance {
        let configuration = InstanceConfiguration(
            dataDirectory: nil, clock: InstanceClock(epoch: Date(timeIntervalSince1970: 1_800_000_000), tick: ManualClock()),
            adminSecret: adminSecret, streamingHeartbeat: heartbeat)
        return try await LocalInstance.start(configuration)
    }

    @Test("with a secret, PUT sets a fault plan, GET answers it, DELETE clears it; a wrong secret is refused")
    func adminFaults() async throws {
        let instance = try await start(adminSecret: "s3cret")
        defer { Task { await instance.stop() } }
        let http = TestHTTP(baseURL: instance.baseURL, token: instance.ownerToken)
        let plan = #"{"rules":[{"path":"/api/v1/timelines/home","status":503,"times":1}]}"#

        let refused = try await http.request("PUT", "/parla-admin/faults", json: plan, headers: ["X-Parla-Admin-Secret": "wrong"])
        #expect(refused.status == 403)
        #expect(refused.object["error"] as? String == "The admin secret is missing or wrong")
        #expect(try await http.call(API.Timelines.home).status == 200)

        let set = try await http.request("PUT", "/parla-admin/faults", json: plan, headers: ["X-Parla-Admin-Secret": "s3cret"])
        #expect(set.status == 200)
        let read = try await http.request("GET", "/parla-admin/faults", headers: ["X-Parla-Admin-Secret": "s3cret"])
        #expect(String(decoding: read.body, as: UTF8.self).contains(#""path":"\/api\/v1\/timelines\/home""#))
        #expect(try await http.call(API.Timelines.home).status == 503)
        #expect(try await http.call(API.Timelines.home).status == 200)

        let always = #"{"rules":[{"path":"/api/v1/timelines/*","status":502}]}"#
        _ = try await http.request("PUT", "/parla-admin/faults", json: always, headers: ["X-Parla-Admin-Secret": "s3cret"])
        #expect(try await http.call(API.Timelines.publicTimeline).status == 502)
        let cleared = try await http.request("DELETE", "/parla-admin/faults", headers: ["X-Parla-Admin-Secret": "s3cret"])
        #expect(cleared.status == 200)
        #expect(try await http.call(API.Timelines.publicTimeline).status == 200)

        let bad = try await http.request("PUT", "/parla-admin/faults", json: "{\"rules\": 3}", headers: ["X-Parla-Admin-Secret": "s3cret"])
        #expect(bad.status == 422)
    }

    @Test("without a secret the admin routes do not exist")
    func adminOffByDefault() async throws {
        let instance = try await start(adminSecret: nil)
        defer { Task { await instance.stop() } }
        let http = TestHTTP(baseURL: instance.baseURL, token: instance.ownerToken)
        let reply = try await http.request("PUT", "/parla-admin/faults", json: #"{"rules":[]}"#, headers: ["X-Parla-Admin-Secret": ""])
        #expect(reply.status == 404)
        #expect(!instance.setFaults(FaultPlan(rules: [])))
    }

    @Test("streams carry :thump heartbeats between events")
    func heartbeats() async throws {
        let instance = try await start(adminSecret: nil, heartbeat: .milliseconds(20))
        defer { Task { await instance.stop() } }
        let stream = try EventStreamReader(port: instance.port, path: API.Streaming.user(query: [("access_token", instance.ownerToken)]).target)
        let text = await stream.read(until: ":thump\n\n", count: 2)
        #expect(text.contains(":)\n\n"))
        #expect(text.components(separatedBy: ":thump\n\n").count == 3)
    }
}
