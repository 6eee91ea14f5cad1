import MicroblogKit

/// What this session learnt of attachments' files, by account and attachment (issue 29): the text recognised in
/// undescribed pictures and the sizes the files' hosts told, so `a`, the reader and the attachments list answer
/// at once; and the recognitions and size questions running now. The account's files keep the same (its
/// ``MediaStore``); this is their copy on the key loop's side, never waited for.
final class MediaMemory {
    private struct Key: Hashable {
        var account: String
        var attachment: String
    }

    private var texts: [Key: String] = [:]
    /// Pictures whose text could not be read (not a picture Parla opens, not fetched): not tried again by themselves.
    private var unreadable: Set<Key> = []
    /// The sizes the hosts answered (nil: the host does not tell).
    private var sizes: [Key: Int?] = [:]
    private var sizesAsked: Set<Key> = []
    /// The recognitions running, with their runtime ids.
    private var reading: [Key: Int] = [:]
    /// Counts the texts and sizes learnt, so a screen that shows them looks again only when one came.
    private(set) var learnt = 0

    /// The text recognised in the attachment (empty: none found); nil when not read yet.
    func text(_ attachment: MediaAttachment, account: String) -> String? { texts[Key(account: account, attachment: attachment.id)] }

    /// Whether its text is known, failed or being read (nothing to start).
    func isReadOrReading(_ attachment: MediaAttachment, account: String) -> Bool {
        let key = Key(account: account, attachment: attachment.id)
        return texts[key] != nil || unreadable.contains(key) || reading[key] != nil
    }

    /// A recognition started as runtime work `task`.
    func started(_ attachment: MediaAttachment, account: String, task: Int) { reading[Key(account: account, attachment: attachment.id)] = task }

    /// A recognition ended: with the text, or without (`text` nil).
    func read(_ attachment: MediaAttachment, account: String, text: String?) {
        let key = Key(account: account, attachment: attachment.id)
        reading[key] = nil
        if let text {
            texts[key] = text
            learnt += 1
        } else {
            unreadable.insert(key)
        }
    }

    /// Forgets the recognitions running; returns their runtime ids, to cancel.
    func stopReading() -> [Int] {
        defer { reading.removeAll() }
        return Array(reading.values)
    }

    /// The file's size when its host told it (or it was fetched).
    func size(_ attachment: MediaAttachment, account: String) -> Int? { sizes[Key(account: account, attachment: attachment.id)] ?? nil }

    /// Whether its host answered (perhaps that it does not tell).
    func sizeAnswered(_ attachment: MediaAttachment, account: String) -> Bool { sizes[Key(account: account, attachment: attachment.id)] != nil }

    /// Notes that its size is being asked; returns false when it was asked before.
    func askSize(_ attachment: MediaAttachment, account: String) -> Bool { sizesAsked.insert(Key(account: account, attachment: attachment.id)).inserted }

    /// The size the host told (nil: it did not).
    func told(_ size: Int?, for attachment: MediaAttachment, account: String) {
        sizes[Key(account: account, attachment: attachment.id)] = .some(size)
        learnt += 1
    }
}
