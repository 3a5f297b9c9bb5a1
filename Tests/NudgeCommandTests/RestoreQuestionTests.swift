import Foundation
import NudgeTestSupport
import Testing

/// A restore asked on a real terminal (tmux): the question says what the restore rolls back,
/// in the words the restore then prints. Off a terminal it needs --yes (BackupEndToEndTests).
@Suite(.serialized, .ownThread, .timeLimit(.minutes(5)))
struct RestoreQuestionTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    var environment: [String: String] {
        ["TZ": "UTC", "NUDGE_STORE": store, "NUDGE_FAKE_NOW": "2026-11-22T20:00:00Z"]
    }

    func nudge(_ arguments: String...) throws {
        let result = try NudgeBinary.run(arguments, environment: environment)
        #expect(result.status == 0, "\(result)")
    }

    @Test func theQuestionSaysWhatTheRestoreRollsBack() throws {
        defer { TmuxTerminal.killEverything(startedIn: directory.path) }
        try nudge("log", "symptom", "Headache", "--severity", "3")
        try nudge("backup")
        try nudge("log", "symptom", "Nausea", "--severity", "2")
        try nudge("settings", "set", "symptom.snooze_minutes", "30")
        let account = "1 diary entry and 1 setting written since then are not in it"
        let restore = try TmuxTerminal(
            running: "\(NudgeBinary.path) restore --latest", environment: environment, in: directory.path,
            name: "restore")
        restore.waitFor(
            "Restore the backup of 2026-11-22 20:00 UTC in place of the store? \(account). The store as it is")
        try restore.type("y")
        restore.waitFor(
            "restored the backup of 2026-11-22 20:00 UTC; \(account); the store before the restore is kept at ")
    }
}
