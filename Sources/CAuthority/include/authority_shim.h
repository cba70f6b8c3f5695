#ifndef MARGIN_AUTHORITY_SHIM_H
#define MARGIN_AUTHORITY_SHIM_H

#include <stddef.h>

/// Keys and X.509 certificates made by OpenSSL's libcrypto (opened with dlopen on first use), for
/// the emulator's throwaway certificate authority. Strings returned are PEM, malloc'd, freed with
/// margin_authority_free; NULL on failure, with the reason in `error`.

/// A new ECDSA P-256 private key (PKCS#8).
char *margin_authority_new_key(char *error, size_t error_size);

/// A version 3 certificate for the public half of `key_pem`, named CN=`common_name`, valid from
/// `not_before` to `not_after` (seconds since 1970), with a random serial number and the
/// extensions `extensions` names as (name, value) pairs in OpenSSL's configuration syntax
/// ("basicConstraints", "critical,CA:TRUE"). Signed (ECDSA with SHA-256) by `issuer_key_pem` as
/// the subject of `issuer_pem`; both NULL for a self-signed certificate.
char *margin_authority_issue(const char *key_pem, const char *issuer_key_pem, const char *issuer_pem,
                             const char *common_name, long long not_before, long long not_after,
                             const char *const *extensions, int pair_count, char *error, size_t error_size);

void margin_authority_free(char *pem);

#endif
