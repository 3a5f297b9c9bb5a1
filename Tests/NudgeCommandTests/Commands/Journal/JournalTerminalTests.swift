import Foundation
import NudgeTestSupport
import Testing

/// `nudge journal add` asking field by field on a real terminal (tmux, the typescript recorded by
/// script(1)): the terminal closed mid-entry, then the draft continued. Each wait is bounded
/// (20 s); the suite's limit is for a hang, and under the whole suite on 2 cores this test's
/// round trips through tmux once took 154 s in all.
@Suite(.serialized, .ownThread)
struct JournalTerminalTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    /// The evening the test runs on; the session typed began at 14:00 the same day.
    static let now = "2026-11-22T20:00:00+01:00"

    /// `nudge journal add` on a terminal of its own.
    func startAdd(_ name: String) throws -> TmuxTerminal {
        try TmuxTerminal(
            running: "\(NudgeBinary.path) journal add",
            environment: ["TZ": "Europe/Berlin", "NUDGE_STORE": store, "NUDGE_FAKE_NOW": Self.now],
            in: directory.path, name: name)
    }

    @Test func aTerminalClosedMidEntryLosesNothingAndTheDraftIsContinued() throws {
        defer { TmuxTerminal.killEverything(startedIn: directory.path) }
        try StoreQuery.create(store)
        let first = try startAdd("first")
        first.waitFor("Treatment type (iv, im, oral, lozenge, at-home or clinic): ")
        try first.type("tea")
        first.waitFor("that is not a treatment type")
        try first.type("oral")
        first.waitFor("When did it begin?")
        try first.type("after the storm")
        first.waitFor("that is not a time")
        #expect(!first.screen.contains("'after the storm'"), "an answer is repeated: \(first.screen.suffix(300))")
        try first.type("2026-11-22T14:00")
        first.waitFor("Dose (Enter to skip): ")
        try first.type("25 mg")
        first.waitFor("Intentions (Enter to skip): ")
        try first.type("Let go of the week")
        first.waitFor("Environment: where, lighting, comfort (Enter to skip): ")
        // The terminal closes: its tmux server is killed, and nudge goes with it (SIGHUP).
        try first.close()
        #expect(
            FileEvents.waitUntil(watching: [directory.path], timeout: 10) { !first.isRunning },
            "nudge still runs after its terminal closed")
        let draft = store + ".drafts/session.json"
        let saved = try String(contentsOfFile: draft, encoding: .utf8)
        #expect(
            saved.contains("\"intentions\":\"Let go of the week\"") && saved.contains("\"type\":\"oral\""), "\(saved)")
        let mode = try FileManager.default.attributesOfItem(atPath: draft)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try StoreQuery.rows(store, "SELECT id FROM therapy_sessions").isEmpty)

        // No, then no to discarding it: the draft stays for later.
        let declined = try startAdd("declined")
        declined.waitFor("A session you began adding was not saved; continue it? [Y/n] ")
        try declined.type("n")
        declined.waitFor("Discard what was written then, and start again? [y/N] ")
        try declined.type("")
        declined.waitFor("kept what was typed; the next nudge journal add offers it again")
        #expect(try String(contentsOfFile: draft, encoding: .utf8) == saved)

        let second = try startAdd("second")
        second.waitFor("A session you began adding was not saved; continue it? [Y/n] ")
        try second.type("")
        second.waitFor("Environment: where, lighting, comfort (Enter to skip): ")
        try second.type("Sofa, blanket")
        second.waitFor("Music (Enter to skip): ")
        try second.type("")
        second.waitFor("Mood before, 1 to 10 (Enter to skip): ")
        try second.type("11")
        second.waitFor("the mood before 11 is not from 1 to 10")
        try second.type("3")
        second.waitFor("Mood after, 1 to 10 (Enter to skip): ")
        try second.type("")
        second.waitFor("added the session of 14:00")
        let rows = try StoreQuery.rows(
            store,
            "SELECT treatment_type, started_at, dose, intentions, environment, music, mood_before, mood_after FROM therapy_sessions"
        )
        #expect(
            rows == [
                [
                    "treatment_type": "oral", "started_at": "2026-11-22T13:00:00Z", "dose": "25 mg",
                    "intentions": "Let go of the week",
                    "environment": "Sofa, blanket", "music": "NULL", "mood_before": "3", "mood_after": "NULL",
                ]
            ], "\(rows)")
        #expect(!FileManager.default.fileExists(atPath: draft))
    }
}
