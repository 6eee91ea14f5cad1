import Foundation
import ParlaBase

/// Everything that can go wrong between Parla and a server, with a message a person can hear.
///
/// Messages come from `Localization/<language>/errors.json`; any text from the server is cleaned of
/// control characters before it is put in one.
public enum MicroblogError: Error, Hashable, Sendable {
    /// No connection could be made (refused, no route).
    case unreachable(host: String)
    /// The server's name was not found (DNS): a wrong address, or no network at all.
    case hostNotFound(host: String)
    /// The server took too long.
    case timedOut(host: String)
    /// The connection closed before the whole answer arrived.
    case connectionLost(host: String)
    /// A plain-http address that is not loopback.
    case insecureURL(String)
    /// Not a usable server address.
    case invalidURL(String)
    /// The certificate could not be verified.
    case tls(host: String, detail: String)
    /// 401: the token is no longer valid.
    case unauthorized
    /// 403.
    case forbidden(message: String?)
    /// 404 or 410.
    case notFound
    /// 429 or a spent budget: nothing more until `resetAt`.
    case rateLimited(resetAt: Date?)
    /// 422 and other 4xx with the server's reason.
    case rejected(status: Int, message: String?)
    /// 5xx.
    case server(status: Int)
    /// The answer could not be decoded.
    case malformedResponse(detail: String)
    /// The answer was larger than Parla reads (`limit` bytes); reading stopped.
    case tooLarge(host: String, limit: Int)
    /// A 3xx: the server says the address moved; Parla does not follow, so the token stays with this server.
    case moved(status: Int, location: String?)
    /// The server does not offer this.
    case notSupported(feature: String)
    /// No account by this name is set up.
    case noAccount(name: String)
    /// Parla's own files could not be read or written.
    case storage(detail: String)
    /// The user or the program stopped the request.
    case cancelled

    /// The key of the message in `errors.json`.
    public var messageKey: String {
        switch self {
        case .unreachable: "error.unreachable"
        case .hostNotFound: "error.host-not-found"
        case .timedOut: "error.timed-out"
        case .connectionLost: "error.connection-lost"
        case .insecureURL: "error.insecure-url"
        case .invalidURL: "error.invalid-url"
        case .tls: "error.tls"
        case .unauthorized: "error.unauthorized"
        case .forbidden(let message): message == nil ? "error.forbidden" : "error.forbidden-reason"
        case .notFound: "error.not-found"
        case .rateLimited(let reset): reset == nil ? "error.rate-limited" : "error.rate-limited-until"
        case .rejected(_, let message): message == nil ? "error.rejected" : "error.rejected-reason"
        case .server: "error.server"
        case .malformedResponse: "error.malformed"
        case .tooLarge: "error.too-large"
        case .moved(_, let location): location == nil ? "error.moved" : "error.moved-to"
        case .notSupported: "error.not-supported"
        case .noAccount: "error.no-account"
        case .storage: "error.storage"
        case .cancelled: "error.cancelled"
        }
    }

    /// The placeholders of the message, cleaned of control characters; a missing feature named in `localizer`'s words.
    public func arguments(_ localizer: Localizer, timeFormatter: (Date) -> String) -> [String: String] {
        func clean(_ text: String) -> String { TextSafety.stripped(String(text.prefix(300))) }
        switch self {
        case .unreachable(let host), .hostNotFound(let host), .timedOut(let host), .connectionLost(let host): return ["host": clean(host)]
        case .insecureURL(let url), .invalidURL(let url): return ["url": clean(url)]
        case .tls(let host, let detail): return ["host": clean(host), "detail": clean(detail)]
        case .forbidden(let message): return ["reason": clean(message ?? "")]
        case .rateLimited(let reset): return ["time": reset.map(timeFormatter) ?? ""]
        case .rejected(let status, let message): return ["status": String(status), "reason": clean(message ?? "")]
        case .server(let status): return ["status": String(status)]
        case .malformedResponse(let detail): return ["detail": clean(detail)]
        case .tooLarge(let host, let limit): return ["host": clean(host), "megabytes": String(limit / 1_048_576)]
        case .moved(let status, let location): return ["status": String(status), "location": TextSafety.cleaned(String((location ?? "").prefix(300)))]
        case .notSupported(let feature): return ["feature": Self.featureName(feature, localizer: localizer)]
        case .noAccount(let name): return ["name": clean(name)]
        case .storage(let detail): return ["detail": clean(detail)]
        case .unauthorized, .notFound, .cancelled: return [:]
        }
    }

