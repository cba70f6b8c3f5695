#include <sqlite3.h>
#include "CSQLiteSetup.h"

int csqlite_setup(void) {
    // GRDB hands each connection to one thread at a time itself, so SQLite's mutex around
    // every call on a connection is redundant: this is the multi-thread mode GRDB is made for.
    int code = sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
    if (code != SQLITE_OK) return code;
    // Nothing reads SQLite's memory statistics; keeping them takes a global mutex on every
    // allocation, several per inserted row.
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
