import MicroblogKit

/// Entries read again from the cache, with what keeping them needs worked out where they were read (off the
/// main loop): each post's hash and where each id first stands. A burst of posts into a timeline of 100 000
/// reads the cache again and again; hashing 100 000 posts on the main loop held a key there for 365 ms.
struct FreshEntries: Sendable {
    let entries: [TimelineEntry]
    /// Each entry's hash (a post's; 0 for a notification, which is kept whole and not compared by it).
    let fingerprints: [Int]
    /// Where each id first stands in ``entries``.
    let firstIndex: [String: Int]

    init(_ entries: [TimelineEntry]) {
        self.entries = entries
        fingerprints = entries.map { if case .post(let post) = $0 { post.hashValue } else { 0 } }
        var firstIndex: [String: Int] = [:]
        firstIndex.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() where firstIndex[entry.id] == nil { firstIndex[entry.id] = index }
        self.firstIndex = firstIndex
    }
}
