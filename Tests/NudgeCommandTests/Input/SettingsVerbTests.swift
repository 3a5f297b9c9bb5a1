import Foundation
import NudgeTestSupport
import Testing

/// Another program's verb for a setting (`edit`, `unset`, `delete`, `remove`) with its key or
/// value left out is refused in one line naming what to type (`settings set KEY VALUE`,
/// `settings reset KEY`), never the parser's "Unexpected argument" (issue 40, ninth round); the
/// line offered, with a key and a value in their places, runs.
@Suite struct SettingsVerbTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        (
            ["settings", "edit", "symptom.reminder_time"],
            "changed with: nudge settings set symptom.reminder_time VALUE"
        ),
        (["settings", "edit"], "changed with: nudge settings set KEY VALUE"),
        (["settings", "unset", "reminder_time"], "returned to its default with: nudge settings reset KEY"),
        (["settings", "delete"], "returned to its default with: nudge settings reset KEY"),
        (["settings", "remove"], "returned to its default with: nudge settings reset KEY"),
    ])
    func aVerbWithoutItsWordsNamesTheLineToType(typed: [String], said: String) throws {
        try StoreQuery.create(store)
        let refusal = try InProcessNudge.expectRefusal(
            typed, store: store, environment: environment,
            mentioning: "nudge: nudge settings has no command '\(typed[1])'; a setting is \(said) --store \(store)"
        ).stderr
        #expect(!refusal.contains("Unexpected") && !refusal.contains("Missing"), "\(refusal)")
        // A key several keys end with is named with each; none known: where the keys are listed.
        if refusal.contains(" KEY") {
            #expect(refusal.contains("nudge settings lists the keys"), "\(refusal)")
        }
        if typed.last == "reminder_time" {
            #expect(
                refusal.contains("with symptom.reminder_time, call.reminder_time or meditation.reminder_time as KEY"))
        }
        let offered = try #require(refusal.dropLast().split(separator: "with: ").last?.split(separator: ",").first)
        let line = try #require(
            try WholeLineSuggestionTests.shellWords([String(offered.split(separator: ";")[0])]).first)
        let typedBack = line.dropFirst().map { ["KEY": "symptom.reminder_time", "VALUE": "21:00"][$0] ?? $0 }
        let run = InProcessNudge.run(typedBack, environment: environment)
        #expect(run.status == 0, "\(typedBack): \(run)")
        let stored = try StoreQuery.rows(store, "SELECT value FROM settings WHERE key = 'symptom.reminder_time'")
        #expect(stored == (typedBack.contains("set") ? [["value": "21:00"]] : []), "\(typedBack)")
    }
}
