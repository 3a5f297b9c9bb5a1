import Foundation
import NudgeCore

/// JSON for programs: pretty, keys sorted and in snake case (`dueAt` is `due_at`), slashes as
/// typed. Every key is present: an absent value is `null` (`NullWhenAbsent`).
public enum JSONText {
    public static func render(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return emptiesClosed(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Foundation pretty-prints an empty array as `[`, a blank line, `]`: written `[]` (and `{}`),
    /// as other tools write it. Only a bracket followed by a line break is read as one: a JSON
    /// string holds no raw line break, so a string's `[ ]` stays as it is. By hand, not by a
    /// Regex, whose engine would be loaded for every listing.
    static func emptiesClosed(_ text: String) -> String {
        var closed = ""
        var open: (bracket: Character, blank: String)?
        for character in text {
            if let pending = open {
                if character == "\n" || character == " " {
                    open?.blank.append(character)
                    continue
                }
                open = nil
                let pair = pending.bracket == "[" ? character == "]" : character == "}"
                if pair, pending.blank.contains("\n") {
                    closed += [pending.bracket, character]
                    continue
                }
                closed += [pending.bracket] + pending.blank
            }
            if character == "[" || character == "{" {
                open = (character, "")
            } else {
                closed.append(character)
            }
        }
        if let pending = open { closed += [pending.bracket] + pending.blank }
        return closed
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
