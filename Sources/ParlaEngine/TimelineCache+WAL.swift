import CSQLiteOptions
import Foundation
import GRDB

extension TimelineCache {
    /// Sets up each connection so that a process which changed nothing writes nothing.
    ///
    /// SQLite checkpoints the WAL into the database and deletes it when the last connection closes,
    /// and GRDB, finding no WAL file at the next open, writes and syncs a throw-away transaction to make
    /// one: every line-mode command wrote and synced the cache twice, at open and at exit, even when it
    /// changed nothing. With the checkpoint at close turned off the WAL file stays (its frames are as
    /// durable as the database), the next open finds it, and a reading command writes nothing. A process
    /// that did change the cache checkpoints and empties the WAL when the cache closes
    /// (``checkpointIfChanged()``), so the file does not grow from run to run.
    static func prepare(_ db: Database) throws {
        let code = parla_sqlite3_no_checkpoint_on_close(db.sqliteConnection)
        guard code == 0 else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
    }

    /// Copies the WAL into the database and empties it, when this process changed the cache.
    func checkpointIfChanged() {
        guard changes.happened else { return }
        _ = try? pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }
}

/// Whether a process changed the cache (a row written, not only a transaction opened).
final class ChangeFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var happened: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
}
