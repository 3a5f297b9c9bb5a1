import Foundation

/// JSON for programs: pretty, keys sorted, slashes as typed.
enum JSONText {
    static func render(_ value: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }
}
