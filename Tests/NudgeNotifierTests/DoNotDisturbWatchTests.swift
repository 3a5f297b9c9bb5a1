import Foundation
import NudgeTestSupport
import Synchronization
import Testing

@testable import NudgeNotifier

/// Two watches that read GNOME's setting in one process, as the test process's in-process
/// daemons do: both follow it through the one thread that runs GLib's default context, and
/// GLib has nothing to complain of. In a process of its own, for GSettings' backend and schema
/// directory are the process's, chosen at its first use, and GLib's warnings go to its stderr.
@Suite(.ownThread, .timeLimit(.minutes(2)))
struct DoNotDisturbWatchTests {
    let directory = TemporaryDirectory()

    @Test func twoWatchesFollowGNOMEThroughOneThread() async throws {
        let schemas = directory.file("schemas")
        try FileManager.default.createDirectory(atPath: schemas, withIntermediateDirectories: true)
        try """
        <schemalist>
          <schema id="org.gnome.desktop.notifications" path="/org/gnome/desktop/notifications/">
            <key name="show-banners" type="b"><default>true</default></key>
          </schema>
        </schemalist>
        """.write(toFile: "\(schemas)/org.gnome.desktop.notifications.gschema.xml", atomically: true, encoding: .utf8)
        let compiled = try Subprocess.run("/usr/bin/glib-compile-schemas", [schemas])
        try #require(compiled.status == 0, "\(compiled)")
        let config = directory.file("config")
        try FileManager.default.createDirectory(
            atPath: "\(config)/glib-2.0/settings", withIntermediateDirectories: true)

        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            [schemas = schemas as String, config = config as String] in
            setenv("GSETTINGS_SCHEMA_DIR", schemas, 1)
            setenv("GSETTINGS_BACKEND", "keyfile", 1)
            setenv("XDG_CONFIG_HOME", config, 1)
            func fail(_ why: String) -> Never {
                FileHandle.standardError.write(Data("FAILED: \(why)\n".utf8))
                exit(1)
            }
            func showBanners(_ shown: Bool) {
                let keyfile = "\(config)/glib-2.0/settings/keyfile"
                let text = "[org/gnome/desktop/notifications]\nshow-banners=\(shown)\n"
                guard (try? text.write(toFile: keyfile, atomically: true, encoding: .utf8)) != nil else {
                    fail("cannot write \(keyfile)")
                }
            }
            showBanners(false)
            let first = HeardStates()
            let second = HeardStates()
            var firstWatch: DoNotDisturbWatch? = DoNotDisturbWatch(
                sessionBus: nil, readsGNOME: true, report: first.record)
            let secondWatch = DoNotDisturbWatch(sessionBus: nil, readsGNOME: true, report: second.record)
            guard firstWatch?.firstState(within: 10).isOn == true else { fail("the first watch read no GNOME") }
            guard secondWatch.firstState(within: 10).isOn else { fail("the second watch read no GNOME") }
            showBanners(true)
            guard first.waitFor(isOn: false) else { fail("the first watch missed banners shown") }
            guard second.waitFor(isOn: false) else { fail("the second watch missed banners shown") }
            // The thread outlives a watch: the other still hears.
            firstWatch = nil
            showBanners(false)
            guard second.waitFor(isOn: true) else { fail("the second watch missed banners hidden") }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(!stderr.contains("CRITICAL") && !stderr.contains("FAILED"), "\(stderr)")
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
