import Foundation

/// A field of /proc/self/status in megabytes (VmHWM: peak resident set; VmRSS: resident now).
func statusMegabytes(_ field: String) -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        let number = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? .nan
        return number / 1024
    }
    return .nan
}
