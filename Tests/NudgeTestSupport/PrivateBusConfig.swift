import Foundation

/// A session bus of its own for a test: no service directories, so nothing is started by D-Bus
/// activation (an installed dunst would otherwise answer for org.freedesktop.Notifications).
enum PrivateBusConfig {
    static func write(in directory: TemporaryDirectory) throws -> String {
        let path = directory.file("bus.conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:tmpdir=\(directory.path)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
