import Foundation
import NudgeTestSupport
import Synchronization
import Testing

@testable import NudgeNotifier

/// Two watches that read GNOME's setting in one process, as the test process's in-process
/// daemons do: both follow it through the one thread that runs GLib's default context, and
/// GLib has nothing to complain of. In a process of its own, for GSettings' backend and schema
/// directory are the process's, chosen at its first use, and GLib's warnings go to its stderr.
///
/// That process is this test binary again, running `TwoGNOMEWatchesInAProcessOfTheirOwn` alone,
/// waited for by its pid. Not an exit test: Swift Testing waits for an exit test's child with
/// `waitid(P_ALL, WNOWAIT)`, which returns whichever child of the process ended first, so one
/// zombie another test has yet to reap (Foundation reaps late: `ChildExit`) held this test past
/// its 2 minutes under load, with that thread spinning a core all the while.
@Suite(.ownThread)
struct DoNotDisturbWatchTests {
    let directory = TemporaryDirectory()

    @Test func twoWatchesFollowGNOMEThroughOneThread() throws {
        let schemas = try GNOMESchema.notifications.compile(into: directory.file("schemas"))
        let config = directory.file("config")
        try FileManager.default.createDirectory(
            atPath: "\(config)/glib-2.0/settings", withIntermediateDirectories: true)

        var environment = ProcessInfo.processInfo.environment
        environment[twoGNOMEWatchesSwitch] = "1"
        environment["GSETTINGS_SCHEMA_DIR"] = schemas
        environment["GSETTINGS_BACKEND"] = "keyfile"
        environment["XDG_CONFIG_HOME"] = config
        let testBinary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let child = try Subprocess.run(
            testBinary,
            ["--testing-library", "swift-testing", "--filter", "TwoGNOMEWatchesInAProcessOfTheirOwn"],
            environment: environment, timeout: 60)
        #expect(child.status == 0, "\(child)")
        #expect(child.stderr.contains("Test run with 1 test"), "the child ran no test: \(child)")
        #expect(!child.stderr.contains("CRITICAL") && !child.stdout.contains("CRITICAL"), "\(child)")
    }
}

/// The variable that makes this test binary the child of `twoWatchesFollowGNOMEThroughOneThread`.
private let twoGNOMEWatchesSwitch = "NUDGE_TEST_TWO_GNOME_WATCHES"

/// The child's half of `twoWatchesFollowGNOMEThroughOneThread`, run only in the process that
/// test starts (GSettings' keyfile backend and a schema directory of its own in its environment).
@Suite(.enabled(if: ProcessInfo.processInfo.environment[twoGNOMEWatchesSwitch] != nil))
struct TwoGNOMEWatchesInAProcessOfTheirOwn {
    @Test func bothFollowTheSettingAndTheSecondOutlivesTheFirst() throws {
        let config = try #require(ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"])
        func showBanners(_ shown: Bool) throws {
            try "[org/gnome/desktop/notifications]\nshow-banners=\(shown)\n".write(
                toFile: "\(config)/glib-2.0/settings/keyfile", atomically: true, encoding: .utf8)
        }
        try showBanners(false)
        let first = HeardStates()
        let second = HeardStates()
        var firstWatch: DoNotDisturbWatch? = DoNotDisturbWatch(
            sessionBus: nil, readsGNOME: true, quietsGNOME: true, report: first.record)
        let secondWatch = DoNotDisturbWatch(sessionBus: nil, readsGNOME: true, quietsGNOME: true, report: second.record)
        try #require(firstWatch?.firstState(within: 10).isOn == true, "the first watch read no GNOME")
        try #require(secondWatch.firstState(within: 10).isOn, "the second watch read no GNOME")
        try showBanners(true)
        #expect(first.waitFor(isOn: false), "the first watch missed banners shown")
        #expect(second.waitFor(isOn: false), "the second watch missed banners shown")
        // The thread outlives a watch: the other still hears.
        firstWatch = nil
        try showBanners(false)
        #expect(second.waitFor(isOn: true), "the second watch missed banners hidden")
    }
}

/// What one watch reported, with a bounded wait for a state.
final class HeardStates: Sendable {
    private let last = Mutex<DoNotDisturb?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    func record(_ state: DoNotDisturb) {
        last.withLock { $0 = state }
        arrived.signal()
    }

    func waitFor(isOn: Bool, timeout: TimeInterval = 10) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while last.withLock({ $0?.isOn }) != isOn {
            guard arrived.wait(timeout: deadline) == .success else { return false }
        }
        return true
    }
}
