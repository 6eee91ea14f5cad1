import Hummingbird
import NIOCore

/// The embedded instance's request context: Hummingbird's core storage and the caller's address, so that
/// callers without a (valid) token are rate-limited each on their own address rather than all in one bucket.
public struct InstanceRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Where the request came from (nil when the channel does not say).
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The caller's IP address without the port ("127.0.0.2"), or "unknown".
    var callerAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}
