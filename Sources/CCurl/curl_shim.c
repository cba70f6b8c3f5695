#include "curl_shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

// libcurl's ABI, as far as margin uses it: option and info numbers are part of it and never
// change (curl/curl.h: CURLOPTTYPE_LONG 0, OBJECTPOINT 10000, FUNCTIONPOINT 20000, OFF_T 30000;
// CURLINFO_LONG 0x200000).
typedef void CURL;
struct curl_slist;
enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_ERRORBUFFER = 10010, OPT_POSTFIELDS = 10015,
    OPT_HTTPHEADER = 10023, OPT_HEADERDATA = 10029, OPT_CUSTOMREQUEST = 10036, OPT_XFERINFODATA = 10057,
    OPT_CAINFO = 10065, OPT_CAPATH = 10097, OPT_PROTOCOLS_STR = 10318, OPT_PROXY = 10004,
    OPT_WRITEFUNCTION = 20011, OPT_HEADERFUNCTION = 20079, OPT_XFERINFOFUNCTION = 20219,
    OPT_OPENSOCKETFUNCTION = 20163, OPT_PROTOCOLS = 181,
    OPT_POSTFIELDSIZE_LARGE = 30120,
    OPT_NOPROGRESS = 43, OPT_NOBODY = 44, OPT_POST = 47, OPT_FOLLOWLOCATION = 52, OPT_HTTPGET = 80,
    OPT_NOSIGNAL = 99, OPT_TIMEOUT_MS = 155, OPT_CONNECTTIMEOUT_MS = 156,
};
enum { INFO_RESPONSE_CODE = 0x200002, INFO_SSL_VERIFYRESULT = 0x20000D };
enum { GLOBAL_DEFAULT = 3, E_FAILED_INIT = 2, E_OUT_OF_MEMORY = 27 };
// openssl/crypto.h
#define OPENSSL_INIT_NO_ATEXIT 0x00080000UL

