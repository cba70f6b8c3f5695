// PocketSphinx (Debian's libpocketsphinx3, 0.8+5prealpha), loaded when a note is transcribed.
//
// margin does not link PocketSphinx: its libraries pull in some forty others (PulseAudio, X11,
// BLAS, LAPACK, Fortran's runtime…), which more than doubled the start-up of every command.
// They are opened with dlopen the first time speech is decoded. Swift cannot call C's variadic
// functions, and a decoder is configured through one (cmd_ln_init): these functions do it.
#ifndef MARGIN_POCKETSPHINX_SHIM_H
#define MARGIN_POCKETSPHINX_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// A decoder (PocketSphinx's ps_decoder_t), opaque.
typedef struct margin_ps_decoder margin_ps_decoder;

/// Opens PocketSphinx once. Returns NULL when it is available, else why it is not (the
/// dynamic loader's message).
const char *margin_ps_load(void);

/// A decoder for the acoustic model directory `hmm`, the language model `lm` and the
/// dictionary `dict`, with PocketSphinx's log turned off; NULL when one of them cannot be
/// loaded or PocketSphinx is not available.
margin_ps_decoder *margin_ps_open(const char *hmm, const char *lm, const char *dict);

/// Starts an utterance.
int margin_ps_start(margin_ps_decoder *decoder);

/// Decodes `count` 16 kHz mono samples.
int margin_ps_process(margin_ps_decoder *decoder, const int16_t *samples, size_t count);

/// Ends the utterance; its best hypothesis, or NULL. Owned by the decoder.
const char *margin_ps_finish(margin_ps_decoder *decoder);

/// Frees the decoder.
void margin_ps_close(margin_ps_decoder *decoder);

#endif
