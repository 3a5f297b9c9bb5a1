import Foundation

/// A dbus-daemon of a test's own (`PrivateBusConfig`), and the address it listens on.
enum PrivateBus {
    static func start(in directory: TemporaryDirectory) throws -> (daemon: Spawned, address: String) {
        let addressPath = directory.file("address")
        let daemon = try Subprocess.spawn(
            "/usr/bin/dbus-daemon",
            [
                "--config-file=\(try PrivateBusConfig.write(in: directory))", "--nofork", "--nopidfile",
                "--print-address=1",
            ],
            environment: ["PATH": "/usr/bin:/bin"], stderrPath: directory.file("dbus.err"), stdoutPath: addressPath)
        var address = ""
        FileEvents.waitUntil(watching: [directory.path], timeout: 20) {
            address = (try? String(contentsOfFile: addressPath, encoding: .utf8)) ?? ""
            return address.hasSuffix("\n")
        }
        guard !address.isEmpty else { throw BusError("dbus-daemon did not start: \(daemon.stderr)") }
        return (daemon, address.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
