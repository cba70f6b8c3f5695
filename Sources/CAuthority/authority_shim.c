#include "authority_shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// libcrypto 3's interface, as far as a certificate authority uses it (openssl/*.h).
typedef struct evp_pkey_st EVP_PKEY;
typedef struct x509_st X509;
typedef struct X509_name_st X509_NAME;
typedef struct X509_extension_st X509_EXTENSION;
typedef struct asn1_string_st ASN1_INTEGER;
typedef struct asn1_string_st ASN1_TIME;
typedef struct bio_st BIO;
typedef struct bio_method_st BIO_METHOD;
typedef struct evp_md_st EVP_MD;
enum { BIO_CTRL_INFO = 3, MBSTRING_UTF8 = 0x1000 };

static struct {
    EVP_PKEY *(*keygen)(void *, const char *, const char *, ...);
    void (*pkey_free)(EVP_PKEY *);
    X509 *(*x509_new)(void);
    void (*x509_free)(X509 *);
    int (*set_version)(X509 *, long);
    ASN1_INTEGER *(*serial)(X509 *);
    int (*integer_set)(ASN1_INTEGER *, int64_t);
    ASN1_TIME *(*not_before)(const X509 *);
    ASN1_TIME *(*not_after)(const X509 *);
    ASN1_TIME *(*time_set)(ASN1_TIME *, time_t);
    X509_NAME *(*subject_name)(const X509 *);
    int (*name_add)(X509_NAME *, const char *, int, const unsigned char *, int, int, int);
    int (*set_issuer_name)(X509 *, const X509_NAME *);
    int (*set_pubkey)(X509 *, EVP_PKEY *);
    void (*set_ctx)(void *, X509 *, X509 *, void *, void *, int);
    X509_EXTENSION *(*ext_nconf)(void *, void *, const char *, const char *);
    int (*add_ext)(X509 *, X509_EXTENSION *, int);
    void (*ext_free)(X509_EXTENSION *);
    int (*sign)(X509 *, EVP_PKEY *, const EVP_MD *);
    const EVP_MD *(*sha256)(void);
    const BIO_METHOD *(*bio_s_mem)(void);
    BIO *(*bio_new)(const BIO_METHOD *);
    BIO *(*bio_mem_buf)(const void *, int);
    long (*bio_ctrl)(BIO *, int, long, void *);
    int (*bio_free)(BIO *);
    int (*write_key)(BIO *, const EVP_PKEY *, const void *, const unsigned char *, int, void *, void *);
    int (*write_x509)(BIO *, const X509 *);
    EVP_PKEY *(*read_key)(BIO *, EVP_PKEY **, void *, void *);
    X509 *(*read_x509)(BIO *, X509 **, void *, void *);
    int (*rand_bytes)(unsigned char *, int);
    unsigned long (*error_get)(void);
    void (*error_string)(unsigned long, char *, size_t);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure = "not loaded";

static void load(void) {
    void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        failure = "OpenSSL 3's libcrypto (libcrypto.so.3) cannot be opened";
        return;
    }
#define RESOLVE(field, name) \
    if (!(*(void **)&api.field = dlsym(library, #name))) { failure = "libcrypto lacks " #name; return; }
    RESOLVE(keygen, EVP_PKEY_Q_keygen)
    RESOLVE(pkey_free, EVP_PKEY_free)
    RESOLVE(x509_new, X509_new)
    RESOLVE(x509_free, X509_free)
    RESOLVE(set_version, X509_set_version)
    RESOLVE(serial, X509_get_serialNumber)
    RESOLVE(integer_set, ASN1_INTEGER_set_int64)
    RESOLVE(not_before, X509_getm_notBefore)
    RESOLVE(not_after, X509_getm_notAfter)
    RESOLVE(time_set, ASN1_TIME_set)
    RESOLVE(subject_name, X509_get_subject_name)
    RESOLVE(name_add, X509_NAME_add_entry_by_txt)
    RESOLVE(set_issuer_name, X509_set_issuer_name)
    RESOLVE(set_pubkey, X509_set_pubkey)
    RESOLVE(set_ctx, X509V3_set_ctx)
    RESOLVE(ext_nconf, X509V3_EXT_nconf)
    RESOLVE(add_ext, X509_add_ext)
    RESOLVE(ext_free, X509_EXTENSION_free)
    RESOLVE(sign, X509_sign)
    RESOLVE(sha256, EVP_sha256)
    RESOLVE(bio_s_mem, BIO_s_mem)
    RESOLVE(bio_new, BIO_new)
    RESOLVE(bio_mem_buf, BIO_new_mem_buf)
    RESOLVE(bio_ctrl, BIO_ctrl)
    RESOLVE(bio_free, BIO_free)
    RESOLVE(write_key, PEM_write_bio_PrivateKey)
    RESOLVE(write_x509, PEM_write_bio_X509)
    RESOLVE(read_key, PEM_read_bio_PrivateKey)
    RESOLVE(read_x509, PEM_read_bio_X509)
    RESOLVE(rand_bytes, RAND_bytes)
    RESOLVE(error_get, ERR_get_error)
    RESOLVE(error_string, ERR_error_string_n)
#undef RESOLVE
    failure = NULL;
}

/// Says `what` failed, with libcrypto's reason when it gave one.
static void fail(char *error, size_t size, const char *what) {
    char reason[200] = "";
    unsigned long code = api.error_get ? api.error_get() : 0;
    if (code) api.error_string(code, reason, sizeof reason);
    snprintf(error, size, "%s%s%s", what, code ? ": " : "", reason);
    while (api.error_get && api.error_get()) {}
}

/// What `bio` holds, as a malloc'd string.
static char *drain(BIO *bio) {
    char *data = NULL;
    long length = api.bio_ctrl(bio, BIO_CTRL_INFO, 0, &data);
    if (length <= 0 || !data) return NULL;
    char *copy = malloc((size_t)length + 1);
    if (!copy) return NULL;
    memcpy(copy, data, (size_t)length);
    copy[length] = '\0';
    return copy;
}

static EVP_PKEY *read_key(const char *pem) {
    BIO *bio = api.bio_mem_buf(pem, -1);
    if (!bio) return NULL;
    EVP_PKEY *key = api.read_key(bio, NULL, NULL, NULL);
    api.bio_free(bio);
    return key;
}

char *margin_authority_new_key(char *error, size_t error_size) {
    pthread_once(&once, load);
    if (failure) {
        snprintf(error, error_size, "%s", failure);
        return NULL;
    }
    EVP_PKEY *key = api.keygen(NULL, NULL, "EC", "P-256");
    if (!key) {
        fail(error, error_size, "cannot make a P-256 key");
        return NULL;
    }
    BIO *bio = api.bio_new(api.bio_s_mem());
    char *pem = NULL;
    if (bio && api.write_key(bio, key, NULL, NULL, 0, NULL, NULL) == 1) pem = drain(bio);
    if (!pem) fail(error, error_size, "cannot write the key");
    if (bio) api.bio_free(bio);
    api.pkey_free(key);
    return pem;
}

char *margin_authority_issue(const char *key_pem, const char *issuer_key_pem, const char *issuer_pem,
                             const char *common_name, long long not_before, long long not_after,
                             const char *const *extensions, int pair_count, char *error, size_t error_size) {
    pthread_once(&once, load);
    if (failure) {
        snprintf(error, error_size, "%s", failure);
        return NULL;
    }
    char *pem = NULL;
    X509 *certificate = NULL, *issuer = NULL;
    BIO *bio = NULL;
    EVP_PKEY *key = read_key(key_pem);
    EVP_PKEY *signer = issuer_key_pem ? read_key(issuer_key_pem) : NULL;
    if (!key || (issuer_key_pem && !signer)) {
        fail(error, error_size, "cannot read a key");
        goto done;
    }
    if (issuer_pem) {
        BIO *in = api.bio_mem_buf(issuer_pem, -1);
        issuer = in ? api.read_x509(in, NULL, NULL, NULL) : NULL;
        if (in) api.bio_free(in);
        if (!issuer) {
            fail(error, error_size, "cannot read the issuer's certificate");
            goto done;
        }
    }
    certificate = api.x509_new();
    unsigned char random[8];
    if (!certificate || api.rand_bytes(random, sizeof random) != 1) {
        fail(error, error_size, "cannot make a certificate");
        goto done;
    }
    int64_t serial = 0;
    for (size_t i = 0; i < sizeof random; i++) serial = (serial << 8) | random[i];
    serial &= INT64_MAX;
    if (serial == 0) serial = 1;
    X509_NAME *subject = api.subject_name(certificate);
    if (api.set_version(certificate, 2) != 1 || api.integer_set(api.serial(certificate), serial) != 1 ||
        !api.time_set(api.not_before(certificate), (time_t)not_before) || !api.time_set(api.not_after(certificate), (time_t)not_after) ||
        api.name_add(subject, "CN", MBSTRING_UTF8, (const unsigned char *)common_name, -1, -1, 0) != 1 ||
        api.set_issuer_name(certificate, issuer ? api.subject_name(issuer) : subject) != 1 ||
        api.set_pubkey(certificate, key) != 1) {
        fail(error, error_size, "cannot fill in the certificate");
        goto done;
    }
    // X509V3_CTX is a small public struct (eight fields in OpenSSL 3) that X509V3_set_ctx fills.
    _Alignas(16) unsigned char context[256] = {0};
    api.set_ctx(context, issuer ? issuer : certificate, certificate, NULL, NULL, 0);
    for (int i = 0; i < pair_count; i++) {
        X509_EXTENSION *extension = api.ext_nconf(NULL, context, extensions[2 * i], extensions[2 * i + 1]);
        if (!extension || api.add_ext(certificate, extension, -1) != 1) {
            if (extension) api.ext_free(extension);
            char what[160];
            snprintf(what, sizeof what, "cannot add %s = %s", extensions[2 * i], extensions[2 * i + 1]);
            fail(error, error_size, what);
            goto done;
        }
        api.ext_free(extension);
    }
    if (api.sign(certificate, signer ? signer : key, api.sha256()) <= 0) {
        fail(error, error_size, "cannot sign the certificate");
        goto done;
    }
    bio = api.bio_new(api.bio_s_mem());
    if (bio && api.write_x509(bio, certificate) == 1) pem = drain(bio);
    if (!pem) fail(error, error_size, "cannot write the certificate");
done:
    if (bio) api.bio_free(bio);
    if (certificate) api.x509_free(certificate);
    if (issuer) api.x509_free(issuer);
    if (key) api.pkey_free(key);
    if (signer) api.pkey_free(signer);
    return pem;
}

void margin_authority_free(char *pem) {
    free(pem);
}
