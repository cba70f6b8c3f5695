// PocketSphinx (Debian's libpocketsphinx-dev, 0.8+5prealpha) for Swift.
//
// Swift cannot call C's variadic functions, and a decoder is configured through one:
// cmd_ln_init. This inline function makes that call; everything else is called directly.
#include <pocketsphinx.h>
#include <sphinxbase/err.h>

/// A decoder for the acoustic model directory `hmm`, the language model `lm` and the
/// dictionary `dict`, or NULL when one of them cannot be loaded. The library's log (hundreds
/// of lines on stderr) is turned off.
static inline ps_decoder_t *margin_ps_init(const char *hmm, const char *lm, const char *dict) {
    err_set_logfp(NULL);
    cmd_ln_t *config = cmd_ln_init(NULL, ps_args(), TRUE, "-hmm", hmm, "-lm", lm, "-dict", dict, NULL);
    if (config == NULL) return NULL;
    ps_decoder_t *decoder = ps_init(config);
    cmd_ln_free_r(config);
    return decoder;
}
