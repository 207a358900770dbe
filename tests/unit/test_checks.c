/*
** test_checks.c: the engine's internal assertion (PUL_ASSERT, common.h). In a checked
** build (sanitizers: PUL_CHECKS) a false invariant aborts with its expression and place;
** in the others it costs nothing and does not evaluate its expression.
*/
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "common.h"

static int evaluated;
static int touch(void) {
    evaluated++;
    return 0;
}

static void test_assert_by_build(void) {
    (void)touch; /* a use where PUL_ASSERT evaluates nothing: clang warns of it unneeded */
    int devnull[2];
    CHECK(pipe(devnull) == 0);
    pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0) {
        dup2(devnull[1], 2); /* the message goes to the pipe, read below */
        PUL_ASSERT(touch() == 1);
        _exit(evaluated == 0 ? 7 : 8);
    }
    close(devnull[1]);
    char msg[512] = {0};
    ssize_t got = read(devnull[0], msg, sizeof msg - 1);
    close(devnull[0]);
    int status = 0;
    CHECK(waitpid(pid, &status, 0) == pid);
#ifdef PUL_CHECKS
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
    CHECK(got > 0 && strstr(msg, "internal check failed: touch() == 1") != NULL);
    CHECK(strstr(msg, "test_checks.c:") != NULL);
#else
    /* Not checked: the expression is not even evaluated. */
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 7);
    CHECK(got <= 0);
#endif
}

int main(void) {
    RUN(test_assert_by_build);
    return CHECK_DONE();
}
