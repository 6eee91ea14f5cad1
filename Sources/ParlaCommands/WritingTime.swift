import Foundation
import ParlaBase

/// The times and durations writing commands take: `2026-11-25 09:00`, `09:00`, `2h`, `1d`, `30m`.
public enum WritingTime {
    /// A delay such as `90s`, `30m`, `2h`, `1d` or `1h30m`; nil for anything else (or nothing).
    public static func duration(_ text: String) -> TimeInterval? {
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
        var total: TimeInterval = 0
        var number = ""
        for character in text.lowercased() where !character.isWhitespace {
            if character.isASCII, character.isNumber {
                number.append(character)
            } else if let unit = units[character], let value = Double(number) {
                total += value * unit
                number = ""
            } else {
                return nil
            }
        }
        return number.isEmpty && total > 0 ? total : nil
    }

    /// A wall-clock time: `YYYY-MM-DD HH:MM` (or with `T`), or `HH:MM` (today, or tomorrow once passed),
    /// in `timeZone`; nil for anything else.
    public static func date(_ text: String, now: Date, timeZone: TimeZone = .current) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "T", with: " ")
        let parts = trimmed.split(separator: " ")
        func clock(_ text: Substring) -> (Int, Int)? {
            let pieces = text.split(separator: ":")
            guard pieces.count == 2, let hour = Int(pieces[0]), let minute = Int(pieces[1]), (0..<24).contains(hour), (0..<60).contains(minute)
            else { return nil }
            return (hour, minute)
        }
        if parts.count == 1, let (hour, minute) = clock(parts[0]) {
            guard let today = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: now) else { return nil }
            return today > now ? today : calendar.date(byAdding: .day, value: 1, to: today)
        }
        guard parts.count == 2, let (hour, minute) = clock(parts[1]) else { return nil }
        let day = parts[0].split(separator: "-").compactMap { Int($0) }
        guard day.count == 3 else { return nil }
        let components = DateComponents(year: day[0], month: day[1], day: day[2], hour: hour, minute: minute)
        guard let date = calendar.date(from: components), calendar.component(.day, from: date) == day[2] else { return nil }
        return date
    }

    /// A date as the user reads it, in their language: `25 Nov 2026, 09:00`.
    public static func spoken(_ date: Date, language: Language, timeZone: TimeZone = .current) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language.code)
        formatter.timeZone = timeZone
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter.string(from: date)
    }
}
