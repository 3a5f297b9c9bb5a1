/// One component of an iCalendar file as read (VCALENDAR, VEVENT, VALARM...): its properties
/// in order and the components inside it. Names are upper-cased, as RFC 5545 compares them.
public struct ICalendarComponent: Sendable, Equatable {
    public struct Property: Sendable, Equatable {
        public var name: String
        /// Each parameter's value, unquoted, by its upper-cased name.
        public var parameters: [String: String]
        /// As written, TEXT escapes and all.
        public var value: String
    }

    public var name: String
    public var properties: [Property] = []
    public var components: [ICalendarComponent] = []

    public init(name: String) { self.name = name }

    public func first(_ name: String) -> Property? { properties.first { $0.name == name } }
    public func has(_ name: String) -> Bool { first(name) != nil }
    public func components(_ name: String) -> [ICalendarComponent] { components.filter { $0.name == name } }

    /// A TEXT value read: `\n` a line break, `\,` `\;` `\\` the character.
    public static func text(_ value: String) -> String {
        var result = ""
        var escaped = false
        for character in value {
            if escaped {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
