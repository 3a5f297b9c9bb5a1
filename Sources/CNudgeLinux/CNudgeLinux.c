#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>

#include "CNudgeLinux.h"
#include <dlfcn.h>
#include <malloc.h>
#include <sys/prctl.h>
#include <sys/stat.h>

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

void nudge_quiet_alsa_errors(void) {
    /* Stays loaded: libcanberra's ALSA backend uses this same instance, and its handler. */
    void *library = dlopen("libasound.so.2", RTLD_NOW | RTLD_GLOBAL);
    if (!library) return;
    int (*set_handler)(nudge_alsa_error_handler) = (int (*)(nudge_alsa_error_handler))dlsym(library, "snd_lib_error_set_handler");
    if (set_handler) set_handler(nudge_ignore_alsa_error);
}

void nudge_release_free_heap(void) {
    malloc_trim(0);
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