    /// The sentence to show and say, in the localizer's language; reset times as local clock time. Given
    /// `now`, a wait of more than an hour is said with its date and how to try sooner (`longWaitKey`: line
    /// mode's command, or the screen's key). With `retrying` (only where something does try again, as
    /// the engine while offline), a network or server trouble ends with "Parla will try again".
    public func message(_ localizer: Localizer, timeZone: TimeZone = .current, now: Date? = nil,
                        longWaitKey: String = "error.rate-limited-long", retrying: Bool = false) -> String {
        let said = sentence(localizer, timeZone: timeZone, now: now, longWaitKey: longWaitKey)
        guard retrying, isTransient, !isRateLimited else { return said }
        return said + " " + localizer.string("error.retrying")
    }

    private var isRateLimited: Bool {
        if case .rateLimited = self { return true }
        return false
    }

    private func sentence(_ localizer: Localizer, timeZone: TimeZone, now: Date?, longWaitKey: String) -> String {
        if case .rateLimited(let reset?) = self, let now, reset.timeIntervalSince(now) > 3600 {
            return localizer.string(longWaitKey, [
                "date": Self.calendarDate(reset, timeZone: timeZone), "time": Self.clockTime(reset, timeZone: timeZone),
            ])
        }
        return localizer.string(messageKey, arguments(localizer, timeFormatter: {
            MicroblogError.clockTime($0, now: now, timeZone: timeZone, localizer: localizer)
        }))
    }

    /// What a network lacks, in the localizer's words: `feature.<name>` for a capability ("polls"), a visibility
    /// ("private") or a timeline ("local"); "uploads:<type>" for a kind of file; a method the server does not
    /// implement (an XRPC name such as `app.bsky.bookmark.createBookmark`, or any name with no words of ours) as
    /// "this yet", rather than read out letter by letter.
    static func featureName(_ feature: String, localizer: Localizer) -> String {
        if feature.hasPrefix("uploads:") {
            return localizer.string("feature.uploads", ["type": TextSafety.stripped(String(feature.dropFirst("uploads:".count).prefix(60)))])
        }
        let key = "feature." + feature
        return localizer.has(key, in: .english) ? localizer.string(key) : localizer.string("feature.unknown")
    }

    /// `14:05`, or `14:05 on 2026-11-26` (in the localizer's words) when that is not `now`'s day; the time alone
    /// when `now` is not known.
    public static func clockTime(_ date: Date, now: Date?, timeZone: TimeZone, localizer: Localizer) -> String {
        let time = clockTime(date, timeZone: timeZone)
        guard let now, calendarDate(now, timeZone: timeZone) != calendarDate(date, timeZone: timeZone) else { return time }
        return localizer.string("time.on-date", ["time": time, "date": calendarDate(date, timeZone: timeZone)])
    }

    /// `2026-11-25` in the given time zone.
    public static func calendarDate(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        func two(_ value: Int) -> String { (value < 10 ? "0" : "") + String(value) }
        return String(parts.year ?? 0) + "-" + two(parts.month ?? 0) + "-" + two(parts.day ?? 0)
    }

    /// `14:05` in the given time zone.
    public static func clockTime(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let hour = parts.hour ?? 0
        let minute = parts.minute ?? 0
        return (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    /// Whether trying again later may work (network trouble, 5xx, rate limits).
    public var isTransient: Bool {
        switch self {
        case .unreachable, .hostNotFound, .timedOut, .connectionLost, .server, .rateLimited: true
        default: false
        }
    }

    /// The process exit status for line mode (sysexits.h): 75 temporary failure (rate limited),
    /// 68 no such host, 69 unavailable, 77 no permission, 65 data error, 78 configuration, 1 otherwise.
    public var exitCode: Int32 {
        switch self {
        case .rateLimited: 75
        case .hostNotFound: 68
        case .unreachable, .timedOut, .connectionLost, .server, .tls: 69
        case .unauthorized, .forbidden: 77
        case .malformedResponse, .tooLarge, .moved: 76
        case .rejected, .notFound: 65
        case .noAccount, .insecureURL, .invalidURL: 78
        case .storage: 74
        case .notSupported, .cancelled: 1
        }
    }
}
