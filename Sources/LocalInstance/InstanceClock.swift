import Foundation
import ParlaBase

/// Wall-clock time for the instance, read through an injected ``TickClock``.
///
/// The instance needs calendar dates (`created_at`, rate-limit resets); tests need them fixed. A wall
/// clock here is an epoch plus the time a ``TickClock`` has counted, so a ``ManualClock`` makes every date
/// the instance writes predictable.
public struct InstanceClock: Sendable {
    /// The calendar date at which `tick` reads zero.
    public let epoch: Date
    /// The monotonic clock that moves time forward.
    public let tick: any TickClock

    /// Creates a clock that reads `epoch` when `tick` reads zero.
    public init(epoch: Date, tick: any TickClock) {
        self.epoch = epoch
        self.tick = tick
    }

    /// The real clock: now, moving with the system's monotonic clock.
    public static func system() -> InstanceClock {
        InstanceClock(epoch: Date(), tick: SystemClock())
    }

    /// The current date.
    public func now() -> Date {
        epoch.addingTimeInterval(Double(tick.now().milliseconds) / 1000)
    }
}

/// Mastodon's date formats.
enum MastodonDate {
    /// `2024-05-01T10:20:30.000Z`, as Mastodon writes every timestamp.
    static func string(_ date: Date) -> String {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        let remainder = millis - seconds * 1000
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        let year = Int(parts.tm_year) + 1900
        guard (0...9999).contains(year) else {
            return String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
                year, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(remainder))
        }
        // Written digit by digit: String(format:) was a fifteenth of a home page (two dates a post).
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var index = 0
            func put(_ value: Int, digits: Int, then separator: UInt8) {
                var divisor = 1
                for _ in 1..<digits { divisor *= 10 }
                while divisor > 0 {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value / divisor % 10)
                    index += 1
                    divisor /= 10
                }
                buffer[index] = separator
                index += 1
            }
            put(year, digits: 4, then: UInt8(ascii: "-"))
            put(Int(parts.tm_mon) + 1, digits: 2, then: UInt8(ascii: "-"))
            put(Int(parts.tm_mday), digits: 2, then: UInt8(ascii: "T"))
            put(Int(parts.tm_hour), digits: 2, then: UInt8(ascii: ":"))
            put(Int(parts.tm_min), digits: 2, then: UInt8(ascii: ":"))
            put(Int(parts.tm_sec), digits: 2, then: UInt8(ascii: "."))
            put(Int(remainder), digits: 3, then: UInt8(ascii: "Z"))
            return index
        }
    }

    /// `2024-05-01`, the day a `last_status_at` names.
    static func day(_ date: Date) -> String {
        String(string(date).prefix(10))
    }

    /// Milliseconds since 1970, as the database stores dates.
    static func millis(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The date for a stored millisecond count.
    static func date(millis: Int64) -> Date {
        Date(timeIntervalSince1970: Double(millis) / 1000)
    }
}