static struct {
    int (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    void (*easy_reset)(CURL *);
    int (*easy_setopt)(CURL *, int, ...);
    int (*easy_perform)(CURL *);
    int (*easy_getinfo)(CURL *, int, ...);
    const char *(*easy_strerror)(int);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure = "not loaded";

static void load(void) {
    // The OpenSSL build first (its verdicts name why a certificate was refused), then GnuTLS's.
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libcurl-gnutls.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        failure = "libcurl.so.4 cannot be opened";
        return;
    }
#define RESOLVE(field, name) \
    if (!(*(void **)&api.field = dlsym(library, #name))) { failure = "libcurl lacks " #name; return; }
    RESOLVE(global_init, curl_global_init)
    RESOLVE(easy_init, curl_easy_init)
    RESOLVE(easy_cleanup, curl_easy_cleanup)
    RESOLVE(easy_reset, curl_easy_reset)
    RESOLVE(easy_setopt, curl_easy_setopt)
    RESOLVE(easy_perform, curl_easy_perform)
    RESOLVE(easy_getinfo, curl_easy_getinfo)
    RESOLVE(easy_strerror, curl_easy_strerror)
    RESOLVE(slist_append, curl_slist_append)
    RESOLVE(slist_free_all, curl_slist_free_all)
#undef RESOLVE
    // OpenSSL cleans up at exit unless told not to, and margin may exit while a request (or
    // this load) runs on another thread: the cleanup would free what that thread uses. The
    // process's end frees everything anyway.
    void *crypto = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_NOLOAD);
    if (crypto) {
        int (*init_crypto)(uint64_t, const void *) = (int (*)(uint64_t, const void *))dlsym(crypto, "OPENSSL_init_crypto");
        if (init_crypto) init_crypto(OPENSSL_INIT_NO_ATEXIT, NULL);
        dlclose(crypto);
    }
    if (api.global_init(GLOBAL_DEFAULT) != 0) {
        failure = "libcurl could not be initialised";
        return;
    }
    failure = NULL;
}

const char *margin_curl_load(void) {
    pthread_once(&once, load);
    return failure;
}

// Idle handles keep their connections open for the next exchange with the same host (a
// token service makes many at once to one upstream).
enum { IDLE_MAX = 64 };
static CURL *idle[IDLE_MAX];
static int idle_count;
static pthread_mutex_t idle_lock = PTHREAD_MUTEX_INITIALIZER;

static CURL *take_handle(void) {
    CURL *handle = NULL;
    pthread_mutex_lock(&idle_lock);
    if (idle_count > 0) handle = idle[--idle_count];
    pthread_mutex_unlock(&idle_lock);
    if (handle) {
        api.easy_reset(handle);
        return handle;
    }
    return api.easy_init();
}

static void give_back(CURL *handle) {
    pthread_mutex_lock(&idle_lock);
    if (idle_count < IDLE_MAX) {
        idle[idle_count++] = handle;
        handle = NULL;
    }
    pthread_mutex_unlock(&idle_lock);
    if (handle) api.easy_cleanup(handle);
}

struct margin_curl_call {
    atomic_int cancelled;
};

margin_curl_call *margin_curl_call_new(void) {
    margin_curl_call *call = calloc(1, sizeof *call);
    if (call) atomic_init(&call->cancelled, 0);
    return call;
}

void margin_curl_call_cancel(margin_curl_call *call) {
    if (call) atomic_store(&call->cancelled, 1);
}

void margin_curl_call_free(margin_curl_call *call) {
    free(call);
}

typedef struct {
    unsigned char *bytes;
    size_t length;
    size_t capacity;
    size_t limit;
    int too_large;
} buffer;

static int append(buffer *into, const char *data, size_t count) {
    if (count > into->limit - into->length) {
        into->too_large = 1;
        return 0;
    }
    if (into->length + count > into->capacity) {
        size_t capacity = into->capacity ? into->capacity : 4096;
        while (capacity < into->length + count) capacity *= 2;
        unsigned char *grown = realloc(into->bytes, capacity);
        if (!grown) return 0;
        into->bytes = grown;
        into->capacity = capacity;
    }
    memcpy(into->bytes + into->length, data, count);
    into->length += count;
    return 1;
}

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    return append(context, data, size * count) ? size * count : 0;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
    buffer *headers = context;
    // Each response starts with its status line: only the last one's headers are kept (an
    // interim 100 Continue goes before the real one).
    if (size * count >= 5 && memcmp(data, "HTTP/", 5) == 0) headers->length = 0;
    return append(headers, data, size * count) ? size * count : 0;
}

// curl/curl.h's struct curl_sockaddr.
struct socket_address {
    int family;
    int socktype;
    int protocol;
    unsigned int addrlen;
    struct sockaddr addr;
};

// Sockets are made close-on-exec at once: a child margin starts (an editor, a pager, a
// recognizer) never holds a connection to Spotify.
static int open_socket(void *context, int purpose, struct socket_address *address) {
    (void)context, (void)purpose;
    return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

static int on_progress(void *context, int64_t total, int64_t now, int64_t up_total, int64_t up_now) {
    (void)total, (void)now, (void)up_total, (void)up_now;
    return atomic_load(&((margin_curl_call *)context)->cancelled) ? 1 : 0;
}

void margin_curl_perform(margin_curl_call *call, const margin_curl_request *request, margin_curl_response *response) {
    memset(response, 0, sizeof *response);
    if (margin_curl_load()) {
        response->code = E_FAILED_INIT;
        return;
    }
    CURL *handle = take_handle();
    if (!handle) {
        response->code = E_FAILED_INIT;
        return;
    }
    struct curl_slist *headers = NULL;
    for (size_t index = 0; index < request->header_count; index++) {
        struct curl_slist *grown = api.slist_append(headers, request->headers[index]);
        if (!grown) {
            api.slist_free_all(headers);
            give_back(handle);
            response->code = E_OUT_OF_MEMORY;
            return;
        }
        headers = grown;
    }
    buffer body = {.limit = request->max_body}, head = {.limit = 256 * 1024};

    api.easy_setopt(handle, OPT_URL, request->url);
    // HTTP and HTTPS only; before 7.85 the protocols are a bitmask (CURLPROTO_HTTP | HTTPS).
    if (api.easy_setopt(handle, OPT_PROTOCOLS_STR, "http,https") != 0) api.easy_setopt(handle, OPT_PROTOCOLS, 3L);
    api.easy_setopt(handle, OPT_OPENSOCKETFUNCTION, open_socket);
    // The machine itself is never reached through a proxy: a token service on loopback may be
    // spoken to in clear text only because nothing leaves the machine.
    if (request->direct) api.easy_setopt(handle, OPT_PROXY, "");
    api.easy_setopt(handle, OPT_FOLLOWLOCATION, 0L);
    api.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    api.easy_setopt(handle, OPT_ERRORBUFFER, response->error);
    api.easy_setopt(handle, OPT_TIMEOUT_MS, request->timeout_ms);
    api.easy_setopt(handle, OPT_CONNECTTIMEOUT_MS, request->timeout_ms);
    api.easy_setopt(handle, OPT_HTTPHEADER, headers);
    api.easy_setopt(handle, OPT_WRITEFUNCTION, on_body);
    api.easy_setopt(handle, OPT_WRITEDATA, &body);
    api.easy_setopt(handle, OPT_HEADERFUNCTION, on_header);
    api.easy_setopt(handle, OPT_HEADERDATA, &head);
    api.easy_setopt(handle, OPT_NOPROGRESS, 0L);
    api.easy_setopt(handle, OPT_XFERINFOFUNCTION, on_progress);
    api.easy_setopt(handle, OPT_XFERINFODATA, call);
    if (request->ca_file || request->ca_directory) {
        // These roots replace the system's: a NULL clears the built-in default.
        api.easy_setopt(handle, OPT_CAINFO, request->ca_file);
        api.easy_setopt(handle, OPT_CAPATH, request->ca_directory);
    }
    if (strcmp(request->method, "HEAD") == 0) {
        api.easy_setopt(handle, OPT_NOBODY, 1L);
    } else if (request->has_body) {
        api.easy_setopt(handle, OPT_POST, 1L);
        api.easy_setopt(handle, OPT_POSTFIELDSIZE_LARGE, (int64_t)request->body_length);
        api.easy_setopt(handle, OPT_POSTFIELDS, request->body_length ? (const char *)request->body : "");
        if (strcmp(request->method, "POST") != 0) api.easy_setopt(handle, OPT_CUSTOMREQUEST, request->method);
    } else if (strcmp(request->method, "GET") == 0) {
        api.easy_setopt(handle, OPT_HTTPGET, 1L);
    } else {
        api.easy_setopt(handle, OPT_CUSTOMREQUEST, request->method);
    }

    response->code = api.easy_perform(handle);
    api.easy_getinfo(handle, INFO_RESPONSE_CODE, &response->status);
    api.easy_getinfo(handle, INFO_SSL_VERIFYRESULT, &response->verify_result);
    if (response->error[0] == 0 && response->code != 0) {
        strncpy(response->error, api.easy_strerror(response->code), sizeof response->error - 1);
    }
    response->body = body.bytes;
    response->body_length = body.length;
    response->body_too_large = body.too_large;
    response->headers = head.bytes;
    response->headers_length = head.length;
    // The handle holds pointers into this call: none of them may outlive it.
    api.easy_setopt(handle, OPT_ERRORBUFFER, (char *)NULL);
    api.easy_setopt(handle, OPT_HTTPHEADER, (struct curl_slist *)NULL);
    api.slist_free_all(headers);
    give_back(handle);
}

void margin_curl_response_free(margin_curl_response *response) {
    free(response->body);
    free(response->headers);
    response->body = NULL;
    response->headers = NULL;
}
