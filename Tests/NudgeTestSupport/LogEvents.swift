import Foundation

/// The fields the daemon puts after a log line's message (` · event=rescheduled reason=start`),
/// so that a test waits for what happened rather than for the wording of a sentence.
public enum LogEvents {
    /// Each line's fields, oldest first; lines without fields are left out.
    public static func parse(_ log: String) -> [[String: String]] {
        log.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: " · ", options: .backwards) else { return nil }
            return fields(line[range.upperBound...])
        }
    }

    /// `key=value key="a \"quoted\" value"`; nil when the text is not fields.
    static func fields(_ text: Substring) -> [String: String]? {
        var fields: [String: String] = [:]
        var rest = text[...]
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "=") else { return nil }
            let key = String(rest[..<equals])
            rest = rest[rest.index(after: equals)...]
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                while let character = rest.first, character != "\"" {
                    rest = rest.dropFirst()
                    if character == "\\", let escaped = rest.first {
                        value.append(escaped)
                        rest = rest.dropFirst()
                    } else {
                        value.append(character)
                    }
                }
                rest = rest.dropFirst()
            } else {
                value = String(rest.prefix { $0 != " " })
                rest = rest.dropFirst(value.count)
            }
            fields[key] = value
            rest = rest.drop { $0 == " " }
        }
        return fields
    }
}

extension Spawned {
    /// Waits until stderr has a line whose fields include `event` and each of `fields`; a
    /// field's expected value may be a prefix of its logged one (`next_due` to the minute).
    @discardableResult
    public func waitForEvent(_ event: String, _ fields: [String: String] = [:], timeout: TimeInterval = 10) -> Bool {
        FileEvents.waitUntil(watching: [(stderrPath as NSString).deletingLastPathComponent], timeout: timeout) {
            LogEvents.parse(stderr).contains { logged in
                logged["event"] == event
                    && fields.allSatisfy { key, value in logged[key].map { $0.hasPrefix(value) } ?? false }
            }
        }
    }

    /// Waits until the log has at least `count` lines of `event`.
    public func waitForEvents(_ event: String, count: Int, timeout: TimeInterval = 10) -> Bool {
        FileEvents.waitUntil(watching: [(stderrPath as NSString).deletingLastPathComponent], timeout: timeout) {
            LogEvents.parse(stderr).filter { $0["event"] == event }.count >= count
        }
    }
}

extension Spawned {
    /// How many plans the daemon has logged so far: a mark for `waitForPlan(after:)`.
    public var plansSoFar: Int {
        LogEvents.parse(stderr).filter { $0["event"] == "rescheduled" }.count
    }

    /// Waits for a plan made after the first `after` plans whose next due instant begins with
    /// `nextDue`, whatever its reason: a plan for a store change or a due instant can be made by
    /// another event first (the start-up backup's plan sees the write, or shows what is due),
    /// and then the plan with that reason never comes.
    @discardableResult
    public func waitForPlan(after mark: Int = 0, nextDue: String? = nil, timeout: TimeInterval = 10) -> Bool {
        FileEvents.waitUntil(watching: [(stderrPath as NSString).deletingLastPathComponent], timeout: timeout) {
            LogEvents.parse(stderr).filter { $0["event"] == "rescheduled" }.dropFirst(mark).contains { plan in
                nextDue.map { plan["next_due"]?.hasPrefix($0) ?? false } ?? true
            }
        }
    }
}
