#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>

#include "CNudgeLinux.h"
#include <dlfcn.h>
#include <malloc.h>
#include <errno.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/stat.h>
#include <pthread.h>
#include <string.h>

int nudge_timerfd_create(void) {
    return timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC | TFD_NONBLOCK);
}

/* Absolute, and cancelled when the realtime clock is set, so a clock change wakes the daemon. */
int nudge_timerfd_settime_absolute(int fd, const struct itimerspec *value) {
    return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, value, NULL);
}

/* CLOCK_REALTIME_ALARM: a suspended machine resumes for it (needs CAP_WAKE_ALARM). */
int nudge_timerfd_create_alarm(void) {
    return timerfd_create(CLOCK_REALTIME_ALARM, TFD_CLOEXEC | TFD_NONBLOCK);
}

int nudge_timerfd_create_monotonic(void) {
    return timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
}

/* One shot after `milliseconds`; 0 disarms. */
int nudge_timerfd_settime_relative(int fd, long milliseconds) {
    struct itimerspec value = {0};
    value.it_value.tv_sec = milliseconds / 1000;
    value.it_value.tv_nsec = (milliseconds % 1000) * 1000000L;
    return timerfd_settime(fd, 0, &value, NULL);
}

int nudge_eventfd(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

int nudge_pidfd_open(int pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

int nudge_pipe(int fds[2]) {
    return pipe2(fds, O_CLOEXEC | O_NONBLOCK);
}

long nudge_siginfo_queued_value(const siginfo_t *info) {
    if (info == NULL || info->si_code != SI_QUEUE) return -1;
    return (long)info->si_value.sival_ptr;
}

typedef void (*nudge_alsa_error_handler)(const char *file, int line, const char *function, int err, const char *fmt, ...);

static void nudge_ignore_alsa_error(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

void *nudge_open_quiet_alsa(void) {
    void *library = dlopen("libasound.so.2", RTLD_NOW | RTLD_GLOBAL);
    if (!library) return NULL;
    int (*set_handler)(nudge_alsa_error_handler) = (int (*)(nudge_alsa_error_handler))dlsym(library, "snd_lib_error_set_handler");
    if (set_handler) set_handler(nudge_ignore_alsa_error);
    return library;
}

void nudge_release_free_heap(void) {
    malloc_trim(0);
}

void nudge_use_one_malloc_arena(void) {
    mallopt(M_ARENA_MAX, 1);
}

/* 1 when statx says the path is encrypted (an fscrypt policy on it), 0 when not or unknown. */
int nudge_is_encrypted(const char *path) {
    struct statx result;
    if (statx(AT_FDCWD, path, 0, STATX_BASIC_STATS, &result) != 0) return 0;
    return (result.stx_attributes_mask & STATX_ATTR_ENCRYPTED) && (result.stx_attributes & STATX_ATTR_ENCRYPTED) ? 1 : 0;
}

/* The commit a release build was made from, which contrib/scripts/build-release.sh passes as
   -Xcc -DNUDGE_COMMIT="..."; empty for any other build. */
#ifndef NUDGE_COMMIT
#define NUDGE_COMMIT ""
#endif
const char *nudge_build_commit(void) {
    return NUDGE_COMMIT;
}

void nudge_name_this_thread(const char *name) {
    prctl(PR_SET_NAME, name, 0, 0, 0);
}

int nudge_spawn_in_group(const char *path, char *const argv[], char *const envp[], int *pidfd, int *output) {
    /* The write end blocks (a command that writes waits for the reader, as on a terminal); the
       daemon's read end never does. Both close on exec: the child gets the write end as 1 and 2. */
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) return -errno;
    if (fcntl(ends[0], F_SETFL, O_NONBLOCK) != 0) {
        int code = errno;
        close(ends[0]);
        close(ends[1]);
        return -code;
    }
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_t actions;
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1);
    posix_spawn_file_actions_adddup2(&actions, ends[1], 2);
    /* Only stdin, stdout and stderr: a descriptor without close-on-exec (a library's) stays here. */
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    pid_t pid;
    int failed = posix_spawn(&pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(ends[1]);
    if (failed != 0) {
        close(ends[0]);
        return -failed;
    }
    /* Not reaped until the daemon reaps it, so the pid names this child even if it has ended. */
    *pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
    if (*pidfd < 0) {
        int code = errno;
        kill(-pid, SIGKILL);
        waitpid(pid, NULL, 0);
        close(ends[0]);
        return -code;
    }
    *output = ends[0];
    return pid;
}

/* Temporary files to remove when a signal ends the process. A handler may only call
   async-signal-safe functions: the paths are kept as C strings in fixed slots, each marked
   taken only once it is whole, and the handler builds the companions' names by hand. */
enum { REMOVED_SLOTS = 16, REMOVED_PATH = 4096 };
static char removed_path[REMOVED_SLOTS][REMOVED_PATH];
static int removed_folder[REMOVED_SLOTS];
static int removed_name_at[REMOVED_SLOTS];
static volatile sig_atomic_t removed_taken[REMOVED_SLOTS];
static pthread_mutex_t removed_lock = PTHREAD_MUTEX_INITIALIZER;
static const int removed_signals[] = {SIGINT, SIGTERM, SIGHUP};

static void removed_unlink(int slot, const char *suffix) {
    char name[REMOVED_PATH + 16];
    size_t length = 0;
    for (const char *c = removed_path[slot]; *c; c++) name[length++] = *c;
    for (const char *c = suffix; *c; c++) name[length++] = *c;
    name[length] = '\0';
    if (removed_folder[slot] >= 0) unlinkat(removed_folder[slot], name + removed_name_at[slot], 0);
    unlink(name);
}

/* Files being made (between nudge_hold_ending_signals and its release): a signal that comes
   meanwhile, on whichever thread does not block it (GLib's dconf worker blocks none), is only
   recorded, and the release acts on it once the file is noted. */
static int removed_making = 0;
static volatile sig_atomic_t removed_deferred = 0;

/* Unlinks every noted file, then ends the process by `signal`, as its default action would. */
static void removed_end(int signal) {
    static const char *const suffixes[] = {"", "-wal", "-shm", "-journal"};
    for (int slot = 0; slot < REMOVED_SLOTS; slot++) {
        if (!__atomic_load_n(&removed_taken[slot], __ATOMIC_SEQ_CST)) continue;
        for (int i = 0; i < 4; i++) removed_unlink(slot, suffixes[i]);
    }
    struct sigaction fallback = {0};
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal, &fallback, NULL);
    /* SA_NODEFER: the signal is not blocked here, so it ends the process at once. */
    raise(signal);
}

static void removed_on_signal(int signal) {
    __atomic_store_n(&removed_deferred, signal, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&removed_making, __ATOMIC_SEQ_CST) > 0) return;
    removed_end(signal);
}

