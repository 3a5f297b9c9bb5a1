import Foundation
import Synchronization
import Testing

@testable import NudgeNotifier

/// A watch whose last reference goes in one of its own callbacks is freed on its own GLib
/// thread, and its deinit stops that thread: the stop must not wait for the thread it runs on
/// (issue 41: gdb showed "nudge-dnd" threads stuck in `GLibThread.stop()` in the test process).
@Suite(.timeLimit(.minutes(1)))
struct DoNotDisturbWatchReleaseTests {
    /// Tells when it is freed: held by the watch's `report`, it goes when the watch's deinit
    /// has run to its end.
    private final class Freed: Sendable {
        let told: DispatchSemaphore
        init(_ told: DispatchSemaphore) { self.told = told }
        deinit { told.signal() }
    }

    /// The only reference left is the one `turnOn`'s job holds while it answers on the watch's
    /// thread: the watch is freed there as that job ends, as a daemon's watch is at its end.
    @Test func aWatchLetGoInItsOwnCallbackIsFreed() {
        let freed = DispatchSemaphore(value: 0)
        let testLetGo = DispatchSemaphore(value: 0)
        let answered = DispatchSemaphore(value: 0)
        let held = Mutex<DoNotDisturbWatch?>(nil)
        do {
            let sentinel = Freed(freed)
            let watch = DoNotDisturbWatch(sessionBus: nil, readsGNOME: false, quietsGNOME: false) { _ in
                _ = sentinel
            }
            held.withLock { $0 = watch }
            watch.turnOn(.dunstPaused, reason: "test") { _ in
                testLetGo.wait()
                held.withLock { $0 = nil }
                answered.signal()
            }
        }
        testLetGo.signal()
        #expect(answered.wait(timeout: .now() + 10) == .success, "turnOn never answered")
        #expect(freed.wait(timeout: .now() + 10) == .success, "the watch's deinit did not end on its own thread")
    }
}
