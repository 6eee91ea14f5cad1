import Foundation

/// Milliseconds in a duration, with fractions.
func milliseconds(_ duration: Duration) -> Double {
    let c = duration.components
    return Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15
}

/// The value at percentile `p` (nearest rank on the sorted values).
func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let rank = Int((p / 100 * Double(sorted.count - 1)).rounded())
    return sorted[min(max(rank, 0), sorted.count - 1)]
}

func format(_ value: Double) -> String { String(format: "%.3f", value) }

/// Prints one `name: value` line (stdout is flushed so a parent process reads it at once).
func figure(_ name: String, _ value: String) {
    FileHandle.standardOutput.write(Data("\(name): \(value)\n".utf8))
}

/// Prints `<name>_median_ms` and `<name>_p95_ms`.
func timings(_ name: String, _ values: [Double]) {
    figure("\(name)_median_ms", format(percentile(values, 50)))
    figure("\(name)_p95_ms", format(percentile(values, 95)))
}
