#ifndef MARGIN_CURL_SHIM_H
#define MARGIN_CURL_SHIM_H

#include <stddef.h>

/// One HTTP exchange through libcurl, opened with dlopen on first use (linking it would load
/// some thirty libraries at every start of margin, most commands needing none of them).

/// What to send. Strings are NUL-terminated and live until margin_curl_perform returns.
typedef struct {
    const char *method;
    const char *url;
    /// "Name: value" lines.
    const char *const *headers;
    size_t header_count;
    const unsigned char *body;
    size_t body_length;
    /// Whether a body is sent (an empty one is "Content-Length: 0").
    int has_body;
    long timeout_ms;
    /// The CAs trusted: a PEM bundle and a directory of hashed certificates; both NULL for
    /// the system's.
    const char *ca_file;
    const char *ca_directory;
    /// The most of a body read; more ends the exchange (body_too_large).
    size_t max_body;
    /// Whether to bypass any proxy the environment names (the host is the machine itself).
    int direct;
} margin_curl_request;

/// What came back, or why nothing did.
typedef struct {
    /// libcurl's CURLcode: 0 when a response came.
    int code;
    long status;
    /// OpenSSL's verdict on the peer's chain (X509_V_ERR_*), 0 when it had none to give.
    long verify_result;
    char error[256];
    /// The last response's header block, as received.
    unsigned char *headers;
    size_t headers_length;
    unsigned char *body;
    size_t body_length;
    int body_too_large;
} margin_curl_response;

typedef struct margin_curl_call margin_curl_call;

/// NULL once libcurl is loaded and initialised; otherwise why it cannot be.
const char *margin_curl_load(void);

margin_curl_call *margin_curl_call_new(void);
/// Ends the exchange soon after (from any thread).
void margin_curl_call_cancel(margin_curl_call *call);
void margin_curl_call_free(margin_curl_call *call);

/// Performs `request`, blocking the calling thread; `response` is filled in either way and
/// freed with margin_curl_response_free.
void margin_curl_perform(margin_curl_call *call, const margin_curl_request *request, margin_curl_response *response);
void margin_curl_response_free(margin_curl_response *response);

#endif
