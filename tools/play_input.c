/*
** play_input.c: line editing and history for `pul play` at a terminal
** (play_input.h), with libedit: BSD-licensed, in Debian as libedit-dev, and
** with a native interface that takes our streams and a history per seat.
*/
#define _POSIX_C_SOURCE 200809L /* fileno */

#include <stdlib.h>
#include <string.h>

#include "play_input.h"
#include "pul.h"

#ifdef PUL_HAVE_LIBEDIT

#include <histedit.h>
#include <langinfo.h>
#include <locale.h>

enum { INPUT_HISTORY_LINES = 200 };

struct PlayInput {
    EditLine *el;
    History *hist[PUL_MAX_SEATS + 1]; /* one per seat, the last for lines of no seat */
    char prompt[256];
};

static char *input_prompt(EditLine *el) {
    PlayInput *in = NULL;
    el_get(el, EL_CLIENTDATA, &in);
    return in ? in->prompt : "";
}

PlayInput *play_input_open(FILE *in, FILE *out) {
    /* libedit works in wide characters converted with the locale; pul writes
    ** UTF-8 whatever the locale, so a terminal that is not set up for it
    ** still gets prompts and typed text right as UTF-8. */
    if (!setlocale(LC_CTYPE, "") || strcmp(nl_langinfo(CODESET), "UTF-8") != 0)
        setlocale(LC_CTYPE, "C.UTF-8");
    PlayInput *pi = calloc(1, sizeof *pi);
    if (!pi) return NULL;
    pi->el = el_init("pul", in, out, stderr);
    if (!pi->el) {
        free(pi);
        return NULL;
    }
    HistEvent ev;
    for (int k = 0; k <= PUL_MAX_SEATS; k++) {
        pi->hist[k] = history_init();
        if (!pi->hist[k]) {
            play_input_close(pi);
            return NULL;
        }
        history(pi->hist[k], &ev, H_SETSIZE, INPUT_HISTORY_LINES);
        history(pi->hist[k], &ev, H_SETUNIQUE, 1);
    }
    el_set(pi->el, EL_CLIENTDATA, pi);
    el_set(pi->el, EL_PROMPT, input_prompt);
    el_set(pi->el, EL_EDITOR, "emacs");
    /* The terminal is put back as it was on Ctrl-C or a kill. */
    el_set(pi->el, EL_SIGNAL, 1);
    /* The person's own settings (~/.editrc, or $EDITRC), such as bind -v for vi keys. */
    el_source(pi->el, NULL);
    return pi;
}

void play_input_close(PlayInput *pi) {
    if (!pi) return;
    for (int k = 0; k <= PUL_MAX_SEATS; k++)
        if (pi->hist[k]) history_end(pi->hist[k]);
    if (pi->el) el_end(pi->el);
    free(pi);
}

bool play_input_read(PlayInput *pi, const char *prompt, int seat, char *buf, size_t size) {
    History *h = pi->hist[seat >= 0 && seat < PUL_MAX_SEATS ? seat : PUL_MAX_SEATS];
    snprintf(pi->prompt, sizeof pi->prompt, "%s", prompt);
    el_set(pi->el, EL_HIST, history, h);
    int count = 0;
    const char *line = el_gets(pi->el, &count);
    if (!line || count <= 0) return false;
    size_t len = strcspn(line, "\r\n");
    if (len >= size) len = size - 1;
    memcpy(buf, line, len);
    buf[len] = '\0';
    /* Lines of no seat (the hand-over's Enter) and blank ones are not worth recalling. */
    if (seat >= 0 && strspn(buf, " \t") < len) {
        HistEvent ev;
        history(h, &ev, H_ENTER, buf);
    }
    return true;
}

const char *play_input_library(void) { return "libedit"; }

#else /* no line editing in this build */

PlayInput *play_input_open(FILE *in, FILE *out) {
    (void)in;
    (void)out;
    return NULL;
}

void play_input_close(PlayInput *in) { (void)in; }

bool play_input_read(PlayInput *in, const char *prompt, int seat, char *buf, size_t size) {
    (void)in, (void)prompt, (void)seat, (void)buf, (void)size;
    return false;
}

const char *play_input_library(void) { return "none"; }

#endif
