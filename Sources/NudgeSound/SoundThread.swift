import CNudgeLinux
import Foundation
import Glibc

/// One long-lived thread that runs the player's work in order, each job at or after its
/// instant on the monotonic clock (a wall clock set back must not hold an alarm's next ring).
///
/// Not Dispatch: a job handed from the daemon's thread to a Dispatch worker left its
/// continuation in that worker's cache, and the heap grew by about 0.11 MB per 1,000 chimes.
/// Here the thread that runs a job also frees it.
final class SoundThread: @unchecked Sendable {
    private struct Job {
        let due: UInt64
        let order: UInt64
        let work: @Sendable () -> Void
    }

    // Allocated once: a pthread mutex or condition must not move.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Touched only under `mutex`.
    private var jobs: [Job] = []
    private var taken: UInt64 = 0
    private var running = false
    /// The thread's name, as `ps -L` and /proc show it (at most 15 bytes).
    private let name: String

    init(name: String = "nudge sound") {
        self.name = name
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    /// Runs `work` on the thread once `delay` seconds have passed, after every job due earlier
    /// or at the same instant and handed in before it.
    func run(after delay: TimeInterval = 0, _ work: @escaping @Sendable () -> Void) {
        let due = Self.monotonicNanoseconds() + UInt64(max(delay, 0) * 1e9)
        pthread_mutex_lock(mutex)
        jobs.append(Job(due: due, order: taken, work: work))
        taken &+= 1
        if !running {
            running = true
            let thread = Thread { [self] in
                nudge_name_this_thread(name)
                loop()
            }
            thread.start()
        }
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    private func loop() {
        while true {
            let job = next()
            job.work()
        }
    }

    /// Waits for the earliest job and takes it off the list.
    private func next() -> Job {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            let now = Self.monotonicNanoseconds()
            guard let index = jobs.indices.min(by: { (jobs[$0].due, jobs[$0].order) < (jobs[$1].due, jobs[$1].order) })
            else {
                pthread_cond_wait(condition, mutex)
                continue
            }
            if jobs[index].due <= now { return jobs.remove(at: index) }
            var until = timespec(
                tv_sec: Int(jobs[index].due / 1_000_000_000), tv_nsec: Int(jobs[index].due % 1_000_000_000))
            pthread_cond_timedwait(condition, mutex, &until)
        }
    }

    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
