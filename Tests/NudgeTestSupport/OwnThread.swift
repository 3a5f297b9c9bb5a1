import Foundation
import Testing

/// Runs each test of a suite on a thread of its own instead of Swift Testing's pool.
///
/// The pool has as many threads as cores (2 in CI), and a synchronous test that waits blocks
/// one for as long as it waits: while two such tests waited, no other test could start or
/// end, and a test's time limit counted that wait (a test of 1 s once reported 154 s). Suites
/// that wait for minutes (the fault harness, the sound recordings) take this trait; the rest
/// keep the pool, which bounds how many run at once.
public struct OwnThread: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // Called for the suite too (no test case): only a test's run gets the thread.
        guard testCase != nil else { return try await function() }
        let executor = DedicatedThreadExecutor(name: test.name)
        defer { executor.stop() }
        try await withTaskExecutorPreference(executor) { try await function() }
    }
}

extension Trait where Self == OwnThread {
    public static var ownThread: Self { OwnThread() }
}

/// A task executor with one thread, which ends once stopped and drained.
final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    init(name: String) {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    func stop() {
        condition.withLock {
            stopped = true
            condition.signal()
        }
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
