@testable import NudgeCommandLine
@testable import nudge

/// Values each command's arguments and options parse with, for tests that go over the whole
/// command tree (at 2026-11-22 23:00 UTC, with no store).
enum CommandLineSamples {
    /// The words a command needs after its name: its required arguments and options, and for an
    /// edit a change.
    static func required(_ path: [String]) -> [String] {
        arguments(path) + (change[path] ?? [])
    }

    private static func arguments(_ path: [String]) -> [String] {
        switch path {
        case ["settings", "get"], ["settings", "reset"]: ["symptom.reminder_time"]
        case ["settings", "set"]: ["symptom.reminder_time", "21:00"]
        case ["call", "log"], ["call", "history"], ["contacts", "add"], ["contacts", "edit"], ["contacts", "remove"]:
            ["Sam"]
        case ["call", "remind"]: ["Sam", "--in", "3"]
        case ["log", "symptom"]: ["Itch", "--severity", "3"]
        case ["meds", "taken"], ["meds", "edit"], ["meds", "remove"]: ["modafinil"]
        case ["meds", "add"]: ["modafinil", "--dose", "100mg", "--at", "08:00"]
        case ["meditations", "add"]: ["--at", "22:10", "--minutes", "10"]
        case ["remind"]: ["Water the plants", "--at", "18:00"]
        case ["reminders", "edit"]: ["3", "--at", "18:00"]
        case ["reminders", "delete"]: ["3"]
        case ["ack"]: ["5", "stop"]
        case ["restore"]: ["--latest"]
        case ["call", "reminders", "edit"]: ["3", "--in", "3"]
        case ["call", "reminders", "cancel"]: ["3"]
        case ["call", "edit"], ["call", "delete"], ["symptoms", "edit"],
            ["symptoms", "delete"], ["meditations", "delete"], ["journal", "show"], ["journal", "edit"],
            ["journal", "reflect"], ["journal", "delete"]:
            ["abcd"]
        default: []
        }
    }

    /// A value `option` of the command at `path` takes (none for a flag), with what it needs
    /// beside it (`--to` goes with `--from`).
    static func value(_ option: String, path: [String], takes: CommandOptions) -> [String] {
        guard takes.valued.contains(option) else { return [] }
        switch option {
        case "--store": return ["/nonexistent/n.sqlite"]
        case "--at": return [path.contains("remind") || path.contains("reminders") ? "21:00" : "22:10"]
        case "--in": return path.contains("test-alarm") ? ["30s"] : ["3"]
        case "--on": return ["tomorrow"]
        case "--until": return ["2027-01-31"]
        case "--from": return path == ["upcoming"] ? ["22:10"] : ["2026-11-01"]
        case "--to": return ["2026-11-20", "--from", "2026-11-01"]
        case "--date", "--since": return ["yesterday"]
        case "--format": return path == ["upcoming"] ? ["ics"] : ["markdown"]
        case "--days" where path == ["upcoming"]: return ["3", "--format", "ics"]
        case "--output" where path == ["upcoming"]: return ["/nonexistent/out.ics", "--format", "ics"]
        case "--output": return path == ["backup"] ? ["/nonexistent/b.sqlite"] : ["/nonexistent/out.md"]
        case "--mood": return ["happy"]
        case "--type": return ["oral"]
        case "--ambient": return ["brown-noise"]
        case "--log-level": return ["info"]
        case "--year": return ["2026", "--calendar"]
        case "--name": return ["Itch"]
        case "--dose" where path.first == "meds": return ["100mg"]
        // `meds add` and `edit` read their values as they parse (a line offered is one that runs).
        case "--days" where path == ["meds", "add"] || path == ["meds", "edit"]: return ["mon-fri"]
        case "--formulation": return ["ir"]
        default:
            return SuggestedLine.textOptions.contains(option) ? ["x"] : ["3"]
        }
    }

    /// The whole line of an option given alone, without the command's required words
    /// (`remind --import` takes its texts and times from the file).
    static func alone(_ option: String, path: [String]) -> [String]? {
        path == ["remind"] && option == "--import" ? ["remind", "--import", "calendar.ics"] : nil
    }

    private static let change: [[String]: [String]] = [
        ["call", "edit"]: ["--duration", "10"], ["contacts", "edit"]: ["--name", "Alex"],
        ["symptoms", "edit"]: ["--severity", "3"], ["meds", "edit"]: ["--days", "mon-fri"],
    ]
}
