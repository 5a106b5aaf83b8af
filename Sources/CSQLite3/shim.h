/* The system SQLite (Debian: libsqlite3-dev) plus the two things Swift cannot spell:
   SQLITE_TRANSIENT is a cast macro, so the binds that need it are wrapped here. */
#include <sqlite3.h>

static inline int allin_sqlite3_bind_text(sqlite3_stmt *stmt, int index, const char *text, int bytes) {
    return sqlite3_bind_text(stmt, index, text, bytes, SQLITE_TRANSIENT);
}

static inline int allin_sqlite3_bind_blob(sqlite3_stmt *stmt, int index, const void *data, int bytes) {
    return sqlite3_bind_blob(stmt, index, data, bytes, SQLITE_TRANSIENT);
}
