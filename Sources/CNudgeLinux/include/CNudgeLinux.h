#ifndef NUDGE_CNUDGELINUX_H
#define NUDGE_CNUDGELINUX_H

#include <signal.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>
#include <time.h>

/* Linux calls and constants that Swift's Glibc module does not export. */
int nudge_timerfd_create(void);
int nudge_timerfd_settime_absolute(int fd, const struct itimerspec *value);
int nudge_timerfd_create_alarm(void);
int nudge_timerfd_create_monotonic(void);
int nudge_timerfd_settime_relative(int fd, long milliseconds);
int nudge_is_encrypted(const char *path);
int nudge_eventfd(void);
int nudge_pipe(int fds[2]);
/* A pidfd for any process (not only a child): poll says readable once it has ended. */
int nudge_pidfd_open(int pid);
/* The number a signal was sent with by sigqueue (its sival_ptr), or -1 for one sent otherwise
   (kill, a terminal): what a signal handler may read of its siginfo, async-signal-safe. */
long nudge_siginfo_queued_value(const siginfo_t *info);
/* Loads libasound (RTLD_GLOBAL: libcanberra's ALSA backend uses this instance) with its own
   error lines (no sound card, unknown PCM) kept off stderr: nudge reports a sound problem once,
   in its own words. Returns the handle for dlclose, or NULL where libasound is not installed. */
void *nudge_open_quiet_alsa(void);
/* Gives the heap's free pages back to the system (glibc's malloc_trim, which Swift's Glibc
   module does not export). */
void nudge_release_free_heap(void);
/* Makes every thread allocate from glibc's one main malloc arena. Otherwise each thread that
   meets another in malloc gets an arena of its own (GLib's threads, the sound threads), whose
   free top malloc_trim never gives back. Call before any thread starts. */
void nudge_use_one_malloc_arena(void);
/* Names the calling thread as ps -L, top and /proc show it (the kernel keeps 15 bytes).
   Foundation's Thread.name, given before the start, never reaches the kernel on Linux. */
void nudge_name_this_thread(const char *name);
/* Starts `path` with `argv` and `envp` (no shell, no PATH search) in a process group of its own
   (so that its children end with it), stdin from /dev/null, stdout and stderr into one pipe whose
   read end (non-blocking, close-on-exec) is *output, no other descriptor, every signal at its
   default and none blocked; *pidfd is a pidfd for it (poll says readable when it ends). Returns
   its pid, or -errno when it could not be started. */
int nudge_spawn_in_group(const char *path, char *const argv[], char *const envp[], int *pidfd, int *output);
/* Notes a temporary file (`path`, and `folder`, a descriptor of its folder or -1) to remove, with
   SQLite's -wal, -shm and -journal beside it, when SIGINT, SIGTERM or SIGHUP ends the process:
   where a signal's action is the default, a handler unlinks every noted file, then the signal
   ends the process as it would have (its exit status stays the signal's); the calling thread
   then no longer blocks it. Returns the slot for
   nudge_forget_on_signal, or -1 when all are taken or the path is too long (nothing noted). */
int nudge_remove_on_signal(const char *path, int folder);
/* The file in `slot` is no one's to remove any more (renamed into place, or removed). */
void nudge_forget_on_signal(int slot);

/* Blocks SIGINT, SIGTERM and SIGHUP in this thread from a temporary file's creation until it is
   noted by nudge_remove_on_signal: a signal in between would end the process and leave the file.
   Another thread may take such a signal meanwhile: where its action is the default, the handler
   is set at the hold and only records it then. The release puts back `saved`, less the signals
   whose handler now removes the files, and ends the process by a signal recorded meanwhile. */
void nudge_hold_ending_signals(sigset_t *saved);
void nudge_release_ending_signals(const sigset_t *saved);
/* The git commit of a release build (contrib/scripts/build-release.sh), or "". */
const char *nudge_build_commit(void);

#endif
