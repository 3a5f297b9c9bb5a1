import Foundation

/// One of GNOME's settings schemas, reduced to the key a test reads, compiled into a folder of
/// the test's own (`GSETTINGS_SCHEMA_DIR`): GSettings aborts on a schema it cannot find, and
/// the machine's own may be missing or hold the person's values.
public struct GNOMESchema: Sendable {
    let id: String
    let key: String
    let type: String
    let defaultValue: String

    /// `org.gnome.desktop.notifications show-banners`, true by default.
    public static let notifications = GNOMESchema(
        id: "org.gnome.desktop.notifications", key: "show-banners", type: "b", defaultValue: "true")
    /// `org.gnome.desktop.interface clock-format`, '24h' by default.
    public static let interface = GNOMESchema(
        id: "org.gnome.desktop.interface", key: "clock-format", type: "s", defaultValue: "'24h'")

    /// Writes and compiles the schema into `folder` (made if missing); returns `folder`.
    @discardableResult
    public func compile(into folder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = "/" + id.replacingOccurrences(of: ".", with: "/") + "/"
        try """
        <schemalist>
          <schema id="\(id)" path="\(path)">
            <key name="\(key)" type="\(type)"><default>\(defaultValue)</default></key>
          </schema>
        </schemalist>
        """.write(toFile: "\(folder)/\(id).gschema.xml", atomically: true, encoding: .utf8)
        let compiled = try Subprocess.run("/usr/bin/glib-compile-schemas", [folder])
        guard compiled.status == 0 else { throw SchemaNotCompiled(result: compiled) }
        return folder
    }

    struct SchemaNotCompiled: Error, CustomStringConvertible {
        let result: CommandResult
        var description: String { "glib-compile-schemas failed: \(result)" }
    }
}
