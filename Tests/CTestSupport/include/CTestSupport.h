#ifndef CTESTSUPPORT_H
#define CTESTSUPPORT_H
#include <stddef.h>

/* Runs argv with envp (stdin /dev/null, stdout and stderr captured together); returns the wait status
   and a malloc'd, NUL-terminated copy of the output in *output (its length in *length). */
int tests_spawn_capture(char *const argv[], char *const envp[], char **output, size_t *length);

#endif
