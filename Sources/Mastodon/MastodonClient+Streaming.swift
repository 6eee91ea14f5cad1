import Foundation
import MastodonAPI
import MicroblogKit

extension MastodonClient {
    /// Follows a stream over Server-Sent Events (`/api/v1/streaming/user`, `/public`, `/public/local`).
    ///
    /// Events: `update`, `notification`, `delete`, `status.update`; heartbeats and events Parla does not
    /// know are skipped. The stream ends when the server closes and throws ``MicroblogError`` when the
    /// connection breaks.
    public func stream(_ kind: StreamKind) async throws -> AsyncThrowingStream<StreamEvent, any Error> {
        let endpoint: Endpoint<EventStream>
        switch kind {
        case .user: endpoint = API.Streaming.user
        case .publicAll: endpoint = API.Streaming.publicAll
        case .publicLocal: endpoint = API.Streaming.publicLocal
        }
        var outgoing = request(endpoint.method.rawValue, try url(endpoint, base: streamingBase.current ?? server))
        outgoing.headers = outgoing.headers.filter { $0.name != "Accept" } + [("Accept", "text/event-stream")]
        try await budget.acquire(priority: RequestPriority.current, family: .general, maxWait: maxWait)
        let response: HTTPStreamResponse
        do {
            response = try await transport.stream(outgoing)
        } catch {
            throw MicroblogError.from(error, host: host)
        }
        let limits = RateLimitHeaders(header: response.header, now: budget.now())
        await budget.record(limits, status: response.status, family: .general)
        if !(200..<300).contains(response.status) {
            var body = Data()
            // An error's reason is short: read 64 KiB at most, and stop there even if the server goes on.
            for try await chunk in response.body {
                body.append(chunk.prefix(65_536 - body.count))
                if body.count >= 65_536 { break }
            }
            try Self.check(HTTPResponse(status: response.status, headers: response.headers, body: body), limits: limits)
        }
        let host = host
        // Events the app has not taken yet are bounded too: past 1,000 the oldest are dropped.
        return AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1_000)) { continuation in
            let task = Task {
                var parser = ServerSentEventParser()
                do {
                    for try await chunk in response.body {
                        for event in parser.feed(chunk) {
                            if let decoded = Self.streamEvent(event) { continuation.yield(decoded) }
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: MicroblogError.from(error, host: host))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The event a Server-Sent Event carries; nil for ones Parla does not use or cannot read.
    static func streamEvent(_ event: ServerSentEvent) -> StreamEvent? {
        let data = Data(event.data.utf8)
        switch event.event {
        case "update":
            return (try? MastodonJSON.decoder.decode(MastodonEntities.Status.self, from: data))?.toModel().map(StreamEvent.update)
        case "status.update":
            return (try? MastodonJSON.decoder.decode(MastodonEntities.Status.self, from: data))?.toModel().map(StreamEvent.edited)
        case "notification":
            return (try? MastodonJSON.decoder.decode(MastodonEntities.Notification.self, from: data))?.toModel()
                .map(StreamEvent.notification)
        case "delete":
            let id = event.data.trimmingCharacters(in: CharacterSet(charactersIn: "\" \n"))
            return id.isEmpty ? nil : .delete(postId: id)
        default:
            return nil
        }
    }
}
