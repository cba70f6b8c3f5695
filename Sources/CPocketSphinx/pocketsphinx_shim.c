#include "pocketsphinx_shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// PocketSphinx's types, as far as margin uses them: pointers it never looks into.
typedef struct cmd_ln_s cmd_ln_t;
typedef struct arg_s arg_t;

static struct {
    cmd_ln_t *(*cmd_ln_init)(cmd_ln_t *, const arg_t *, int32_t, ...);
    int (*cmd_ln_free_r)(cmd_ln_t *);
    const arg_t *(*ps_args)(void);
    margin_ps_decoder *(*ps_init)(cmd_ln_t *);
    int (*ps_free)(margin_ps_decoder *);
    int (*ps_start_utt)(margin_ps_decoder *);
    int (*ps_process_raw)(margin_ps_decoder *, const int16_t *, size_t, int, int);
    int (*ps_end_utt)(margin_ps_decoder *);
    const char *(*ps_get_hyp)(margin_ps_decoder *, int32_t *);
    void (*err_set_logfp)(FILE *);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure = "not loaded";

static void *open_library(const char *versioned, const char *plain) {
    void *handle = dlopen(versioned, RTLD_NOW | RTLD_LOCAL);
    return handle ? handle : dlopen(plain, RTLD_NOW | RTLD_LOCAL);
}

static void load(void) {
    void *base = open_library("libsphinxbase.so.3", "libsphinxbase.so");
    void *sphinx = base ? open_library("libpocketsphinx.so.3", "libpocketsphinx.so") : NULL;
    if (!base || !sphinx) {
        failure = dlerror();
        if (!failure) failure = "libpocketsphinx.so.3 cannot be opened";
        return;
    }
#define RESOLVE(library, name) \
    if (!(*(void **)&api.name = dlsym(library, #name))) { failure = "PocketSphinx lacks " #name; return; }
    RESOLVE(base, cmd_ln_init)
    RESOLVE(base, cmd_ln_free_r)
    RESOLVE(base, err_set_logfp)
    RESOLVE(sphinx, ps_args)
    RESOLVE(sphinx, ps_init)
    RESOLVE(sphinx, ps_free)
    RESOLVE(sphinx, ps_start_utt)
    RESOLVE(sphinx, ps_process_raw)
    RESOLVE(sphinx, ps_end_utt)
    RESOLVE(sphinx, ps_get_hyp)
#undef RESOLVE
    failure = NULL;
}

const char *margin_ps_load(void) {
    pthread_once(&once, load);
    return failure;
}

margin_ps_decoder *margin_ps_open(const char *hmm, const char *lm, const char *dict) {
    if (margin_ps_load() != NULL) return NULL;
    api.err_set_logfp(NULL);
    cmd_ln_t *config = api.cmd_ln_init(NULL, api.ps_args(), 1, "-hmm", hmm, "-lm", lm, "-dict", dict, NULL);
    if (config == NULL) return NULL;
    margin_ps_decoder *decoder = api.ps_init(config);
    api.cmd_ln_free_r(config);
    return decoder;
}

int margin_ps_start(margin_ps_decoder *decoder) { return api.ps_start_utt(decoder); }

int margin_ps_process(margin_ps_decoder *decoder, const int16_t *samples, size_t count) {
    return api.ps_process_raw(decoder, samples, count, 0, 0);
}

const char *margin_ps_finish(margin_ps_decoder *decoder) {
    api.ps_end_utt(decoder);
    int32_t score = 0;
    return api.ps_get_hyp(decoder, &score);
}

void margin_ps_close(margin_ps_decoder *decoder) { api.ps_free(decoder); }
