import Foundation
import MicroblogKit
import ParlaBase

/// Drafts saved while the user types, so nothing written is ever lost.
///
/// ``save(_:)`` keeps the draft in memory and marks when it changed; ``writeDue()`` writes each draft
/// that has been quiet for ``quietPeriod`` or waited ``longestDelay`` while typing went on (the engine calls it from a timer on the injected sleeper),
/// and ``flush()`` writes everything at once (on quit). One JSON file per draft in ``folder``, written
/// atomically (temporary file, `fsync`, rename), so `kill -9` at any moment leaves the previous draft
/// or the new one, never a torn file.
public actor DraftStore {
    /// Where the draft files are.
    public let folder: URL
    /// How long typing must pause before a draft is written.
    public let quietPeriod: Duration
    /// The longest a change waits unwritten while typing goes on without a pause: a kill loses at most
    /// this much typing.
    public let longestDelay: Duration
    private let clock: any TickClock
    /// Each unwritten draft, when it last changed and when its oldest unwritten change was made.
    private var pending: [String: (draft: Draft, changedAt: Duration, since: Duration)] = [:]
    private var saved: [String: Draft] = [:]
    /// How many files were written since opening (for tests and diagnostics).
    public private(set) var writes = 0

    /// Opens the drafts in `folder` (created when missing) and restores them.
    ///
    /// - Throws: ``MicroblogError/storage(detail:)`` when the folder cannot be created.
    public init(folder: URL, clock: any TickClock, quietPeriod: Duration = .seconds(1), longestDelay: Duration = .seconds(1)) throws {
        self.folder = folder
        self.clock = clock
        self.quietPeriod = quietPeriod
        self.longestDelay = longestDelay
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw MicroblogError.storage(detail: "\(folder.path): \(error)")
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            if let data = try? Data(contentsOf: url), let draft = try? JSONDecoder().decode(Draft.self, from: data) {
                saved[draft.key] = draft
            }
        }
        // Temporary files left by a crash are the unfinished newer copies: the renamed files win.
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Notes a change; the draft is written once it has been quiet for ``quietPeriod``, or at the latest
    /// ``longestDelay`` after its first unwritten change.
    public func save(_ draft: Draft) {
        let now = clock.now()
        pending[draft.key] = (draft, now, pending[draft.key]?.since ?? now)
    }

    /// The latest draft for a key (typed or saved).
    public func draft(key: String) -> Draft? {
        pending[key]?.draft ?? saved[key]
    }

    /// Every draft, most recently changed first.
    public func all() -> [Draft] {
        var merged = saved
        for (key, entry) in pending { merged[key] = entry.draft }
        return merged.values.sorted { $0.updatedAt > $1.updatedAt }
    }

    /// When the next pending draft falls due, measured on the clock; nil when nothing waits.
    public func nextDue() -> Duration? {
        pending.values.map { due($0) }.min()
    }

    private func due(_ entry: (draft: Draft, changedAt: Duration, since: Duration)) -> Duration {
        min(entry.changedAt + quietPeriod, entry.since + longestDelay)
    }

    /// Writes the drafts that have been quiet long enough; returns how many were written.
    @discardableResult
    public func writeDue() throws -> Int {
        let now = clock.now()
        let due = pending.filter { self.due($0.value) <= now }
        for (key, entry) in due {
            try write(entry.draft)
            pending[key] = nil
        }
        return due.count
    }

    /// Writes every pending draft now (quit, Ctrl+Q).
    public func flush() throws {
        for (key, entry) in pending {
            try write(entry.draft)
            pending[key] = nil
        }
    }

    /// Removes a draft from memory and disk (it was sent or discarded).
    public func remove(key: String) throws {
        pending[key] = nil
        saved[key] = nil
        try AtomicFile.remove(url(for: key))
    }

    /// The file of a draft key: the key in hexadecimal, so any key is a safe file name.
    public func url(for key: String) -> URL {
        let hex = key.utf8.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
        return folder.appendingPathComponent("draft-\(hex.prefix(200)).json")
    }

    private func write(_ draft: Draft) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(draft)
        } catch {
            throw MicroblogError.storage(detail: "\(error)")
        }
        try AtomicFile.write(data, to: url(for: draft.key))
        saved[draft.key] = draft
        writes += 1
    }
}
