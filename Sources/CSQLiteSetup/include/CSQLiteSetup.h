#ifndef CSQLITESETUP_H
#define CSQLITESETUP_H

/// Makes SQLite's process-wide settings; call it before the first connection opens.
/// Returns SQLITE_OK, or SQLITE_MISUSE when SQLite was already in use (the settings then
/// stay SQLite's defaults, which are safe, only slower).
///
/// In C because sqlite3_config is variadic, which Swift cannot call.
int csqlite_setup(void);

/// Registers the FTS5 ranking function `margin_rank()` on a connection (an `sqlite3 *`):
/// bm25's order, without walking every row a common word is in (see rank.c). Returns
/// SQLITE_OK or SQLite's error code.
///
/// In C because an FTS5 auxiliary function is called through FTS5's table of C function
/// pointers, many times per query.
int csqlite_register_rank(void *connection);

#endif
