import GRDB
import GRDBSQLite

extension TimelineCache {
    /// Keeps the cache's `-wal` and `-shm` files when the last connection closes (SQLite's persistent
    /// WAL mode).
    ///
    /// Without it SQLite checkpoints and deletes the WAL file at every close, and GRDB, finding no WAL
    /// file at the next open, writes and syncs a throw-away transaction to make one: a line-mode command
    /// that changed nothing wrote and synced the cache twice. The kept WAL file is checkpointed as
    /// before (when it grows, and at close when it holds frames not yet copied), so it stays small.
    static func keepWALFile(_ db: Database) throws {
        guard !db.configuration.readonly else { return }
        var flag: CInt = 1
        let code = withUnsafeMutablePointer(to: &flag) { pointer in
            sqlite3_file_control(db.sqliteConnection, nil, SQLITE_FCNTL_PERSIST_WAL, pointer)
        }
        guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
    }
}
