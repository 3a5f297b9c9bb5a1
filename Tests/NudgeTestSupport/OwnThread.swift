import Foundation
import Testing

/// Runs each test of a suite on a thread of its own instead of Swift Testing's pool, a few at
/// a time.
///
/// The pool has as many threads as cores (2 in CI), and a synchronous test that waits (for a
/// daemon, a bus, a recording, a terminal) blocks one for as long as it waits: two such tests
/// held the whole pool, the end-to-end suites ran one after another, and a test's time limit
/// counted its wait for a thread. Every suite that waits for processes takes this trait. At
/// most `concurrentTests` run at once: more compete for 2 cores with their daemons and buses,
/// and timing tests feel it. A test that spends a minute waiting on a clock (`.mostlyWaits`)
/// starts at once instead of queueing: it uses almost no CPU, and queued last it would end the
/// whole run a minute late.
///
/// The wait for a slot, the start of the test on its thread and the slot's return run on a
/// thread of their own (`handOver`), never on the pool: there, a test that had its slot waited
/// for a pool thread to start, behind the in-process tests, which all start at once and share
/// the pool's 2 threads. In a whole run at 30457d6 the 10 slots were taken and their threads
/// idle for minutes while the pool ran in-process tests.
///
/// Its hang bound (`HangBound`, 5 minutes unless a suite or test says) counts from when the
/// test has its thread. Swift Testing's `.timeLimit` counts the wait for a slot too (it is
/// applied outside every scoping trait), and on a machine CI shares, 30 tests that each take
/// seconds failed at 5 minutes while they queued.
public struct OwnThread: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // Called for the suite too (no test case): only a test's run gets the thread.
        guard testCase != nil else { return try await function() }
        let bounded = !test.traits.contains { $0 is MostlyWaits }
        let bound = test.traits.compactMap { ($0 as? HangBound)?.duration }.min() ?? HangBound.standard
        try await withTaskExecutorPreference(Self.handOver) {
            if bounded { await Self.slots.acquire() }
            let executor = DedicatedThreadExecutor(name: test.name)
            defer { executor.stop() }
            do {
                try await Self.run(function, on: executor, within: bound)
            } catch {
                if bounded { await Self.slots.release() }
                throw error
            }
            if bounded { await Self.slots.release() }
        }
    }

    /// Runs `function` on `executor`; a run past `bound` is recorded as an issue and
    /// cancelled, as Swift Testing's time limit does (a test blocked in a system call ends when
    /// it does). The watch for the bound runs on the caller's executor (`handOver`).
    private static func run(
        _ function: @Sendable () async throws -> Void, on executor: DedicatedThreadExecutor, within bound: Duration
    ) async throws {
        try await withoutActuallyEscaping(function) { function in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask(executorPreference: executor) { try await function() }
                group.addTask {
                    try await Task.sleep(for: bound)
                    Issue.record("Hang bound exceeded: \(bound) since the test got its thread (HangBound)")
                }
                try await group.next()
                group.cancelAll()
            }
        }
    }

    /// Where slots are waited for and each test's run is started and ended; never blocked.
    private static let handOver = DedicatedThreadExecutor(name: "OwnThread hand-over")

    static let concurrentTests = 10
    private static let slots = Slots(count: concurrentTests)

    /// A counting semaphore whose waiters suspend instead of blocking a thread.
    private actor Slots {
        private var free: Int
        private var waiting: [CheckedContinuation<Void, Never>] = []

        init(count: Int) { free = count }

        func acquire() async {
            guard free == 0 else {
                free -= 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            if waiting.isEmpty {
                free += 1
            } else {
                waiting.removeFirst().resume()
            }
        }
    }
}

extension Trait where Self == OwnThread {
    public static var ownThread: Self { OwnThread() }
}

/// How long a test of `.ownThread` may run once it has its thread, for a hang only; the
/// shortest a test and its suites give is in force.
public struct HangBound: TestTrait, SuiteTrait {
    public var isRecursive: Bool { true }
    let duration: Duration

    static let standard = Duration.seconds(300)
}

extension Trait where Self == HangBound {
    public static func hangBound(minutes: Int) -> Self { HangBound(duration: .seconds(60 * minutes)) }
}

/// A test of `.ownThread` that waits a minute or more on a clock: not counted in the bound.
public struct MostlyWaits: TestTrait {}

extension Trait where Self == MostlyWaits {
    public static var mostlyWaits: Self { MostlyWaits() }
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
