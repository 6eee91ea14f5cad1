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

/// Runs this executable again with `arguments` and returns its `name: value` lines.
func child(_ arguments: [String]) -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch {
        return ["error: \(arguments.joined(separator: " ")) did not start: \(error)"]
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    var lines = text.split(separator: "\n").map(String.init)
    if process.terminationStatus != 0 { lines.append("error: \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)") }
    return lines
}
