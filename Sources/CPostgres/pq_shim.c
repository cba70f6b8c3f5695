#include "pq_shim.h"

#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

// libpq's ABI, as far as margin uses it (libpq-fe.h; the enums' values never change).
typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;
typedef struct {
    char *relname;
    int be_pid;
    char *extra;
    void *next;
} PGnotify;
enum { CONNECTION_OK = 0, CONNECTION_BAD = 1 };
enum { POLLING_FAILED = 0, POLLING_READING = 1, POLLING_WRITING = 2, POLLING_OK = 3 };
enum {
    RES_EMPTY_QUERY = 0, RES_COMMAND_OK = 1, RES_TUPLES_OK = 2, RES_COPY_OUT = 3, RES_COPY_IN = 4,
    RES_BAD_RESPONSE = 5, RES_NONFATAL_ERROR = 6, RES_FATAL_ERROR = 7,
};
enum { DIAG_SQLSTATE = 'C', DIAG_MESSAGE_PRIMARY = 'M' };
// openssl/crypto.h
#define OPENSSL_INIT_NO_ATEXIT 0x00080000UL

static struct {
    PGconn *(*connectStartParams)(const char *const *, const char *const *, int);
    int (*connectPoll)(PGconn *);
    int (*status)(const PGconn *);
    int (*socket)(const PGconn *);
    char *(*errorMessage)(const PGconn *);
    void (*finish)(PGconn *);
    int (*setnonblocking)(PGconn *, int);
    int (*sendQuery)(PGconn *, const char *);
    int (*sendQueryParams)(PGconn *, const char *, int, const void *, const char *const *, const int *, const int *, int);
    int (*consumeInput)(PGconn *);
    int (*isBusy)(PGconn *);
    int (*flush)(PGconn *);
    PGresult *(*getResult)(PGconn *);
    int (*resultStatus)(const PGresult *);
    char *(*resultErrorField)(const PGresult *, int);
    char *(*resultErrorMessage)(const PGresult *);
    void (*clear)(PGresult *);
    int (*ntuples)(const PGresult *);
    int (*nfields)(const PGresult *);
    char *(*getvalue)(const PGresult *, int, int);
    int (*getisnull)(const PGresult *, int, int);
    int (*getlength)(const PGresult *, int, int);
    int (*putCopyData)(PGconn *, const char *, int);
    int (*putCopyEnd)(PGconn *, const char *);
    PGnotify *(*notifies)(PGconn *);
    void (*freemem)(void *);
    void *(*setNoticeProcessor)(PGconn *, void (*)(void *, const char *), void *);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure = "not loaded";

static void load(void) {
    void *library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        failure = "libpq.so.5 cannot be opened";
        return;
    }
#define RESOLVE(field, name) \
    if (!(*(void **)&api.field = dlsym(library, #name))) { failure = "libpq lacks " #name; return; }
    RESOLVE(connectStartParams, PQconnectStartParams)
    RESOLVE(connectPoll, PQconnectPoll)
    RESOLVE(status, PQstatus)
    RESOLVE(socket, PQsocket)
    RESOLVE(errorMessage, PQerrorMessage)
    RESOLVE(finish, PQfinish)
    RESOLVE(setnonblocking, PQsetnonblocking)
    RESOLVE(sendQuery, PQsendQuery)
    RESOLVE(sendQueryParams, PQsendQueryParams)
    RESOLVE(consumeInput, PQconsumeInput)
    RESOLVE(isBusy, PQisBusy)
    RESOLVE(flush, PQflush)
    RESOLVE(getResult, PQgetResult)
    RESOLVE(resultStatus, PQresultStatus)
    RESOLVE(resultErrorField, PQresultErrorField)
    RESOLVE(resultErrorMessage, PQresultErrorMessage)
    RESOLVE(clear, PQclear)
    RESOLVE(ntuples, PQntuples)
    RESOLVE(nfields, PQnfields)
    RESOLVE(getvalue, PQgetvalue)
    RESOLVE(getisnull, PQgetisnull)
    RESOLVE(getlength, PQgetlength)
    RESOLVE(putCopyData, PQputCopyData)
    RESOLVE(putCopyEnd, PQputCopyEnd)
    RESOLVE(notifies, PQnotifies)
    RESOLVE(freemem, PQfreemem)
    RESOLVE(setNoticeProcessor, PQsetNoticeProcessor)
#undef RESOLVE
    // As for libcurl: OpenSSL's exit-time cleanup would free what a connection on another
    // thread still uses when the process exits.
    void *crypto = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_NOLOAD);
    if (crypto) {
        int (*init_crypto)(uint64_t, const void *) = (int (*)(uint64_t, const void *))dlsym(crypto, "OPENSSL_init_crypto");
        if (init_crypto) init_crypto(OPENSSL_INIT_NO_ATEXIT, NULL);
        dlclose(crypto);
    }
    failure = NULL;
}

const char *margin_pq_load(void) {
    pthread_once(&once, load);
    return failure;
}

/// The server's notices and warnings ("terminating connection due to…" before an error that
/// says as much, "…already exists, skipping"): libpq prints them on stderr, margin says its own.
static void ignore_notice(void *context, const char *message) {
    (void)context;
    (void)message;
}

static int64_t now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static int64_t deadline_after(long timeout_ms) {
    return timeout_ms < 0 ? -1 : now_ms() + timeout_ms;
}

static void say(margin_pq_outcome *outcome, int code, const char *message) {
    outcome->code = code;
    snprintf(outcome->message, sizeof outcome->message, "%s", message ? message : "");
    // libpq's messages end with a newline, and some add a second line of advice.
    char *end = strchr(outcome->message, '\n');
    if (end) *end = '\0';
}

enum { READY = 0, TIMED_OUT = 1, WOKEN = 2, FAILED = 3 };

/// Waits until `fd` is ready for `events`, `deadline` (-1: none) passes, or `wake_fd` becomes
/// readable. `*readable` says whether `fd` can be read.
static int wait_for(int fd, short events, int64_t deadline, int wake_fd, int *readable) {
    for (;;) {
        struct pollfd fds[2] = {{.fd = fd, .events = events}, {.fd = wake_fd, .events = POLLIN}};
        int timeout = -1;
        if (deadline >= 0) {
            int64_t left = deadline - now_ms();
            if (left <= 0) return TIMED_OUT;
            timeout = left > 60000 ? 60000 : (int)left;
        }
        int ready = poll(fds, wake_fd >= 0 ? 2 : 1, timeout);
        if (ready < 0) {
            if (errno == EINTR) continue;
            return FAILED;
        }
        if (ready == 0) continue;
        if (wake_fd >= 0 && fds[1].revents) return WOKEN;
        if (readable) *readable = (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) != 0;
        if (fds[0].revents) return READY;
    }
}

/// Reports a wait that did not end with the socket ready; 1 when it did.
static int waited(int wait, PGconn *pg, margin_pq_outcome *outcome) {
    switch (wait) {
    case READY: return 1;
    case TIMED_OUT: say(outcome, MARGIN_PQ_TIMEOUT, "timed out"); return 0;
    case WOKEN: say(outcome, MARGIN_PQ_WOKEN, "woken"); return 0;
    default: say(outcome, MARGIN_PQ_CONNECTION_ERROR, pg ? api.errorMessage(pg) : strerror(errno)); return 0;
    }
}

void margin_pq_connect(const char *const *keywords, const char *const *values, long timeout_ms,
                       margin_pq_conn **connection, margin_pq_outcome *outcome) {
    memset(outcome, 0, sizeof *outcome);
    *connection = NULL;
    if (margin_pq_load()) return say(outcome, MARGIN_PQ_UNAVAILABLE, failure);
    int64_t deadline = deadline_after(timeout_ms);
    PGconn *pg = api.connectStartParams(keywords, values, 0);
    if (!pg) return say(outcome, MARGIN_PQ_CONNECTION_ERROR, "out of memory");
    api.setNoticeProcessor(pg, ignore_notice, NULL);
    if (api.status(pg) == CONNECTION_BAD) {
        say(outcome, MARGIN_PQ_CONNECTION_ERROR, api.errorMessage(pg));
        api.finish(pg);
        return;
    }
    // The socket changes as libpq moves on to the next address of a name, so it is asked anew.
    int polling = POLLING_WRITING;
    while (polling != POLLING_OK) {
        if (polling == POLLING_FAILED) {
            say(outcome, MARGIN_PQ_CONNECTION_ERROR, api.errorMessage(pg));
            api.finish(pg);
            return;
        }
        int wait = wait_for(api.socket(pg), polling == POLLING_READING ? POLLIN : POLLOUT, deadline, -1, NULL);
        if (!waited(wait, pg, outcome)) {
            api.finish(pg);
            return;
        }
        polling = api.connectPoll(pg);
    }
    if (api.setnonblocking(pg, 1) != 0) {
        say(outcome, MARGIN_PQ_CONNECTION_ERROR, api.errorMessage(pg));
        api.finish(pg);
        return;
    }
    *connection = (margin_pq_conn *)pg;
}

void margin_pq_finish(margin_pq_conn *connection) {
    if (connection) api.finish((PGconn *)connection);
}

/// Sends what libpq holds, reading meanwhile (the server may answer before it has read all).
static int flush_all(PGconn *pg, int64_t deadline, int wake_fd, margin_pq_outcome *outcome) {
    for (;;) {
        int left = api.flush(pg);
        if (left == 0) return 1;
        if (left < 0) {
            say(outcome, MARGIN_PQ_CONNECTION_ERROR, api.errorMessage(pg));
            return 0;
        }
        int readable = 0;
        if (!waited(wait_for(api.socket(pg), POLLIN | POLLOUT, deadline, wake_fd, &readable), pg, outcome)) return 0;
        if (readable && !api.consumeInput(pg)) {
            say(outcome, MARGIN_PQ_CONNECTION_ERROR, api.errorMessage(pg));
            return 0;
        }
    }
}

/// Reads every result of the statement sent: the last rows, the first error.
static void collect(PGconn *pg, int64_t deadline, int wake_fd, margin_pq_outcome *outcome) {
    PGresult *rows = NULL;
    for (;;) {
        while (api.isBusy(pg)) {
            if (!waited(wait_for(api.socket(pg), POLLIN, deadline, wake_fd, NULL), pg, outcome)) {
                if (rows) api.clear(rows);
                return;
            }
            if (!api.consumeInput(pg)) {
                if (outcome->code == MARGIN_PQ_OK) say(outcome, MARGIN_PQ_CONNECTION_ERROR, api.errorMessage(pg));
                if (rows) api.clear(rows);
                return;
            }
        }
        PGresult *result = api.getResult(pg);
        if (!result) break;
        switch (api.resultStatus(result)) {
        case RES_TUPLES_OK:
            if (rows) api.clear(rows);
            rows = result;
            continue;
        case RES_COMMAND_OK:
        case RES_EMPTY_QUERY:
            break;
        case RES_COPY_IN:
            api.clear(result);
            if (rows) api.clear(rows);
            outcome->code = MARGIN_PQ_COPY_IN;
            return;
        default:
            if (outcome->code == MARGIN_PQ_OK) {
                const char *state = api.resultErrorField(result, DIAG_SQLSTATE);
                const char *primary = api.resultErrorField(result, DIAG_MESSAGE_PRIMARY);
                if (state && api.status(pg) != CONNECTION_BAD) {
                    say(outcome, MARGIN_PQ_SERVER_ERROR, primary ? primary : api.resultErrorMessage(result));
                    snprintf(outcome->sqlstate, sizeof outcome->sqlstate, "%s", state);
                } else {
                    say(outcome, MARGIN_PQ_CONNECTION_ERROR, primary ? primary : api.resultErrorMessage(result));
                    if (state) snprintf(outcome->sqlstate, sizeof outcome->sqlstate, "%s", state);
                }
            }
            break;
        }
        api.clear(result);
        if (api.status(pg) == CONNECTION_BAD) break;
    }
    if (outcome->code == MARGIN_PQ_OK && api.status(pg) == CONNECTION_BAD) {
        say(outcome, MARGIN_PQ_CONNECTION_ERROR, api.errorMessage(pg));
    }
    if (outcome->code == MARGIN_PQ_OK) {
        outcome->result = (margin_pq_result *)rows;
    } else if (rows) {
        api.clear(rows);
    }
}

void margin_pq_query(margin_pq_conn *connection, const char *sql, int count, const char *const *parameters,
                     long timeout_ms, int wake_fd, margin_pq_outcome *outcome) {
    memset(outcome, 0, sizeof *outcome);
    PGconn *pg = (PGconn *)connection;
    int64_t deadline = deadline_after(timeout_ms);
    int sent = count > 0 ? api.sendQueryParams(pg, sql, count, NULL, parameters, NULL, NULL, 0) : api.sendQuery(pg, sql);
    if (!sent) return say(outcome, MARGIN_PQ_CONNECTION_ERROR, api.errorMessage(pg));
    if (!flush_all(pg, deadline, wake_fd, outcome)) return;
    collect(pg, deadline, wake_fd, outcome);
}

void margin_pq_copy_put(margin_pq_conn *connection, const char *data, size_t length, long timeout_ms,
                        margin_pq_outcome *outcome) {
    memset(outcome, 0, sizeof *outcome);
    PGconn *pg = (PGconn *)connection;
    int64_t deadline = deadline_after(timeout_ms);
    if (length > 0x7fffffff) return say(outcome, MARGIN_PQ_CONNECTION_ERROR, "a COPY message over 2 GB");
    for (;;) {
        int queued = api.putCopyData(pg, data, (int)length);
        if (queued == 1) break;
        if (queued < 0) return say(outcome, MARGIN_PQ_CONNECTION_ERROR, api.errorMessage(pg));
        if (!flush_all(pg, deadline, -1, outcome)) return;
    }
    flush_all(pg, deadline, -1, outcome);
}

void margin_pq_copy_end(margin_pq_conn *connection, const char *failure_message, long timeout_ms, margin_pq_outcome *outcome) {
    memset(outcome, 0, sizeof *outcome);
    PGconn *pg = (PGconn *)connection;
    int64_t deadline = deadline_after(timeout_ms);
    for (;;) {
        int queued = api.putCopyEnd(pg, failure_message);
        if (queued == 1) break;
        if (queued < 0) return say(outcome, MARGIN_PQ_CONNECTION_ERROR, api.errorMessage(pg));
        if (!flush_all(pg, deadline, -1, outcome)) return;
    }
    if (!flush_all(pg, deadline, -1, outcome)) return;
    collect(pg, deadline, -1, outcome);
}

int margin_pq_wait_notifications(margin_pq_conn *connection, long timeout_ms, int wake_fd, margin_pq_outcome *outcome) {
    memset(outcome, 0, sizeof *outcome);
    PGconn *pg = (PGconn *)connection;
    int64_t deadline = deadline_after(timeout_ms);
    for (;;) {
        if (!api.consumeInput(pg)) {
            say(outcome, MARGIN_PQ_CONNECTION_ERROR, api.errorMessage(pg));
            return 0;
        }
        int count = 0;
        PGnotify *notification;
        while ((notification = api.notifies(pg))) {
            count++;
            api.freemem(notification);
        }
        if (count > 0) return count;
        if (!waited(wait_for(api.socket(pg), POLLIN, deadline, wake_fd, NULL), pg, outcome)) return 0;
    }
}

int margin_pq_result_rows(const margin_pq_result *result) {
    return result ? api.ntuples((const PGresult *)result) : 0;
}

int margin_pq_result_columns(const margin_pq_result *result) {
    return result ? api.nfields((const PGresult *)result) : 0;
}

const char *margin_pq_result_value(const margin_pq_result *result, int row, int column, int *length) {
    const PGresult *pg = (const PGresult *)result;
    if (api.getisnull(pg, row, column)) {
        *length = 0;
        return NULL;
    }
    *length = api.getlength(pg, row, column);
    return api.getvalue(pg, row, column);
}

void margin_pq_result_free(margin_pq_result *result) {
    if (result) api.clear((PGresult *)result);
}
