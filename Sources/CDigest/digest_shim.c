#include "digest_shim.h"

#include <dlfcn.h>
#include <pthread.h>

// libcrypto: int EVP_Digest(const void *, size_t, unsigned char *, unsigned int *, const EVP_MD *, ENGINE *)
typedef int (*evp_digest_fn)(const void *, size_t, unsigned char *, unsigned int *, const void *, void *);
typedef const void *(*evp_sha256_fn)(void);
// GnuTLS: int gnutls_hash_fast(gnutls_digest_algorithm_t, const void *, size_t, void *); SHA256 is 6.
typedef int (*gnutls_hash_fast_fn)(int, const void *, size_t, void *);
enum { GNUTLS_DIG_SHA256 = 6 };

static pthread_once_t once = PTHREAD_ONCE_INIT;
static evp_digest_fn evp_digest;
static evp_sha256_fn evp_sha256;
static gnutls_hash_fast_fn gnutls_hash_fast;
static const char *failure = "not loaded";

static void load(void) {
    static const char *const openssl[] = {"libcrypto.so.3", "libcrypto.so.1.1", "libcrypto.so"};
    for (size_t i = 0; i < sizeof openssl / sizeof *openssl; i++) {
        void *library = dlopen(openssl[i], RTLD_NOW | RTLD_LOCAL);
        if (!library) continue;
        *(void **)&evp_digest = dlsym(library, "EVP_Digest");
        *(void **)&evp_sha256 = dlsym(library, "EVP_sha256");
        if (evp_digest && evp_sha256) return;
        evp_digest = 0;
        evp_sha256 = 0;
    }
    void *gnutls = dlopen("libgnutls.so.30", RTLD_NOW | RTLD_LOCAL);
    if (gnutls) {
        *(void **)&gnutls_hash_fast = dlsym(gnutls, "gnutls_hash_fast");
        if (gnutls_hash_fast) return;
    }
    failure = "neither OpenSSL's libcrypto (libcrypto.so.3, libcrypto.so.1.1) nor GnuTLS's libgnutls.so.30 can be opened";
}

int margin_sha256(const void *data, size_t length, unsigned char *digest) {
    pthread_once(&once, load);
    if (evp_digest) {
        unsigned int size = 0;
        return evp_digest(data, length, digest, &size, evp_sha256(), 0) == 1 && size == 32 ? 0 : -2;
    }
    if (gnutls_hash_fast) return gnutls_hash_fast(GNUTLS_DIG_SHA256, data, length, digest) == 0 ? 0 : -2;
    return -1;
}

const char *margin_digest_failure(void) {
    pthread_once(&once, load);
    return failure;
}
