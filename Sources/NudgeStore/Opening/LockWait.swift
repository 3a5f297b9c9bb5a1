import Foundation
import GRDB
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// How nudge waits for another program's lock on the store: up to a minute. A command a person
/// waits on (`listener` set) says once, after 2 s, that it waits, rather than a minute's silence,
/// and waits a minute in all, however many of its statements find the lock taken.
public enum LockWait {
    /// The longest wait for a lock, as SQLite's busy timeout.
    static let longest: TimeInterval = 60
    /// How long a wait lasts before the person hears of it.
    static let announcedAfter: TimeInterval = 2
    /// What a person reads when the wait is told.
    public static let notice = "waiting for another program to let go of the store (up to 60 s)"

    /// Told once, the first time a wait in this task passes `announcedAfter`; nil (the daemon,
    /// whose log says what it waited for): SQLite's own busy timeout.
    @TaskLocal public static var listener: Listener?

    /// Who hears of a long wait. A struct, not a bare closure: Swift 6.3's optimizer names a
    /// closure-typed task-local value's type in a form the runtime cannot read, and the release
    /// build crashed binding it (swiftlang/swift#88321).
    public struct Listener: Sendable {
        let tell: @Sendable () -> Void

        public init(_ tell: @escaping @Sendable () -> Void) { self.tell = tell }
    }

    /// For a connection's `Configuration`: SQLite's busy timeout, or with a listener, a handler
    /// that waits as long and tells it once.
    static var busyMode: Database.BusyMode {
        guard let listener else { return .timeout(longest) }
        let wait = Wait(listener.tell)
        return .callback { tries in wait.goesOn(firstTry: tries == 0) }
    }

    /// One connection's waits, one at a time, and whether the person was told (once for all).
    final class Wait: Sendable {
        private let tell: @Sendable () -> Void
        private let longest: TimeInterval
        /// When the first wait began: every later one counts from it (hostile round 27: "up to
        /// 60 s" was said, and a restore waited 75 s over two statements).
        private let state = Mutex<(started: Date?, told: Bool)>((nil, false))

        init(_ tell: @escaping @Sendable () -> Void, longest: TimeInterval = LockWait.longest) {
            self.tell = tell
            self.longest = longest
        }

        /// Whether to wait on (after a short sleep, as SQLite's own handler sleeps).
        func goesOn(firstTry: Bool) -> Bool {
            let now = Date()
            let (waited, tellNow) = state.withLock { state in
                if firstTry, state.started == nil { state.started = now }
                let waited = now.timeIntervalSince(state.started ?? now)
                let tellNow = waited >= LockWait.announcedAfter && !state.told
                if tellNow { state.told = true }
                return (waited, tellNow)
            }
            guard waited < longest else { return false }
            if tellNow { tell() }
            usleep(waited < 0.1 ? 5_000 : 50_000)
            return true
        }
    }
}
