import Foundation

/// Starts every child of the test process under `setpriv --pdeathsig KILL`, so the kernel kills
/// it when the test process ends, even by a crash or SIGKILL, and no bus, mock server or daemon
/// outlives the run.
///
/// The parent-death signal follows the *thread* that spawned the child, and the test pool's
/// threads come and go: long-lived fixtures are therefore started from one thread that lives as
/// long as the process. (A child run to its end is spawned from a thread that waits for it.)
final class FixtureLauncher: @unchecked Sendable {
    static let shared = FixtureLauncher()

    private let lock = NSLock()
    private var pending: [() -> Void] = []
    private let wake = DispatchSemaphore(value: 0)

    private init() {
        Thread { [self] in
            while true {
                wake.wait()
                let jobs = lock.withLock {
                    defer { pending.removeAll() }
                    return pending
                }
                for job in jobs { job() }
            }
        }.start()
    }

    /// Points `process` at setpriv, which sets the signal and then runs the program in its place
    /// (same pid, same arguments).
    static func bindToParent(_ process: Process) {
        let program = process.executableURL?.path ?? ""
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--pdeathsig", "KILL", "--", program] + (process.arguments ?? [])
    }

    /// Runs `process` from the launcher's thread, bound to the test process's life.
    func launch(_ process: Process) throws {
        Self.bindToParent(process)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: (any Error)?
        lock.withLock {
            pending.append {
                do { try process.run() } catch { failure = error }
                done.signal()
            }
        }
        wake.signal()
        done.wait()
        if let failure { throw failure }
    }
}
