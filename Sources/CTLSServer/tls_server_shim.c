#include "tls_server_shim.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// libssl 3's interface, as far as a server over memory uses it (openssl/ssl.h, bio.h; the
// control numbers are part of the ABI).
typedef struct ssl_ctx_st SSL_CTX;
typedef struct ssl_st SSL;
typedef struct ssl_method_st SSL_METHOD;
typedef struct bio_st BIO;
typedef struct bio_method_st BIO_METHOD;
typedef struct x509_st X509;
typedef struct evp_pkey_st EVP_PKEY;
enum {
    SSL_ERROR_WANT_READ = 2, SSL_ERROR_WANT_WRITE = 3, SSL_ERROR_ZERO_RETURN = 6,
    SSL_CTRL_EXTRA_CHAIN_CERT = 14, SSL_CTRL_SET_MIN_PROTO_VERSION = 123, TLS1_2_VERSION = 0x0303,
    BIO_CTRL_PENDING = 10, BIO_C_SET_BUF_MEM_EOF_RETURN = 130,
};

static struct {
    const SSL_METHOD *(*server_method)(void);
    SSL_CTX *(*ctx_new)(const SSL_METHOD *);
    void (*ctx_free)(SSL_CTX *);
    long (*ctx_ctrl)(SSL_CTX *, int, long, void *);
    int (*use_certificate)(SSL_CTX *, X509 *);
    int (*use_key)(SSL_CTX *, EVP_PKEY *);
    int (*check_key)(const SSL_CTX *);
    SSL *(*ssl_new)(SSL_CTX *);
    void (*ssl_free)(SSL *);
    void (*set_bio)(SSL *, BIO *, BIO *);
    void (*accept_state)(SSL *);
    int (*read)(SSL *, void *, int);
    int (*write)(SSL *, const void *, int);
    int (*get_error)(const SSL *, int);
    int (*shutdown)(SSL *);
    const BIO_METHOD *(*bio_s_mem)(void);
    BIO *(*bio_new)(const BIO_METHOD *);
    BIO *(*bio_mem_buf)(const void *, int);
    int (*bio_free)(BIO *);
    int (*bio_read)(BIO *, void *, int);
    int (*bio_write)(BIO *, const void *, int);
    long (*bio_ctrl)(BIO *, int, long, void *);
    X509 *(*read_x509)(BIO *, X509 **, void *, void *);
    void (*x509_free)(X509 *);
    EVP_PKEY *(*read_key)(BIO *, EVP_PKEY **, void *, void *);
    void (*pkey_free)(EVP_PKEY *);
    unsigned long (*error_get)(void);
    void (*error_string)(unsigned long, char *, size_t);
    void (*error_clear)(void);
} api;

struct margin_tls_session {
    SSL *ssl;
    BIO *in, *out;
};

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure = "not loaded";

static void load(void) {
    void *ssl = dlopen("libssl.so.3", RTLD_NOW | RTLD_LOCAL);
    void *crypto = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!ssl || !crypto) {
        failure = "OpenSSL 3 (libssl.so.3) cannot be opened";
        return;
    }
