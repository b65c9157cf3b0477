/* The I/O guard of the fuzz targets: strong definitions of the libc entry points through which
 * a library reads files, reaches the network or starts processes. They interpose on libc for
 * the whole process (the executable's symbols win over shared libraries' and over the
 * sanitizers' weak interceptors). While armed (only around calls into mailtokit), a call is
 * recorded as a violation and then forwarded to libc, so that the fuzzer's own crash handling,
 * which may run while armed, still works; the target reports the violation afterwards. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

static int armed;
static char violation[512];

void mailtokit_fuzz_io_arm(int on);
const char* mailtokit_fuzz_io_violation(void);

void mailtokit_fuzz_io_arm(int on) {
  armed = on;
  if (on) violation[0] = '\0';
}

const char* mailtokit_fuzz_io_violation(void) { return violation[0] ? violation : NULL; }

static void record(const char* fn, const char* arg) {
  if (!armed || violation[0]) return;
  snprintf(violation, sizeof violation, "%s(%s)", fn, arg ? arg : "");
}

/* The libc function `name`, as a function pointer of type `type` (memcpy: ISO C has no
 * conversion from object to function pointers). */
#define REAL(type, name, var)             \
  type var;                               \
  do {                                    \
    void* sym_ = dlsym(RTLD_NEXT, name);  \
    memcpy(&var, &sym_, sizeof var);      \
  } while (0)

static unsigned open_mode(int flags, va_list ap) {
  return (flags & (O_CREAT | O_TMPFILE)) ? va_arg(ap, unsigned) : 0u;
}

typedef int (*open_fn)(const char*, int, ...);
typedef int (*openat_fn)(int, const char*, int, ...);
typedef FILE* (*fopen_fn)(const char*, const char*);
typedef int (*socket_fn)(int, int, int);
struct sockaddr; /* <sys/socket.h> is not included: its transparent union is not ISO C */
typedef int (*connect_fn)(int, const struct sockaddr*, unsigned);
typedef int (*execve_fn)(const char*, char* const[], char* const[]);
typedef int (*system_fn)(const char*);
typedef pid_t (*fork_fn)(void);
int socket(int domain, int type, int protocol);
int connect(int fd, const struct sockaddr* addr, unsigned len);

#define FORWARD_OPEN(name)                     \
  int name(const char* path, int flags, ...) { \
    va_list ap;                                \
    va_start(ap, flags);                       \
    unsigned mode = open_mode(flags, ap);      \
    va_end(ap);                                \
    record(#name, path);                       \
    REAL(open_fn, #name, real);                \
    return real(path, flags, mode);            \
  }
FORWARD_OPEN(open)
FORWARD_OPEN(open64)

#define FORWARD_OPENAT(name)                              \
  int name(int dirfd, const char* path, int flags, ...) { \
    va_list ap;                                           \
    va_start(ap, flags);                                  \
    unsigned mode = open_mode(flags, ap);                 \
    va_end(ap);                                           \
    record(#name, path);                                  \
    REAL(openat_fn, #name, real);                         \
    return real(dirfd, path, flags, mode);                \
  }
FORWARD_OPENAT(openat)
FORWARD_OPENAT(openat64)

#define FORWARD_FOPEN(name)                            \
  FILE* name(const char* path, const char* mode) {     \
    record(#name, path);                               \
    REAL(fopen_fn, #name, real);                       \
    return real(path, mode);                           \
  }
FORWARD_FOPEN(fopen)
FORWARD_FOPEN(fopen64)

int socket(int domain, int type, int protocol) {
  record("socket", "");
  REAL(socket_fn, "socket", real);
  return real(domain, type, protocol);
}

int connect(int fd, const struct sockaddr* addr, unsigned len) {
  record("connect", "");
  REAL(connect_fn, "connect", real);
  return real(fd, addr, len);
}

int execve(const char* path, char* const argv[], char* const envp[]) {
  record("execve", path);
  REAL(execve_fn, "execve", real);
  return real(path, argv, envp);
}

int system(const char* command) {
  record("system", command);
  REAL(system_fn, "system", real);
  return real(command);
}

FILE* popen(const char* command, const char* type) {
  record("popen", command);
  REAL(fopen_fn, "popen", real);
  return real(command, type);
}

pid_t fork(void) {
  record("fork", "");
  REAL(fork_fn, "fork", real);
  return real();
}
