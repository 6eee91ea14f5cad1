import MicroblogKit

/// Where a wheel's older pages stand (a timeline, notifications): whether more may follow the
/// loaded end, whether the next page is on its way, and whether the user is waiting for it.
///
/// One page is asked for at a time, when the marker comes within ``ahead`` items of the loaded end;
/// a failed page is asked for again only when the user moves down from the last item.
struct OlderPages: Equatable {
    enum State: Equatable {
        /// No page asked for yet: whether more exists is not known.
        case unknown
        /// The last page said more exists.
        case more
        /// The next page is on its way.
        case loading
        /// The last page failed; asked for again on the next move past the end.
        case failed
        /// Everything is loaded.
        case end
    }

    /// How near the loaded end a move asks for the next page.
    static let ahead = 5

    private(set) var state: State = .unknown
    /// Whether a page said more exists (kept while the next one loads).
    private(set) var knownMore = false
    /// The user moved down from the last item while the page was on its way: the marker moves on when it arrives.
    var waiting = false
    /// Whether "loading" was said for the page on its way (said once).
    var toldLoading = false
    /// The request for the next page as the server's last answer named it (its `next` link).
    var next: PageRequest?

    /// Whether an older page was added below the first entries.
    private(set) var paged = false

    /// Whether more items may follow the loaded end (the wheel then lets the user move past it).
    var continues: Bool { state != .end }

    /// Whether the where line says that more exists below.
    var moreBelow: Bool { state == .more || (knownMore && state != .end) }

    /// Whether the marker at `index` of `count` items should ask for the next page now (it is then on its way).
    mutating func startIfNear(index: Int, count: Int) -> Bool {
        guard state == .unknown || state == .more, count > 0, index >= count - Self.ahead else { return false }
        state = .loading
        toldLoading = false
        return true
    }

    /// Asks for the next page when the user moves past the loaded end; false when one is already on its way.
    mutating func startPastEnd() -> Bool {
        guard state != .loading, state != .end else { return false }
        state = .loading
        toldLoading = false
        return true
    }

    /// Down on the last item while more may follow: the user now waits for the page (the marker moves on
    /// when it comes). `request`: the page must be asked for now (it is not on its way); `sayLoading`:
    /// "loading" is to be said, once per page.
    mutating func userWaits() -> (request: Bool, sayLoading: Bool) {
        waiting = true
        let request = startPastEnd()
        defer { toldLoading = true }
        return (request, !toldLoading)
    }

    /// A page arrived; `more`: the server says older items exist.
    mutating func arrived(more: Bool, added: Bool) {
        state = more ? .more : .end
        if added { paged = true }
        knownMore = more
    }

    /// The page failed.
    mutating func failed() { state = .failed }

    /// The loaded items were replaced by others (the cache read again): nothing is known about what follows.
    mutating func reset() { self = OlderPages() }
}
