import Foundation
import NudgeCore

/// JSON for programs: pretty, keys sorted and in snake case (`dueAt` is `due_at`), slashes as
/// typed. Every key is present: an absent value is `null` (`NullWhenAbsent`).
public enum JSONText {
    public static func render(_ value: some Encodable) throws -> String {
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
public struct NullWhenAbsent<Value: Encodable>: Encodable {
    public var wrappedValue: Value?

    // A property wrapper needs `init(wrappedValue:)` spelled out: the memberwise one does not
    // serve a wrapped property's initial value.
    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

/// An instant a JSON row shows as the store writes it (`2026-11-21T20:00:00Z`; with
/// milliseconds where DoseTap's tables have them), or `null`.
@propertyWrapper
public struct TimestampText: Encodable {
    public var wrappedValue: Date?
    public var fractionDigits = 0

    public init(wrappedValue: Date?) {
        self.wrappedValue = wrappedValue
    }

    public init(wrappedValue: Date?, fractionDigits: Int) {
        self.wrappedValue = wrappedValue
        self.fractionDigits = fractionDigits
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(Timestamp.format(wrappedValue, fractionDigits: fractionDigits))
        } else {
            try container.encodeNil()
        }
    }
}
