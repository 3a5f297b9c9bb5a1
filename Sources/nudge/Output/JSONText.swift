import Foundation
import NudgeCore

/// JSON for programs: pretty, keys sorted and in snake case (`dueAt` is `due_at`), slashes as
/// typed. Every key is present: an absent value is `null` (`NullWhenAbsent`).
enum JSONText {
    static func render(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// An optional value a JSON row shows as `null` rather than leaving its key out, so programs
/// find every key in every object.
// swift-format-ignore: UseSynthesizedInitializer
@propertyWrapper
struct NullWhenAbsent<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    // A property wrapper needs `init(wrappedValue:)` spelled out: the memberwise one does not
    // serve a wrapped property's initial value.
    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

/// An instant a JSON row shows as the store writes it (`2026-11-21T20:00:00Z`; with
/// milliseconds where DoseTap's tables have them), or `null`.
@propertyWrapper
struct TimestampText: Encodable {
    var wrappedValue: Date?
    var fractionDigits = 0

    init(wrappedValue: Date?) {
        self.wrappedValue = wrappedValue
    }

    init(wrappedValue: Date?, fractionDigits: Int) {
        self.wrappedValue = wrappedValue
        self.fractionDigits = fractionDigits
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(Timestamp.format(wrappedValue, fractionDigits: fractionDigits))
        } else {
            try container.encodeNil()
        }
    }
}
