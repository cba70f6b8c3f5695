#ifndef CSQLITESETUP_H
#define CSQLITESETUP_H

/// Makes SQLite's process-wide settings; call it before the first connection opens.
/// Returns SQLITE_OK, or SQLITE_MISUSE when SQLite was already in use (the settings then
/// stay SQLite's defaults, which are safe, only slower).
///
/// In C because sqlite3_config is variadic, which Swift cannot call.
int csqlite_setup(void);

#endif
