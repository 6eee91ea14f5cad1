import MicroblogKit

/// A timeline's entries as the screen keeps them: posts compact (``CompactPost``, authors shared), each
/// made whole again only when it is read, shown or acted on. Reading, paging and speech see the same
/// entries, in the same order, as a plain array of ``TimelineEntry`` would give.
struct TimelineEntries: RandomAccessCollection {
    /// One kept entry (a notification is kept whole: there are at most a few thousand).
    fileprivate enum Kept {
        case post(CompactPost)
        indirect case notification(MicroblogNotification)

        var id: String {
            switch self {
            case .post(let post): post.id
            case .notification(let notification): notification.id
            }
        }

        /// Whether this entry stands for `id`: its own, or one of the notifications gathered into it
        /// (no array is made for a post: paging and every reload ask this of each entry kept).
        func stands(for id: String) -> Bool {
            switch self {
            case .post(let post): post.id == id
            case .notification(let notification): notification.id == id || notification.group?.memberIds.contains(id) == true
            }
        }

        var entry: TimelineEntry {
            switch self {
            case .post(let post): .post(post.post)
            case .notification(let notification): .notification(notification)
            }
        }
    }

    private var kept: [Kept]
    /// The authors, shared by every post kept here and by the entries added later.
    private let accounts: AccountTable

    init(_ entries: some Sequence<TimelineEntry> = [TimelineEntry](), accounts: AccountTable = AccountTable()) {
        self.accounts = accounts
        kept = entries.map { Self.keep($0, accounts) }
    }

    private static func keep(_ entry: TimelineEntry, _ accounts: AccountTable) -> Kept {
        switch entry {
        case .post(let post): .post(CompactPost(post, accounts: accounts))
        case .notification(let notification): .notification(notification)
        }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { kept.count }

    /// The entry at `index`, made whole.
    subscript(index: Int) -> TimelineEntry { kept[index].entry }

    /// The id of the entry at `index` (without making it whole).
    func id(at index: Int) -> String { kept[index].id }

    /// Every entry's id, in order.
    var ids: [String] { kept.map(\.id) }

    /// The index of the entry with `id`.
    func firstIndex(id: String) -> Int? { kept.firstIndex { $0.id == id } }

    /// The index of the entry that stands for `id`: its own, or a group of notifications gathering it.
    func firstIndex(standingFor id: String) -> Int? { kept.firstIndex { $0.stands(for: id) } }

    /// The ids among `ids` that entries here stand for, groups' members included (without a set of
    /// every id kept).
    func known(among ids: Set<String>) -> Set<String> {
        var found = Set<String>()
        for entry in kept {
            switch entry {
            case .post(let post):
                if ids.contains(post.id) { found.insert(post.id) }
            case .notification(let notification):
                for id in TimelineEntry.notification(notification).ids where ids.contains(id) { found.insert(id) }
            }
        }
        return found
    }

    /// Adds `more` after the entries (in place when this value alone holds them).
    mutating func append(contentsOf more: some Sequence<TimelineEntry>) {
        let accounts = accounts
        kept += more.map { Self.keep($0, accounts) }
    }

    /// `fresh` followed by the entries after index `index` whose ids `fresh` does not hold.
    func replacingPrefix(with fresh: TimelineEntries, keepingAfter index: Int) -> TimelineEntries {
        let ids = Set(fresh.ids)
        var copy = fresh
        copy.kept += kept[(index + 1)...].filter { !ids.contains($0.id) }
        return copy
    }

    /// Without the entry with `id`.
    func removing(id: String) -> TimelineEntries {
        var copy = self
        copy.kept.removeAll { $0.id == id }
        return copy
    }

    /// `post` in place of the posts with its id, and of the boosted post in boosts of it; nil when none holds it.
    func replacing(_ post: Post) -> TimelineEntries? {
        var copy = self
        var changed = false
        for (index, entry) in kept.enumerated() {
            guard case .post(let old) = entry else { continue }
            if old.id == post.id {
                copy.kept[index] = .post(CompactPost(post, accounts: accounts))
                changed = true
            } else if old.reblog?.id == post.id {
                var boost = old.post
                boost.reblog = Box(post)
                copy.kept[index] = .post(CompactPost(boost, accounts: accounts))
                changed = true
            }
        }
        return changed ? copy : nil
    }

    /// Entries kept in the same way as these (sharing their authors); a post equal to one kept here is
    /// not kept a second time (the cache read again after new posts brings mostly the same posts).
    func keeping(_ entries: [TimelineEntry]) -> TimelineEntries {
        guard !kept.isEmpty, !entries.isEmpty else { return TimelineEntries(entries, accounts: accounts) }
        return keeping(FreshEntries(entries))
    }

    /// ``keeping(_:)`` for entries whose hashes were worked out where they were read.
    func keeping(_ fresh: FreshEntries) -> TimelineEntries {
        let entries = fresh.entries
        guard !kept.isEmpty, !entries.isEmpty else { return TimelineEntries(entries, accounts: accounts) }
        var reused = [Kept?](repeating: nil, count: entries.count)
        for old in kept {
            guard case .post(let compact) = old, let index = fresh.firstIndex[compact.id], reused[index] == nil,
                  compact.fingerprint == fresh.fingerprints[index] else { continue }
            reused[index] = old
        }
        var made = TimelineEntries(accounts: accounts)
        made.kept = entries.indices.map { reused[$0] ?? Self.keep(entries[$0], accounts) }
        return made
    }
}