#define RESOLVE(library, field, name) \
    if (!(*(void **)&api.field = dlsym(library, #name))) { failure = "OpenSSL lacks " #name; return; }
    RESOLVE(ssl, server_method, TLS_server_method)
    RESOLVE(ssl, ctx_new, SSL_CTX_new)
    RESOLVE(ssl, ctx_free, SSL_CTX_free)
    RESOLVE(ssl, ctx_ctrl, SSL_CTX_ctrl)
    RESOLVE(ssl, use_certificate, SSL_CTX_use_certificate)
    RESOLVE(ssl, use_key, SSL_CTX_use_PrivateKey)
    RESOLVE(ssl, check_key, SSL_CTX_check_private_key)
    RESOLVE(ssl, ssl_new, SSL_new)
    RESOLVE(ssl, ssl_free, SSL_free)
    RESOLVE(ssl, set_bio, SSL_set_bio)
    RESOLVE(ssl, accept_state, SSL_set_accept_state)
    RESOLVE(ssl, read, SSL_read)
    RESOLVE(ssl, write, SSL_write)
    RESOLVE(ssl, get_error, SSL_get_error)
    RESOLVE(ssl, shutdown, SSL_shutdown)
    RESOLVE(crypto, bio_s_mem, BIO_s_mem)
    RESOLVE(crypto, bio_new, BIO_new)
    RESOLVE(crypto, bio_mem_buf, BIO_new_mem_buf)
    RESOLVE(crypto, bio_free, BIO_free)
    RESOLVE(crypto, bio_read, BIO_read)
    RESOLVE(crypto, bio_write, BIO_write)
    RESOLVE(crypto, bio_ctrl, BIO_ctrl)
    RESOLVE(crypto, read_x509, PEM_read_bio_X509)
    RESOLVE(crypto, x509_free, X509_free)
    RESOLVE(crypto, read_key, PEM_read_bio_PrivateKey)
    RESOLVE(crypto, pkey_free, EVP_PKEY_free)
    RESOLVE(crypto, error_get, ERR_get_error)
    RESOLVE(crypto, error_string, ERR_error_string_n)
    RESOLVE(crypto, error_clear, ERR_clear_error)
#undef RESOLVE
    failure = NULL;
}

/// libcrypto's reason for the last failure on this thread, and its queue emptied.
static void reason(char *error, size_t size) {
    unsigned long code = api.error_get();
    if (code) {
        api.error_string(code, error, size);
    } else if (size) {
        snprintf(error, size, "%s", "no reason given");
    }
    api.error_clear();
}

static margin_tls_context *refuse(SSL_CTX *ctx, int why, int *out, char *error, size_t size) {
    reason(error, size);
    *out = why;
    if (ctx) api.ctx_free(ctx);
    return NULL;
}

margin_tls_context *margin_tls_context_new(const char *chain, size_t chain_length, const char *key, size_t key_length,
                                           int *why, char *error, size_t error_size) {
    pthread_once(&once, load);
    if (failure) {
        snprintf(error, error_size, "%s", failure);
        *why = MARGIN_TLS_UNAVAILABLE;
        return NULL;
    }
    api.error_clear();
    if (chain_length > INT_MAX || key_length > INT_MAX) return refuse(NULL, MARGIN_TLS_BAD_CERTIFICATE, why, error, error_size);
    SSL_CTX *ctx = api.ctx_new(api.server_method());
    if (!ctx) return refuse(NULL, MARGIN_TLS_UNAVAILABLE, why, error, error_size);
    api.ctx_ctrl(ctx, SSL_CTRL_SET_MIN_PROTO_VERSION, TLS1_2_VERSION, NULL);
    BIO *bio = api.bio_mem_buf(chain, (int)chain_length);
    int count = 0;
    X509 *certificate;
    while (bio && (certificate = api.read_x509(bio, NULL, NULL, NULL))) {
        // The server's certificate first; the rest of the chain is sent with it.
        int used = count == 0 ? api.use_certificate(ctx, certificate) == 1
                              : api.ctx_ctrl(ctx, SSL_CTRL_EXTRA_CHAIN_CERT, 0, certificate) == 1;
        if (count == 0 || !used) api.x509_free(certificate);
        if (!used) {
            api.bio_free(bio);
            return refuse(ctx, MARGIN_TLS_BAD_CERTIFICATE, why, error, error_size);
        }
        count++;
    }
    if (bio) api.bio_free(bio);
    if (count == 0) return refuse(ctx, MARGIN_TLS_NO_CERTIFICATE, why, error, error_size);
    api.error_clear();
    bio = api.bio_mem_buf(key, (int)key_length);
    EVP_PKEY *pkey = bio ? api.read_key(bio, NULL, NULL, NULL) : NULL;
    if (bio) api.bio_free(bio);
    if (!pkey) return refuse(ctx, MARGIN_TLS_BAD_KEY, why, error, error_size);
    int used = api.use_key(ctx, pkey) == 1 && api.check_key(ctx) == 1;
    api.pkey_free(pkey);
    if (!used) return refuse(ctx, MARGIN_TLS_KEY_MISMATCH, why, error, error_size);
    return (margin_tls_context *)ctx;
}

void margin_tls_context_free(margin_tls_context *context) {
    if (context) api.ctx_free((SSL_CTX *)context);
}

margin_tls_session *margin_tls_session_new(margin_tls_context *context) {
    margin_tls_session *session = calloc(1, sizeof *session);
    if (!session) return NULL;
    session->ssl = api.ssl_new((SSL_CTX *)context);
    session->in = api.bio_new(api.bio_s_mem());
    session->out = api.bio_new(api.bio_s_mem());
    if (!session->ssl || !session->in || !session->out) {
        if (session->ssl) api.ssl_free(session->ssl);
        if (session->in) api.bio_free(session->in);
        if (session->out) api.bio_free(session->out);
        free(session);
        return NULL;
    }
    // An empty input is "more to come", not the end of the stream.
    api.bio_ctrl(session->in, BIO_C_SET_BUF_MEM_EOF_RETURN, -1, NULL);
    api.set_bio(session->ssl, session->in, session->out);
    api.accept_state(session->ssl);
    return session;
}

void margin_tls_session_free(margin_tls_session *session) {
    if (!session) return;
    api.ssl_free(session->ssl);  // frees both BIOs
    free(session);
}

int margin_tls_feed(margin_tls_session *session, const void *data, size_t length) {
    while (length > 0) {
        int chunk = length > INT_MAX ? INT_MAX : (int)length;
        int written = api.bio_write(session->in, data, chunk);
        if (written <= 0) return -1;
        data = (const char *)data + written;
        length -= (size_t)written;
    }
    return 0;
}

long margin_tls_read(margin_tls_session *session, void *out, size_t size, char *error, size_t error_size) {
    api.error_clear();
    int count = api.read(session->ssl, out, size > INT_MAX ? INT_MAX : (int)size);
    if (count > 0) return count;
    switch (api.get_error(session->ssl, count)) {
    case SSL_ERROR_WANT_READ:
    case SSL_ERROR_WANT_WRITE:
        return 0;
    case SSL_ERROR_ZERO_RETURN:
        return -2;
    default:
        reason(error, error_size);
        return -1;
    }
}

int margin_tls_write(margin_tls_session *session, const void *data, size_t length, char *error, size_t error_size) {
    api.error_clear();
    while (length > 0) {
        int chunk = length > INT_MAX ? INT_MAX : (int)length;
        int written = api.write(session->ssl, data, chunk);
        if (written <= 0) {
            reason(error, error_size);
            return -1;
        }
        data = (const char *)data + written;
        length -= (size_t)written;
    }
    return 0;
}

void margin_tls_close(margin_tls_session *session) {
    api.shutdown(session->ssl);
    api.error_clear();
}

size_t margin_tls_pending(margin_tls_session *session) {
    long pending = api.bio_ctrl(session->out, BIO_CTRL_PENDING, 0, NULL);
    return pending > 0 ? (size_t)pending : 0;
}

size_t margin_tls_take(margin_tls_session *session, void *out, size_t size) {
    int taken = api.bio_read(session->out, out, size > INT_MAX ? INT_MAX : (int)size);
    return taken > 0 ? (size_t)taken : 0;
}
