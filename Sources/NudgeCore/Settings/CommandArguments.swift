import Foundation

/// A command as a setting stores it: its argv as a JSON array of strings (`["/usr/bin/apprise",
/// "json://127.0.0.1:8080/"]`), run without a shell. The first element is the program's
/// absolute path (no PATH search: what runs at 3 a.m. is what was set); no element is empty.
public enum CommandArguments {
    public static let accepted =
        "a JSON array of a program's absolute path and its arguments, none empty; empty for none"

    /// The compact JSON of an accepted command, "" for none, or nil when it is not accepted.
    public static func canonical(_ text: String) -> String? {
        if text.isEmpty { return "" }
        guard let arguments = parse(text) else { return nil }
        guard let data = try? JSONSerialization.data(withJSONObject: arguments, options: [.withoutEscapingSlashes])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The argv of a stored or typed command; nil when it is not one nudge can run.
    public static func parse(_ text: String) -> [String]? {
        guard let decoded = try? JSONSerialization.jsonObject(with: Data(text.utf8)),
            let arguments = decoded as? [String], let program = arguments.first, program.hasPrefix("/"),
            arguments.allSatisfy({ !$0.isEmpty && !$0.contains("\0") })
        else { return nil }
        return arguments
    }
}

extension Settings {
    /// A command's argv; empty for none.
    public func arguments(_ key: SettingKey) -> [String] {
        CommandArguments.parse(self[key]) ?? []
    }
}
