import Foundation

/// Reads iCalendar text (RFC 5545) into its components: lines unfolded (a line beginning with a
/// space or tab continues the one before), each content line split into name, parameters and
/// value, BEGIN and END nested. Anything else is the importer's to judge.
public enum ICalendarParser {
    /// The longest unfolded line taken, in UTF-8 bytes: no property a reminder needs is near it.
    public static let lineLimit = 1_000_000
    static let depthLimit = 16

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case noCalendar
        case lineTooLong(line: Int)
        case malformed(line: Int, reason: String)

        public var description: String {
            switch self {
            case .noCalendar: "has no VCALENDAR (BEGIN:VCALENDAR); give an iCalendar (.ics) file"
            case .lineTooLong(let line):
                "has a line over 1 MB (line \(line)); no calendar program writes one, give an iCalendar (.ics) file"
            case .malformed(let line, let reason): "is not iCalendar at line \(line): \(reason)"
            }
        }
    }

    /// The file's VCALENDAR components.
    public static func calendars(_ text: String) throws(Failure) -> [ICalendarComponent] {
        guard text.range(of: "BEGIN:VCALENDAR", options: .caseInsensitive) != nil else { throw .noCalendar }
        var stack: [ICalendarComponent] = []
        var calendars: [ICalendarComponent] = []
        var last = 0
        for (number, line) in try unfolded(text) {
            last = number
            guard let property = property(line) else {
                throw .malformed(line: number, reason: "a line without a name and a colon")
            }
            switch property.name {
            case "BEGIN":
                // Calendars nest three deep (VCALENDAR, VEVENT, VALARM); a file nested thousands
                // deep would be freed by recursion as deep.
                guard stack.count < depthLimit else {
                    throw .malformed(line: number, reason: "components nested more than \(depthLimit) deep")
                }
                stack.append(ICalendarComponent(name: property.value.uppercased()))
            case "END":
                guard let open = stack.popLast(), open.name == property.value.uppercased() else {
                    throw .malformed(line: number, reason: "END:\(property.value.prefix(40)) closes nothing open")
                }
                if stack.isEmpty {
                    if open.name == "VCALENDAR" { calendars.append(open) }
                } else {
                    stack[stack.count - 1].components.append(open)
                }
            default:
                if !stack.isEmpty { stack[stack.count - 1].properties.append(property) }
            }
        }
        if let open = stack.last {
            throw .malformed(line: last, reason: "BEGIN:\(open.name.prefix(40)) is never ended")
        }
        guard !calendars.isEmpty else { throw .noCalendar }
        return calendars
    }

    /// Logical lines with the number of the physical line each begins on; blank lines left out.
    static func unfolded(_ text: String) throws(Failure) -> [(Int, String)] {
        var lines: [(Int, String)] = []
        var number = 0
        // CRLF is one Character in Swift: split on it, and on a bare LF or CR.
        let breaks: Set<Character> = ["\r\n", "\n", "\r"]
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: breaks.contains) {
            number += 1
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].1 += line.dropFirst()
            } else if !line.isEmpty {
                lines.append((number, String(line)))
            }
            if let last = lines.last, last.1.utf8.count > lineLimit { throw .lineTooLong(line: last.0) }
        }
        return lines
    }

    /// `NAME;PARAM=VALUE;PARAM="QUOTED":value`; nil without a name or a colon.
    static func property(_ line: String) -> ICalendarComponent.Property? {
        let characters = Array(line)
        var index = 0
        var name = ""
        while index < characters.count, characters[index] != ";", characters[index] != ":" {
            name.append(characters[index])
            index += 1
        }
        guard !name.isEmpty, index < characters.count else { return nil }
        var parameters: [String: String] = [:]
        while index < characters.count, characters[index] == ";" {
            index += 1
            var key = ""
            while index < characters.count, !"=:;".contains(characters[index]) {
                key.append(characters[index])
                index += 1
            }
            guard index < characters.count, characters[index] == "=" else { return nil }
            index += 1
            var value = ""
            var quoted = false
            while index < characters.count, quoted || (characters[index] != ";" && characters[index] != ":") {
                if characters[index] == "\"" { quoted.toggle() } else { value.append(characters[index]) }
                index += 1
            }
            parameters[key.uppercased()] = value
        }
        guard index < characters.count, characters[index] == ":" else { return nil }
        return ICalendarComponent.Property(
            name: name.uppercased(), parameters: parameters, value: String(characters[(index + 1)...]))
    }
}
