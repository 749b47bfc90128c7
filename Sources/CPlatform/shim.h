#pragma once
#include <malloc.h>

/// glibc allocator tuning (malloc.h is not part of Swift's Glibc module).
static inline void overscroll_keep_large_allocations(int bytes) {
    mallopt(M_MMAP_THRESHOLD, bytes);
    mallopt(M_TRIM_THRESHOLD, bytes * 2);
}

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/xattr.h>

/// Self-pipe for interruption signals: the handler only writes the signal number to a pipe
/// (async-signal-safe); a thread reading the pipe does the cleanup. (libdispatch's signal
/// sources miss signals that are ignored, and a handler may not remove folders itself.)
static int overscroll_signal_pipe[2] = {-1, -1};

static void overscroll_on_signal(int sig) {
    unsigned char b = (unsigned char)sig;
    ssize_t n = write(overscroll_signal_pipe[1], &b, 1);
    (void)n;
}

/// Installs the handler for SIGINT, SIGTERM and SIGHUP; returns the pipe's read end, or -1.
static inline int overscroll_install_signal_pipe(void) {
    if (pipe2(overscroll_signal_pipe, O_CLOEXEC) != 0) return -1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = overscroll_on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, 0);
    sigaction(SIGTERM, &sa, 0);
    sigaction(SIGHUP, &sa, 0);
    // A parent may start us with these blocked (spawned from a thread that blocks signals):
    // unblock them in this thread so the process can receive them.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_UNBLOCK, &set, 0);
    return overscroll_signal_pipe[0];
}

#include <errno.h>
#include <sys/syscall.h>

/// Swaps two paths atomically (renameat2 with RENAME_EXCHANGE): both must exist. -1 with errno
/// EINVAL or ENOSYS where the file system or kernel has no exchange.
static inline int overscroll_rename_exchange(const char *a, const char *b) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2 /* RENAME_EXCHANGE */);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// A pipe whose two ends are close-on-exec from the start (pipe2 is not in Swift's Glibc), so a
/// child spawned meanwhile by another thread inherits neither (`ChildProcess`).
static inline int overscroll_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}
