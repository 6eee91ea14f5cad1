import Gallery

/// The gallery's settings kept in memory (tests).
public final class MemorySettingsStore: SettingsStore {
    public private(set) var saved: GallerySettings?
    public init(_ initial: GallerySettings? = nil) { saved = initial }
    public func load() throws -> GallerySettings { saved ?? GallerySettings() }
    public func save(_ settings: GallerySettings) throws { saved = settings }
}
