import MicroblogKit

/// Posts a server filter hides (`filter_action` `hide`) stay in the cache, so paging still knows
/// where a timeline ends, but are never shown or read; how many there are is said on request.
extension Engine {
    /// How many cached posts of a timeline a server filter hides.
    public func hiddenByFilters(_ kind: TimelineKind) -> Int {
        ((try? cache.posts(kind.key, limit: Int(Int32.max))) ?? []).count(where: \.isHiddenByFilter)
    }
}
