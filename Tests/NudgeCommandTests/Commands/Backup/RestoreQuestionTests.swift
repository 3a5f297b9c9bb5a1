import Foundation
import NudgeTestSupport
import Testing

/// A restore asked on a real terminal (tmux): the question says what the restore rolls back,
/// in the words the restore then prints. Off a terminal it needs --yes (BackupEndToEndTests).
@Suite(.serialized, .ownThread)
struct RestoreQuestionTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    var environment: [String: String] {
        ["TZ": "UTC", "NUDGE_STORE": store, "NUDGE_FAKE_NOW": "2026-11-22T20:00:00Z"]
    }

    func nudge(_ arguments: String..., at fakeNow: String = "2026-11-22T20:00:00Z") throws {
        var environment = self.environment
        environment["NUDGE_FAKE_NOW"] = fakeNow
        let result = try NudgeBinary.run(arguments, environment: environment)
        #expect(result.status == 0, "\(result)")
    }

    func symptomNames() throws -> [String] {
        try StoreQuery.rows(store, "SELECT name FROM symptom_entries ORDER BY name").compactMap { $0["name"] }
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

    /// A backup taken while the question waits thins away the backup asked about: what is
    /// restored is still that one, as the question said, not the newer one.
    @Test func aBackupThinnedAwayWhileAskedIsStillTheOneRestored() throws {
        defer { TmuxTerminal.killEverything(startedIn: directory.path) }
        try nudge("log", "symptom", "Headache", "--severity", "3")
        try nudge("backup")
        try nudge("log", "symptom", "Nausea", "--severity", "2")
        let asked = store + ".backups/nudge-20261122T200000Z.sqlite"
        let restore = try TmuxTerminal(
            running: "\(NudgeBinary.path) restore --latest", environment: environment, in: directory.path,
            name: "restore")
        restore.waitFor("Restore the backup of 2026-11-22 20:00 UTC in place of the store?")
        try nudge("backup", at: "2026-11-22T21:00:00Z")
        #expect(!FileManager.default.fileExists(atPath: asked), "the newer backup of the day thinned it away")
        try restore.type("y")
        restore.waitFor(
            "restored the backup of 2026-11-22 20:00 UTC; 1 diary entry written since then is not in it; the store")
        #expect(try symptomNames() == ["Headache"], "the newer backup has Nausea")
    }

    /// A write while the question waits: the restore counts again under the write lock, does
    /// not restore, says so and asks again with the new account.
    @Test func aWriteWhileAskedIsToldAndAskedAgain() throws {
        defer { TmuxTerminal.killEverything(startedIn: directory.path) }
        try nudge("log", "symptom", "Headache", "--severity", "3")
        try nudge("backup")
        try nudge("log", "symptom", "Nausea", "--severity", "2")
        let restore = try TmuxTerminal(
            running: "\(NudgeBinary.path) restore --latest", environment: environment, in: directory.path,
            name: "restore")
        restore.waitFor(
            "Restore the backup of 2026-11-22 20:00 UTC in place of the store? 1 diary entry written since then is not in it."
        )
        try nudge("log", "symptom", "Dizziness", "--severity", "1")
        try restore.type("y")
        restore.waitFor(
            "The store was written to while you were asked, so nothing was restored yet. Restore the backup of 2026-11-22 20:00 UTC in place of the store? 2 diary entries written since then are not in it."
        )
        #expect(try symptomNames() == ["Dizziness", "Headache", "Nausea"], "nothing restored before the answer")
        try restore.type("y")
        restore.waitFor(
            "restored the backup of 2026-11-22 20:00 UTC; 2 diary entries written since then are not in it; the store")
        #expect(try symptomNames() == ["Headache"])
    }
}
