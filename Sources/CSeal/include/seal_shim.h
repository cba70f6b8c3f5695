#ifndef MARGIN_SEAL_SHIM_H
#define MARGIN_SEAL_SHIM_H

#include <stddef.h>

/// AES-256-GCM with a random 96-bit nonce, by OpenSSL's libcrypto (Debian's libssl3), opened with
/// dlopen on first use. A box is nonce (12 bytes) | ciphertext | tag (16 bytes).

/// NULL once libcrypto is loaded; otherwise why it cannot be.
const char *margin_seal_load(void);

/// Seals `length` bytes of `plain` under the 32-byte `key`, authenticating `aad`, into `box`
/// (`length` + 28 bytes). 0; -1 when libcrypto cannot be loaded; -2 when it refused.
int margin_seal(const unsigned char *key, const unsigned char *aad, size_t aad_length,
                const unsigned char *plain, size_t length, unsigned char *box);

/// Opens `box` (`length` bytes, at least 28) into `plain` (`length` - 28 bytes). 0; -1 when
/// libcrypto cannot be loaded; -2 when the box does not open (tampered, truncated, another key
/// or other associated data).
int margin_open(const unsigned char *key, const unsigned char *aad, size_t aad_length,
                const unsigned char *box, size_t length, unsigned char *plain);

#endif
