import Hummingbird
import NIOHTTPTypes
import NIOCore

/// The open connections of the instance, in the order they came, each marked by whether it is waiting for a
/// request's headers; it picks the connection to close when a new one goes past the limit.
final class ConnectionRegistry: Sendable {
    /// The most connections kept open.
    let limit: Int

    private struct Entry {
        let channel: any Channel
        let order: UInt64
        var waiting: Bool
    }

    private let state = LockedBox<(entries: [ObjectIdentifier: Entry], next: UInt64)>(([:], 0))

    init(limit: Int) {
        self.limit = limit
    }

    /// How many connections are open now.
    var count: Int { state.withValue { $0.entries.count } }

    /// Adds a new connection, waiting for its first request. Past the limit, answers the connection to close:
    /// the oldest other one still waiting for headers, or, when every other is busy with a request, this one.
    func opened(_ channel: any Channel) -> (any Channel)? {
        state.withValue { state in
            let key = ObjectIdentifier(channel)
            state.entries[key] = Entry(channel: channel, order: state.next, waiting: true)
            state.next += 1
            guard state.entries.count > limit else { return nil }
            let oldest = state.entries.filter { $0.key != key && $0.value.waiting }.min { $0.value.order < $1.value.order }
            let victim = oldest ?? (key: key, value: state.entries[key]!)
            state.entries[victim.key] = nil
            return victim.value.channel
        }
    }

    /// Marks a connection as waiting for a request (true) or busy with one (false).
    func setWaiting(_ channel: any Channel, _ waiting: Bool) {
        state.withValue { $0.entries[ObjectIdentifier(channel)]?.waiting = waiting }
    }

    /// Forgets a connection that closed.
    func closed(_ channel: any Channel) {
        state.withValue { _ = $0.entries.removeValue(forKey: ObjectIdentifier(channel)) }
    }
}

/// Keeps one connection in the ``ConnectionRegistry``: registered when it opens (closing whichever the
/// registry picks when it is one too many), busy from a request's complete headers to the end of its answer,
/// forgotten when it closes. A connection that has not sent its first request's headers by the deadline is
/// closed.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let registry: ConnectionRegistry
    private let headerTimeout: TimeAmount
    private var registered = false
    private var deadline: Scheduled<Void>?

    init(registry: ConnectionRegistry, headerTimeout: TimeAmount) {
        self.registry = registry
        self.headerTimeout = headerTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { register(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        register(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        forget(context)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        forget(context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            deadline?.cancel()
            deadline = nil
            registry.setWaiting(context.channel, false)
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { registry.setWaiting(context.channel, true) }
        context.write(data, promise: promise)
    }

    private func register(_ context: ChannelHandlerContext) {
        guard !registered else { return }
        registered = true
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: headerTimeout) { channel.close(promise: nil) }
        registry.opened(channel)?.close(promise: nil)
    }

    private func forget(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        registry.closed(context.channel)
    }
}
