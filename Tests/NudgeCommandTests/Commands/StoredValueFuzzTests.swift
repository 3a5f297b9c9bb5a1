import Foundation
import NudgeCore
import NudgeStore
import NudgeTestSupport
import Testing

/// Another program may write any value into any column of the shared store: every reading
/// command and a daemon's plan read past it. For each value, every column of every table
/// (from the schema as it is, so a column added later is covered) is written in the last row
/// of its table; each command exits 0 or refuses in one line, still shows the first rows, and
/// prints no journal text but the journal's own. A failing value is then written one column
/// at a time to name the culprit.
@Suite struct StoredValueFuzzTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// SQL for each value another program could leave.
    static let values: [String] = [
        "''", "'x'", "' 1'", "'1.5'", "-1", "0", "9223372036854775807", "(-9223372036854775807 - 1)",
        "printf('%.*c', 1048576, 'x')", "x'00ff80fe'", "NULL",
    ]

    @Test func noStoredValueStopsAReader() throws {
        let seed = try FuzzSeed(in: directory, environment: environment)
        let columns = try StoreFuzzer.columns(seed.path)
        // The migrations' own table says which nudge made the store: written apart, since a
        // value there makes every command refuse the store as a newer nudge's.
        let migrations = columns.filter { $0.table == "grdb_migrations" }
        let data = columns.filter { $0.table != "grdb_migrations" }
        #expect(Set(data.map(\.table)).count >= 15, "\(Set(data.map(\.table)).sorted())")
        // As seeded, everything reads: a failure below is the value's.
        try StoreFuzzer.copy(seed.path, to: store, setting: "NULL", in: [])
        let seeded = readEverything(seed, refusalAllowed: false)
        #expect(seeded.isEmpty, "\(seeded)")
        guard seeded.isEmpty else { return }
        for value in Self.values {
            for (written, refusalAllowed) in [(data, false), (migrations, true)] {
                try StoreFuzzer.copy(seed.path, to: store, setting: value, in: written)
                let failures = readEverything(seed, refusalAllowed: refusalAllowed)
                guard !failures.isEmpty else { continue }
                var culprits: [String] = []
                for column in written {
                    try StoreFuzzer.copy(seed.path, to: store, setting: value, in: [column])
                    if !readEverything(seed, refusalAllowed: refusalAllowed).isEmpty {
                        culprits.append("\(column.table).\(column.name)")
                    }
                }
                Issue.record("\(value.prefix(40)) in \(culprits): \(failures.joined(separator: "\n"))")
            }
        }
    }

    /// Values written alone into a row nudge can otherwise read, so that what is done with
    /// that one column is reached (every column at once makes the row unreadable first): the
    /// cases of issue 38, and numbers nudge adds up or offsets dates by.
    static let alone: [(table: String, column: String, value: String)] = [
        ("current_session", "snooze_count", "''"), ("current_session", "snooze_count", "9223372036854775807"),
        ("current_session", "dose2_skipped", "'x'"),
        ("meditation_sessions", "utc_offset_minutes", "'+01:00'"),
        ("meditation_sessions", "utc_offset_minutes", "9223372036854775807"),
        ("meditation_sessions", "actual_seconds", "''"),
        ("meditation_sessions", "actual_seconds", "9223372036854775807"),
        ("meditation_sessions", "planned_seconds", "9223372036854775807"),
        ("meditation_sessions", "interval_seconds", "9223372036854775807"),
        ("meditation_sessions", "suspended_seconds", "'x'"),
        ("contacts", "stay_in_touch_days", "''"), ("contacts", "stay_in_touch_days", "9223372036854775807"),
        ("call_logs", "duration_minutes", "''"), ("call_logs", "duration_minutes", "9223372036854775807"),
        ("call_due", "due_day", "9223372036854775807"), ("call_due", "due_day", "(-9223372036854775807 - 1)"),
        ("therapy_sessions", "mood_after", "'7/10'"), ("therapy_sessions", "mood_before", "9223372036854775807"),
        ("symptom_entries", "severity", "9223372036854775807"), ("settings", "value", "x'00ff80fe'"),
        ("reminder_deliveries", "notification_id", "'x'"),
    ]

    @Test func aValueAloneInAReadableRowStopsNoReader() throws {
        let seed = try FuzzSeed(in: directory, environment: environment)
        let columns = try StoreFuzzer.columns(seed.path)
        for (table, name, value) in Self.alone {
            let column = try #require(columns.first { $0.table == table && $0.name == name }, "\(table).\(name)")
            try StoreFuzzer.copy(seed.path, to: store, setting: value, in: [column])
            let failures = readEverything(seed, refusalAllowed: false, skipping: ["doctor"])
            #expect(failures.isEmpty, "\(table).\(name) = \(value): \(failures)")
        }
    }

    /// What went wrong with each reading command and the plan; empty when nothing did.
    /// `skipping`: commands whose reading the caller has covered otherwise (doctor spends most
    /// of its time on the bus).
    func readEverything(_ seed: FuzzSeed, refusalAllowed: Bool, skipping: Set<String> = []) -> [String] {
        var failures: [String] = []
        // A store refused at its opening is refused by every command alike: two say it.
        let commands =
            refusalAllowed
            ? [["dose", "status"], ["settings"]] : ReadingCommands.all + [["journal", "show", seed.journalSession]]
        for arguments in commands where !skipping.contains(arguments.joined(separator: " ")) {
            let result = nudge(arguments)
            let shown = arguments.joined(separator: " ")
            let refused = [64, 65].contains(result.status) && result.stderr.hasPrefix("nudge: ")
            let readable = ReadingCommands.succeeded(arguments, result) || (refused && refusalAllowed)
            let journal = arguments.starts(with: ["journal", "show"]) || arguments == ["journal", "export"]
            if !readable { failures.append("\(shown): exit \(result.status)") }
            // Beside upcoming's note that no daemon runs here (none does), one line at most.
            let notes = result.stderr.split(separator: "\n").filter {
                !$0.hasPrefix("nudge: no daemon runs on this store")
            }
            if notes.count > 1 || result.stderr.utf8.count > 1000 {
                failures.append("\(shown): stderr of \(result.stderr.utf8.count) bytes")
            }
            if result.stderr.contains(FuzzSeed.secret) || (!journal && result.stdout.contains(FuzzSeed.secret)) {
                failures.append("\(shown): journal text in its output")
            }
            if result.status == 0, let intact = seed.intact[shown], !result.stdout.contains(intact) {
                failures.append("\(shown): no \(intact)")
            }
        }
        do {
            let clock = WallClock(zone: .system("Europe/Berlin"))
            let now = Timestamp.parse(environment["NUDGE_FAKE_NOW"] ?? "") ?? Date()
            let input = try Store(readingOnly: store).scheduleInput(at: now, clock: clock)
            if Schedule(input: input, clock: clock).plan(now: now).nextDue == nil {
                failures.append("plan: nothing next")
            }
        } catch {
            if !refusalAllowed { failures.append("plan: \(String(describing: error).prefix(200))") }
        }
        return failures
    }
}
