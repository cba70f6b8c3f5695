#ifndef MARGIN_TLS_SERVER_SHIM_H
#define MARGIN_TLS_SERVER_SHIM_H

#include <stddef.h>

/// The server side of TLS by OpenSSL's libssl (Debian's libssl3), opened with dlopen, over memory:
/// the caller hands in what the peer sent and sends on what comes out, so that any event loop
/// can carry it. TLS 1.2 and later only.

typedef struct margin_tls_context margin_tls_context;
typedef struct margin_tls_session margin_tls_session;

/// Why a context could not be made.
enum {
    MARGIN_TLS_UNAVAILABLE = 1,
    MARGIN_TLS_BAD_CERTIFICATE = 2,
    MARGIN_TLS_NO_CERTIFICATE = 3,
    MARGIN_TLS_BAD_KEY = 4,
    MARGIN_TLS_KEY_MISMATCH = 5,
};

/// A server context presenting the PEM certificate chain `chain` (the server's first) and the
/// PEM private key `key`; NULL with `*reason` set (and `error` filled) otherwise.
margin_tls_context *margin_tls_context_new(const char *chain, size_t chain_length, const char *key, size_t key_length,
                                           int *reason, char *error, size_t error_size);
void margin_tls_context_free(margin_tls_context *context);

margin_tls_session *margin_tls_session_new(margin_tls_context *context);
void margin_tls_session_free(margin_tls_session *session);

/// Hands `length` bytes the peer sent to TLS. 0; -1 when they cannot be taken.
int margin_tls_feed(margin_tls_session *session, const void *data, size_t length);

/// Moves the handshake on and reads what the peer sent: the count of plaintext bytes put in
/// `out` (up to `size`), 0 when more input is needed, -1 on a failure (`error` says which), -2
/// once the peer has ended TLS (close_notify).
long margin_tls_read(margin_tls_session *session, void *out, size_t size, char *error, size_t error_size);

/// Encrypts `length` bytes for the peer. 0; -1 on a failure.
int margin_tls_write(margin_tls_session *session, const void *data, size_t length, char *error, size_t error_size);

/// Ends TLS: a close_notify for the peer.
void margin_tls_close(margin_tls_session *session);

/// How many bytes wait to go to the peer.
size_t margin_tls_pending(margin_tls_session *session);

/// Takes up to `size` of the bytes waiting to go to the peer into `out`; returns how many.
size_t margin_tls_take(margin_tls_session *session, void *out, size_t size);

#endif