/* The handler above for each ending signal whose action is the default (the daemon has its
   own); `unblock`: the calling thread no longer blocks such a signal. Under removed_lock. */
static void removed_take_signals(int unblock) {
    for (size_t i = 0; i < sizeof removed_signals / sizeof removed_signals[0]; i++) {
        struct sigaction current;
        if (sigaction(removed_signals[i], NULL, &current) != 0) continue;
        if ((current.sa_flags & SA_SIGINFO) || current.sa_handler != SIG_DFL) continue;
        struct sigaction handler = {0};
        handler.sa_handler = removed_on_signal;
        sigemptyset(&handler.sa_mask);
        /* SA_RESTART: a thread the signal was only recorded on goes on with its call. */
        handler.sa_flags = SA_NODEFER | SA_RESTART;
        sigaction(removed_signals[i], &handler, NULL);
        if (!unblock) continue;
        /* A parent may hand on a mask that blocks it (Foundation's Process spawns from
           Dispatch threads): the signal meant to end the command would wait unseen. */
        sigset_t ending;
        sigemptyset(&ending);
        sigaddset(&ending, removed_signals[i]);
        pthread_sigmask(SIG_UNBLOCK, &ending, NULL);
    }
}

int nudge_remove_on_signal(const char *path, int folder) {
    size_t length = strlen(path);
    if (length >= REMOVED_PATH) return -1;
    pthread_mutex_lock(&removed_lock);
    int slot = 0;
    while (slot < REMOVED_SLOTS && removed_taken[slot]) slot++;
    if (slot < REMOVED_SLOTS) {
        memcpy(removed_path[slot], path, length + 1);
        const char *slash = strrchr(path, '/');
        removed_name_at[slot] = slash ? (int)(slash - path + 1) : 0;
        removed_folder[slot] = folder;
        __atomic_store_n(&removed_taken[slot], 1, __ATOMIC_SEQ_CST);
        removed_take_signals(1);
    } else {
        slot = -1;
    }
    pthread_mutex_unlock(&removed_lock);
    return slot;
}

void nudge_forget_on_signal(int slot) {
    if (slot < 0 || slot >= REMOVED_SLOTS) return;
    __atomic_store_n(&removed_taken[slot], 0, __ATOMIC_SEQ_CST);
}

void nudge_hold_ending_signals(sigset_t *saved) {
    sigset_t ending;
    sigemptyset(&ending);
    for (size_t i = 0; i < sizeof removed_signals / sizeof removed_signals[0]; i++) sigaddset(&ending, removed_signals[i]);
    pthread_sigmask(SIG_BLOCK, &ending, saved);
    __atomic_add_fetch(&removed_making, 1, __ATOMIC_SEQ_CST);
    /* Taken before the file is made: another thread's signal is recorded, not the end. */
    pthread_mutex_lock(&removed_lock);
    removed_take_signals(0);
    pthread_mutex_unlock(&removed_lock);
}

void nudge_release_ending_signals(const sigset_t *saved) {
    sigset_t mask = *saved;
    for (size_t i = 0; i < sizeof removed_signals / sizeof removed_signals[0]; i++) {
        struct sigaction current;
        if (sigaction(removed_signals[i], NULL, &current) != 0) continue;
        if (!(current.sa_flags & SA_SIGINFO) && current.sa_handler == removed_on_signal) sigdelset(&mask, removed_signals[i]);
    }
    /* Before the unblocking: a signal held on this thread then ends the process at once. */
    __atomic_sub_fetch(&removed_making, 1, __ATOMIC_SEQ_CST);
    pthread_sigmask(SIG_SETMASK, &mask, NULL);
    if (__atomic_load_n(&removed_making, __ATOMIC_SEQ_CST) > 0) return;
    int deferred = __atomic_exchange_n(&removed_deferred, 0, __ATOMIC_SEQ_CST);
    if (deferred != 0) removed_end(deferred);
}
