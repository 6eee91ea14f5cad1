import Foundation
import Hummingbird
import MastodonAPI
import NIOCore

extension InstanceRouter {
    /// How many events may wait for a slow reader; one that falls further behind is disconnected.
    static let streamBacklog = 100

    /// Moves events into a connection's bounded queue; ends it when the reader has fallen
    /// ``streamBacklog`` events behind (its memory stays bounded; it may reconnect).
    /// - Returns: whether the reader was let go for being too slow.
    @discardableResult
    static func forwardEvents(
        _ events: AsyncStream<StreamEvent>, to sink: AsyncStream<String>.Continuation, onlyNotifications: Bool
    ) async -> Bool {
        defer { sink.finish() }
        for await event in events {
            if onlyNotifications && event.event != "notification" { continue }
            if case .dropped = sink.yield("event: \(event.event)\ndata: \(event.payload)\n\n") { return true }
        }
        return false
    }

    /// Server-Sent Events: `/api/v1/streaming/user`, `/public`, `/public/local` and `?stream=`.
    static func addStreamingRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        router.api(API.Streaming.health, access: .optional, services: services) { _ in .text("OK") }
        let streams: [(Endpoint<EventStream>, String?)] = [
            (API.Streaming.named, nil), (API.Streaming.user, "user"), (API.Streaming.publicAll, "public"),
            (API.Streaming.publicLocal, "public:local"),
        ]
        for (endpoint, fixed) in streams {
            router.on(RouterPath(endpoint.template.routerPattern), method: HTTPRequest.Method(endpoint.method)) { request, _ -> Response in
                guard let token = InstanceServices.token(request), let viewer = try services.store.viewer(token: token) else {
                    throw APIError(status: .unauthorized, message: "Error while trying to authenticate")
                }
                guard viewer.allows("read") else { throw APIError.forbidden() }
                let name = fixed ?? request.uri.queryParameters.get("stream") ?? ""
                let stream: StreamHub.Stream
                switch name {
                case "user", "user:notification": stream = .user(viewer.accountID)
                case "public", "public:local": stream = .publicTimeline
                default: throw APIError.badRequest("Unknown stream type")
                }
                let onlyNotifications = name == "user:notification"
                let events = services.hub.subscribe(stream)
                var headers = HTTPFields()
                headers[.contentType] = "text/event-stream"
                headers[.cacheControl] = "no-store"
                let heartbeat = services.heartbeat
                return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: ":)\n\n"))
                    // Events and heartbeats (`:thump`, as Mastodon sends) merge into one ordered stream.
                    let (chunks, sink) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingOldest(streamBacklog))
                    let forward = Task { await forwardEvents(events, to: sink, onlyNotifications: onlyNotifications) }
                    let beat = Task {
                        guard let heartbeat else { return }
                        while !Task.isCancelled {
                            try? await Task.sleep(for: heartbeat)
                            if Task.isCancelled { break }
                            sink.yield(":thump\n\n")
                        }
                    }
                    defer {
                        forward.cancel()
                        beat.cancel()
                    }
                    for await chunk in chunks {
                        try await writer.write(ByteBuffer(string: chunk))
                    }
                    try await writer.finish(nil)
                })
            }
        }
    }
}
