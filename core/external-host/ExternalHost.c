/* symseq-external-host: runs a user's external-function library (core/include/symseq/external.h)
 * in a process of its own, so that a function that crashes, aborts, calls exit() or never returns
 * ends or stalls this process, not symseq (core/cli/run/ExternalHost.h starts it and reads it).
 *
 *   symseq-external-host LIBRARY SYMBOL...
 *
 * fd 3 is a stream socket to symseq, fd 4 the read end of a pipe whose write end only symseq
 * holds: when symseq ends in any way, the pipe reads end-of-file and this process ends too, even
 * in the middle of a call that never returns (so no orphan keeps spinning).
 *
 * Protocol (native byte order: both ends are on this machine), every message whole:
 *   start-up, host -> symseq: u8 kind, u32 length, length bytes of text
 *     kind 'R' ready; 'L' the library does not load (text: the loader's message);
 *     'S' a symbol is missing (text: its index among the SYMBOL arguments, in decimal).
 *   each call, symseq -> host: u32 symbol index, u32 nargs, nargs symseq_value (8 bytes each);
 *              host -> symseq: i32 return code, one symseq_value (the result).
 * A C program with no sanitizer hooks of its own: a signal or exit() inside the user's code must
 * end the process the way it would end any program (see __asan_default_options below). */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "symseq/external.h"

enum { kSocket = 3, kLifeline = 4, kMaxArgs = 1 << 16 };

/* In a sanitizer build a crash in the user's code must still end this process by its signal
 * (symseq reports "killed by signal 11 (SIGSEGV)"), and exit() must keep its status: no
 * sanitizer handler or leak check at exit may turn either into "exited with status 1". Unused
 * (and harmless) in other builds. */
const char* __asan_default_options(void);
const char* __asan_default_options(void) {
  return "handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0:handle_abort=0:detect_leaks=0";
}

static int readAll(int fd, void* data, size_t size) {
  char* p = data;
  while (size > 0) {
    const ssize_t n = read(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    p += n;
    size -= (size_t)n;
  }
  return 0;
}

static int writeAll(int fd, const void* data, size_t size) {
  const char* p = data;
  while (size > 0) {
    const ssize_t n = write(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    p += n;
    size -= (size_t)n;
  }
  return 0;
}

static int sendText(char kind, const char* text) {
  const uint32_t length = (uint32_t)strlen(text);
  if (writeAll(kSocket, &kind, 1) != 0 || writeAll(kSocket, &length, sizeof length) != 0) return -1;
  return writeAll(kSocket, text, length);
}

/* Ends the process when symseq is gone: a read of the lifeline returns only at its end. */
static void* watchLifeline(void* unused) {
  (void)unused;
  char byte;
  while (read(kLifeline, &byte, 1) < 0 && errno == EINTR) {
  }
  _exit(0);
  return NULL;
}

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  pthread_t watcher;
  if (pthread_create(&watcher, NULL, watchLifeline, NULL) != 0) return 2;
  void* library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char* why = dlerror();
    return sendText('L', why != NULL ? why : "unknown loader error") == 0 ? 0 : 2;
  }
  const int count = argc - 2;
  symseq_external_fn* functions = calloc((size_t)(count > 0 ? count : 1), sizeof *functions);
  if (functions == NULL) return 2;
  for (int i = 0; i < count; ++i) {
    void* symbol = dlsym(library, argv[i + 2]);
    if (symbol == NULL) {
      char index[16];
      snprintf(index, sizeof index, "%d", i);
      return sendText('S', index) == 0 ? 0 : 2;
    }
    memcpy(&functions[i], &symbol, sizeof symbol); /* object to function pointer, as dlsym means */
  }
  if (sendText('R', "") != 0) return 2;
  symseq_value* args = malloc(sizeof(symseq_value) * kMaxArgs);
  if (args == NULL) return 2;
  for (;;) {
    uint32_t head[2];
    if (readAll(kSocket, head, sizeof head) != 0) return 0; /* symseq closed the socket: done */
    if (head[0] >= (uint32_t)count || head[1] > kMaxArgs) return 2;
    if (readAll(kSocket, args, sizeof(symseq_value) * head[1]) != 0) return 0;
    symseq_value result;
    memset(&result, 0, sizeof result);
    const int32_t code = functions[head[0]](args, head[1], &result);
    if (writeAll(kSocket, &code, sizeof code) != 0 || writeAll(kSocket, &result, sizeof result) != 0) return 0;
  }
}
