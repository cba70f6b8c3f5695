#ifndef MARGIN_DIGEST_SHIM_H
#define MARGIN_DIGEST_SHIM_H

#include <stddef.h>

/// SHA-256 of `length` bytes at `data` into the 32 bytes at `digest`, by the system's crypto
/// library, opened with dlopen on first use: OpenSSL's libcrypto (which libcurl4 brings), else
/// GnuTLS (which libcurl-gnutls brings). 0; -1 when neither opens (margin_digest_failure() says
/// why); -2 when the library opened but refused to compute it (a broken OPENSSL_CONF, say).
int margin_sha256(const void *data, size_t length, unsigned char *digest);

/// Why margin_sha256 failed: the libraries it could not open.
const char *margin_digest_failure(void);

#endif
