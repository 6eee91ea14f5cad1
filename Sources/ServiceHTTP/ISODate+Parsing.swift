import Foundation

extension ISODate {
    /// The forms servers write (`2024-05-01T12:30:05Z`, `…05.123Z`, `…05+02:00`, `2024-05-01`) read
    /// directly from the bytes; nil for anything else, which the ICU formatters then read.
    ///
    /// ICU took about a tenth of a line-mode command's time on a page of 40 posts. Fractions keep
    /// milliseconds, as ICU's formatter does.
    static func parseCommonForm(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            var reader = DigitReader(bytes: bytes)
            guard let year = reader.number(4), reader.take(UInt8(ascii: "-")),
                let month = reader.number(2), reader.take(UInt8(ascii: "-")),
                let day = reader.number(2),
                (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
            else { return nil }
            let days = daysFromEpoch(year: year, month: month, day: day)
            if reader.atEnd { return Date(timeIntervalSince1970: Double(days * 86_400)) }
            guard reader.take(UInt8(ascii: "T")) || reader.take(UInt8(ascii: "t")),
                let hour = reader.number(2), reader.take(UInt8(ascii: ":")),
                let minute = reader.number(2), reader.take(UInt8(ascii: ":")),
                let second = reader.number(2),
                hour < 24, minute < 60, second < 60
            else { return nil }
            var milliseconds = 0
            if reader.take(UInt8(ascii: ".")) {
                var digits = 0
                while let digit = reader.digit() {
                    if digits < 3 { milliseconds = milliseconds * 10 + digit }
                    digits += 1
                }
                guard digits > 0 else { return nil }
                for _ in digits..<max(digits, 3) { milliseconds *= 10 }
            }
            var offset = 0
            if reader.take(UInt8(ascii: "Z")) || reader.take(UInt8(ascii: "z")) {
                offset = 0
            } else if let sign = reader.sign() {
                guard let hours = reader.number(2), hours < 24 else { return nil }
                _ = reader.take(UInt8(ascii: ":"))
                guard let minutes = reader.number(2), minutes < 60 else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            } else {
                return nil
            }
            guard reader.atEnd else { return nil }
            let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
            return Date(timeIntervalSince1970: Double(seconds * 1000 + milliseconds) / 1000)
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    static func daysFromEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Reads ASCII digits and marks from the front of a buffer.
    private struct DigitReader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else { return nil }
            defer { index += 1 }
            return Int(bytes[index] - UInt8(ascii: "0"))
        }

        /// Exactly `count` digits as a number.
        mutating func number(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        /// +1 or -1 for a leading `+` or `-`.
        mutating func sign() -> Int? {
            if take(UInt8(ascii: "+")) { return 1 }
            if take(UInt8(ascii: "-")) { return -1 }
            return nil
        }
    }
}
