import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many connections the instance keeps open and how long one may take to send a request's headers, so
/// that clients which connect and never finish (Slowloris) cannot take every open file of the process.
public struct ConnectionLimits: Sendable, Equatable {
    /// The most connections open at once. A connection past it closes the oldest one still waiting for its
    /// request's headers (or, when every other is busy with a request, itself).
    public var maxConnections: Int
    /// How long a new connection may take to send its first request's headers before it is closed.
    public var headerTimeout: Duration
    /// How long a connection may stay with no request under way (idle between requests, or a request's body
    /// stalled) before it is closed; longer than clients keep idle connections (60 s for AsyncHTTPClient), so
    /// that they close first. A request being answered, a stream included, is never cut by it.
    public var idleTimeout: Duration

    /// Creates limits of `maxConnections` connections, a `headerTimeout` deadline and an `idleTimeout`.
    public init(maxConnections: Int, headerTimeout: Duration, idleTimeout: Duration = ConnectionLimits.defaultIdleTimeout) {
        self.maxConnections = maxConnections
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
    }

    /// The most connections by default: 256, or half the process's open-file limit when that is lower.
    public static let defaultMaxConnections = 256
    /// The header deadline by default.
    public static let defaultHeaderTimeout = Duration.seconds(10)
    /// The idle deadline by default (nginx's `keepalive_timeout`).
    public static let defaultIdleTimeout = Duration.seconds(75)

    /// 256 connections (half the open-file limit when lower), 10 seconds for headers and 75 idle.
    public static var `default`: ConnectionLimits {
        var limit = rlimit()
        #if canImport(Glibc)
        let read = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
        #else
        let read = getrlimit(RLIMIT_NOFILE, &limit) == 0
        #endif
        let files = read ? Int(clamping: limit.rlim_cur) : 1024
        return ConnectionLimits(maxConnections: min(defaultMaxConnections, max(8, files / 2)), headerTimeout: defaultHeaderTimeout)
    }
}
