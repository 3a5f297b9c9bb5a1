import Foundation

/// RFC 5545's content lines as written: `NAME;PARAM=VALUE:value`, TEXT values escaped, each
/// line folded at 75 octets (a continuation begins with a space, which counts) without
/// splitting a character's UTF-8 bytes, every line ended by CRLF.
public struct ICalendarLines: Sendable {
    /// The longest a line may be, in octets, without its CRLF (RFC 5545, 3.1).
    public static let octetLimit = 75

    private(set) var lines: [String] = []

    public init() {}

    /// One property; `value` is written as given (escape TEXT first with `text(_:)`).
    public mutating func add(_ name: String, _ value: String, parameters: [(String, String)] = []) {
        let parameterText = parameters.map { ";\($0.0)=\(Self.parameterValue($0.1))" }.joined()
        lines.append(name + parameterText + ":" + value)
    }

    public mutating func begin(_ component: String) { add("BEGIN", component) }
    public mutating func end(_ component: String) { add("END", component) }

    /// The whole text, folded, with CRLF after every line.
    public var text: String { lines.map(Self.folded).joined() }

    /// A TEXT value: backslash, semicolon and comma escaped, a line break as `\n`, and other
    /// control characters (which TEXT may not hold) left out.
    public static func text(_ value: String) -> String {
        var escaped = ""
        for scalar in value.replacingCRLF().unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n": escaped += "\\n"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A parameter's value, quoted where it holds a character a bare one may not (`:`, `;`,
    /// `,`); a double quote, which no parameter value may hold, is left out.
    static func parameterValue(_ value: String) -> String {
        let clean = value.filter { $0 != "\"" && !$0.isNewline }
        return clean.contains(where: { ":;,".contains($0) }) ? "\"\(clean)\"" : clean
    }

    /// One line folded: at most 75 octets per physical line, cut between characters' bytes.
    static func folded(_ line: String) -> String {
        var result = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > octetLimit {
                result += "\r\n "
                octets = 1
            }
            result.unicodeScalars.append(scalar)
            octets += size
        }
        return result + "\r\n"
    }
}

extension String {
    /// CRLF and a lone CR read as one line break.
    func replacingCRLF() -> String {
        replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }
}
