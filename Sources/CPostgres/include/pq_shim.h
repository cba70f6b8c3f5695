#ifndef MARGIN_PQ_SHIM_H
#define MARGIN_PQ_SHIM_H

#include <stddef.h>

/// PostgreSQL's client library, libpq (Debian's libpq5), opened with dlopen when a sync starts,
/// through a small shim: every call that waits on the server is bounded by a deadline and can be
/// ended early from another thread through a file descriptor (a pipe's read end).

typedef struct margin_pq_conn margin_pq_conn;
typedef struct margin_pq_result margin_pq_result;

/// How a call ended.
enum {
    MARGIN_PQ_OK = 0,
    /// The server refused the statement: `sqlstate` and `message` say why.
    MARGIN_PQ_SERVER_ERROR = 1,
    /// The connection failed or closed: `message` says how.
    MARGIN_PQ_CONNECTION_ERROR = 2,
    /// The deadline passed first; the connection is left in an unknown state.
    MARGIN_PQ_TIMEOUT = 3,
    /// The wake descriptor became readable first.
    MARGIN_PQ_WOKEN = 4,
    /// The statement started a COPY FROM STDIN: send its data, then end it.
    MARGIN_PQ_COPY_IN = 5,
    /// libpq cannot be loaded: `message` says why.
    MARGIN_PQ_UNAVAILABLE = 6,
};

typedef struct {
    int code;
    char sqlstate[6];
    char message[512];
    /// The rows of the last statement that returned any (NULL otherwise), freed with
    /// margin_pq_result_free.
    margin_pq_result *result;
} margin_pq_outcome;

/// NULL once libpq is loaded; otherwise why it cannot be.
const char *margin_pq_load(void);

/// Connects with libpq's keyword/value pairs (`keywords` ends with NULL), waiting at most
/// `timeout_ms` for the connection, TLS and the login together. The connection is returned in
/// `*connection` when `outcome->code` is MARGIN_PQ_OK.
void margin_pq_connect(const char *const *keywords, const char *const *values, long timeout_ms,
                       margin_pq_conn **connection, margin_pq_outcome *outcome);
void margin_pq_finish(margin_pq_conn *connection);

/// Runs `sql`: with `count` text parameters ($1…) as one statement of the extended protocol, or
/// without parameters through the simple one (several statements allowed).
void margin_pq_query(margin_pq_conn *connection, const char *sql, int count, const char *const *parameters,
                     long timeout_ms, int wake_fd, margin_pq_outcome *outcome);

/// Sends `length` bytes of a COPY begun by margin_pq_query (MARGIN_PQ_COPY_IN).
void margin_pq_copy_put(margin_pq_conn *connection, const char *data, size_t length, long timeout_ms,
                        margin_pq_outcome *outcome);
/// Ends the COPY, or abandons it with `failure` (not NULL), and reads the outcome.
void margin_pq_copy_end(margin_pq_conn *connection, const char *failure, long timeout_ms, margin_pq_outcome *outcome);

/// Waits for notifications (after LISTEN) and returns how many came (outcome MARGIN_PQ_OK); a
/// negative `timeout_ms` waits without a deadline.
int margin_pq_wait_notifications(margin_pq_conn *connection, long timeout_ms, int wake_fd, margin_pq_outcome *outcome);

int margin_pq_result_rows(const margin_pq_result *result);
int margin_pq_result_columns(const margin_pq_result *result);
/// The value's text, NULL for SQL NULL; lives as long as the result.
const char *margin_pq_result_value(const margin_pq_result *result, int row, int column, int *length);
void margin_pq_result_free(margin_pq_result *result);

#endif
