#include "seal_shim.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>

// libcrypto's EVP interface, as far as sealing uses it (openssl/evp.h; the control numbers are
// part of the ABI).
typedef struct evp_cipher_ctx_st EVP_CIPHER_CTX;
typedef struct evp_cipher_st EVP_CIPHER;
enum { CTRL_GCM_GET_TAG = 0x10, CTRL_GCM_SET_TAG = 0x11, NONCE = 12, TAG = 16 };

static struct {
    EVP_CIPHER_CTX *(*ctx_new)(void);
    void (*ctx_free)(EVP_CIPHER_CTX *);
    const EVP_CIPHER *(*aes_256_gcm)(void);
    int (*encrypt_init)(EVP_CIPHER_CTX *, const EVP_CIPHER *, void *, const unsigned char *, const unsigned char *);
    int (*encrypt_update)(EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int);
    int (*encrypt_final)(EVP_CIPHER_CTX *, unsigned char *, int *);
    int (*decrypt_init)(EVP_CIPHER_CTX *, const EVP_CIPHER *, void *, const unsigned char *, const unsigned char *);
    int (*decrypt_update)(EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int);
    int (*decrypt_final)(EVP_CIPHER_CTX *, unsigned char *, int *);
    int (*ctrl)(EVP_CIPHER_CTX *, int, int, void *);
    int (*rand_bytes)(unsigned char *, int);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure = "not loaded";

static void load(void) {
    static const char *const names[] = {"libcrypto.so.3", "libcrypto.so.1.1"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof *names && !library; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        failure = "OpenSSL's libcrypto (libcrypto.so.3) cannot be opened";
        return;
    }
#define RESOLVE(field, name) \
    if (!(*(void **)&api.field = dlsym(library, #name))) { failure = "libcrypto lacks " #name; return; }
    RESOLVE(ctx_new, EVP_CIPHER_CTX_new)
    RESOLVE(ctx_free, EVP_CIPHER_CTX_free)
    RESOLVE(aes_256_gcm, EVP_aes_256_gcm)
    RESOLVE(encrypt_init, EVP_EncryptInit_ex)
    RESOLVE(encrypt_update, EVP_EncryptUpdate)
    RESOLVE(encrypt_final, EVP_EncryptFinal_ex)
    RESOLVE(decrypt_init, EVP_DecryptInit_ex)
    RESOLVE(decrypt_update, EVP_DecryptUpdate)
    RESOLVE(decrypt_final, EVP_DecryptFinal_ex)
    RESOLVE(ctrl, EVP_CIPHER_CTX_ctrl)
    RESOLVE(rand_bytes, RAND_bytes)
#undef RESOLVE
    failure = NULL;
}

const char *margin_seal_load(void) {
    pthread_once(&once, load);
    return failure;
}

int margin_seal(const unsigned char *key, const unsigned char *aad, size_t aad_length,
                const unsigned char *plain, size_t length, unsigned char *box) {
    if (margin_seal_load()) return -1;
    if (length > INT_MAX - NONCE - TAG || aad_length > INT_MAX) return -2;
    EVP_CIPHER_CTX *ctx = api.ctx_new();
    if (!ctx) return -2;
    int ok = 0, written = 0, last = 0;
    unsigned char *nonce = box, *sealed = box + NONCE;
    if (api.rand_bytes(nonce, NONCE) == 1 && api.encrypt_init(ctx, api.aes_256_gcm(), NULL, key, nonce) == 1 &&
        (aad_length == 0 || api.encrypt_update(ctx, NULL, &written, aad, (int)aad_length) == 1) &&
        api.encrypt_update(ctx, sealed, &written, plain, (int)length) == 1 && (size_t)written == length &&
        api.encrypt_final(ctx, sealed + written, &last) == 1 && last == 0 &&
        api.ctrl(ctx, CTRL_GCM_GET_TAG, TAG, sealed + length) == 1) {
        ok = 1;
    }
    api.ctx_free(ctx);
    return ok ? 0 : -2;
}

int margin_open(const unsigned char *key, const unsigned char *aad, size_t aad_length,
                const unsigned char *box, size_t length, unsigned char *plain) {
    if (margin_seal_load()) return -1;
    if (length < NONCE + TAG || length > INT_MAX || aad_length > INT_MAX) return -2;
    size_t sealed_length = length - NONCE - TAG;
    unsigned char tag[TAG];
    for (int i = 0; i < TAG; i++) tag[i] = box[length - TAG + i];
    EVP_CIPHER_CTX *ctx = api.ctx_new();
    if (!ctx) return -2;
    int ok = 0, written = 0, last = 0;
    if (api.decrypt_init(ctx, api.aes_256_gcm(), NULL, key, box) == 1 &&
        (aad_length == 0 || api.decrypt_update(ctx, NULL, &written, aad, (int)aad_length) == 1) &&
        api.decrypt_update(ctx, plain, &written, box + NONCE, (int)sealed_length) == 1 && (size_t)written == sealed_length &&
        api.ctrl(ctx, CTRL_GCM_SET_TAG, TAG, tag) == 1 && api.decrypt_final(ctx, plain + written, &last) == 1) {
        ok = 1;
    }
    api.ctx_free(ctx);
    return ok ? 0 : -2;
}
