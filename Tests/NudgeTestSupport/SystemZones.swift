import Foundation
import NudgeCore

extension ZoneRules {
    /// A zone of the system's time-zone database, read as the daemon reads it.
    public static func system(_ identifier: String) -> ZoneRules {
        let path = "/usr/share/zoneinfo/\(identifier)"
        guard let data = FileManager.default.contents(atPath: path),
            let rules = try? ZoneRules(identifier: identifier, tzif: [UInt8](data))
        else { preconditionFailure("\(path) is missing or unreadable: install tzdata") }
        return rules
    }
}
