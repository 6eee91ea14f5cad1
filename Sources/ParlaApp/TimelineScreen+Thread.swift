import MicroblogKit

extension TimelineScreen {
    /// A reply the user sent in this thread shows in it at once, without opening the thread again: after
    /// the post it answers and the replies already below that post; the marker stays on the post it was on.
    func showSentReply(_ reply: Post) {
        guard case .thread = source, let parentId = reply.inReplyToId, entries.firstIndex(id: reply.id) == nil,
              let parent = entries.firstIndex(id: parentId) else { return }
        // A thread lists each post's replies right below it, depth first: they end at the first entry that
        // answers none of them.
        var answered: Set<String> = [parentId]
        var at = parent + 1
        while at < entries.count, let to = entries[at].post?.inReplyToId, answered.contains(to) {
            answered.insert(entries.id(at: at))
            at += 1
        }
        var list = Array(entries)
        list.insert(.post(reply), at: at)
        setEntries(list, index: wheel.index >= at ? wheel.index + 1 : wheel.index)
    }
}
