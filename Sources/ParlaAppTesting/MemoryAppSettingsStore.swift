import ParlaApp

/// Settings kept in memory (tests and the benchmark).
public final class MemoryAppSettingsStore: AppSettingsStore {
    public private(set) var saved: AppSettings?
    public init(_ initial: AppSettings? = nil) { saved = initial }
    public func load() throws -> AppSettings { saved ?? AppSettings() }
    public func save(_ settings: AppSettings) throws { saved = settings }
}
