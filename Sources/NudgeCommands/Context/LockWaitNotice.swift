import NudgeStore
import Synchronization

extension CommandContext {
    /// Runs `body` with its waits for another program's lock told once, as one line.
    public func tellingLockWaits<T>(_ body: () throws -> T) rethrows -> T {
        let once = Once()
        let errors = environment.errors
        let listener = LockWait.Listener { if once.first() { errors("nudge: \(LockWait.notice)\n") } }
        return try LockWait.$listener.withValue(listener) { try body() }
    }
}

/// True the first time only, from any thread.
private final class Once: Sendable {
    private let done = Atomic(false)

    func first() -> Bool { !done.exchange(true, ordering: .relaxed) }
}
