#include <sqlite3.h>

/// Stops SQLite from checkpointing the WAL into the database when this connection closes
/// (sqlite3_db_config is variadic, which Swift cannot call). Returns an SQLite result code.
static inline int parla_sqlite3_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
