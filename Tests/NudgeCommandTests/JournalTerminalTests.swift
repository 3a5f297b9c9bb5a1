import Foundation
import NudgeTestSupport
import Testing

/// `nudge journal add` asking field by field on a real terminal (tmux, the typescript recorded by
/// script(1)): the terminal closed mid-entry, then the draft continued.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct JournalTerminalTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    /// One tmux server per terminal: a socket of a server just killed is not used again.
    func tmux(_ socket: String, _ arguments: String...) throws -> CommandResult {
        try Subprocess.run("/usr/bin/tmux", ["-S", socket] + arguments, environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm"])
    }

    /// Runs `nudge journal add` in a new tmux session; its screen goes to `typescript`.
    /// Returns the shell that started it, kept until the test ends: dropped, it would be killed
    /// before tmux is detached.
    func startAdd(typescript: String, socket: String) throws -> Spawned {
        let command = "env TZ=Europe/Berlin NUDGE_STORE=\(store) script -qfec '\(NudgeBinary.path) journal add' \(typescript)"
        // Detached (setsid -f): the server tmux starts outlives the shell that starts it.
        let starter = try Subprocess.spawn(
            "/bin/sh", ["-c", "setsid -f /usr/bin/tmux -S \"$0\" new-session -d -x 160 -y 40 \"$1\" </dev/null >/dev/null 2>&1", socket, command],
            environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm"], stderrPath: directory.file("tmux.err"))
        return starter
    }

    func waitFor(_ text: String, in typescript: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let seen = FileEvents.waitUntil(watching: [directory.path], timeout: 20) {
            ((try? String(contentsOfFile: typescript, encoding: .utf8)) ?? "").contains(text)
        }
        #expect(seen, "'\(text)' never appeared: \(((try? String(contentsOfFile: typescript, encoding: .utf8)) ?? "").suffix(300))", sourceLocation: sourceLocation)
    }

    func type(_ keys: String, on socket: String) throws {
        if !keys.isEmpty { _ = try tmux(socket, "send-keys", "-t", "0", "-l", keys) }
        _ = try tmux(socket, "send-keys", "-t", "0", "Enter")
    }

    @Test func aTerminalClosedMidEntryLosesNothingAndTheDraftIsContinued() throws {
        let (one, two) = (directory.file("first.sock"), directory.file("second.sock"))
        defer { for socket in [one, two] { _ = try? tmux(socket, "kill-server") } }
        _ = try NudgeBinary.run(["settings"], environment: ["NUDGE_STORE": store])
        let first = directory.file("first.typescript")
        let firstStarter = try startAdd(typescript: first, socket: one)
        waitFor("Treatment type (iv, im, oral, lozenge, at-home or clinic): ", in: first)
        try type("tea", on: one)
        waitFor("that is not a treatment type", in: first)
        try type("oral", on: one)
        waitFor("When did it begin?", in: first)
        try type("2026-11-22T14:00", on: one)
        waitFor("Dose (Enter to skip): ", in: first)
        try type("25 mg", on: one)
        waitFor("Intentions (Enter to skip): ", in: first)
        try type("Let go of the week", on: one)
        waitFor("Environment: where, lighting, comfort (Enter to skip): ", in: first)
        // The terminal closes: tmux goes, and nudge with it (SIGHUP).
        _ = try tmux(one, "kill-server")
        let draft = store + ".drafts/session.json"
        let saved = try String(contentsOfFile: draft, encoding: .utf8)
        #expect(saved.contains("\"intentions\":\"Let go of the week\"") && saved.contains("\"type\":\"oral\""), "\(saved)")
        let mode = try FileManager.default.attributesOfItem(atPath: draft)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try StoreQuery.rows(store, "SELECT id FROM therapy_sessions").isEmpty)

        let second = directory.file("second.typescript")
        let secondStarter = try startAdd(typescript: second, socket: two)
        waitFor("A session you began adding was not saved; continue it? [Y/n] ", in: second)
        try type("", on: two)
        waitFor("Environment: where, lighting, comfort (Enter to skip): ", in: second)
        try type("Sofa, blanket", on: two)
        waitFor("Music (Enter to skip): ", in: second)
        try type("", on: two)
        waitFor("Mood before, 1 to 10 (Enter to skip): ", in: second)
        try type("11", on: two)
        waitFor("the mood before 11 is not from 1 to 10", in: second)
        try type("3", on: two)
        waitFor("Mood after, 1 to 10 (Enter to skip): ", in: second)
        try type("", on: two)
        waitFor("added the session of 14:00", in: second)
        let rows = try StoreQuery.rows(
            store, "SELECT treatment_type, started_at, dose, intentions, environment, music, mood_before, mood_after FROM therapy_sessions")
        #expect(
            rows == [[
                "treatment_type": "oral", "started_at": "2026-11-22T13:00:00Z", "dose": "25 mg", "intentions": "Let go of the week",
                "environment": "Sofa, blanket", "music": "NULL", "mood_before": "3", "mood_after": "NULL",
            ]], "\(rows)")
        #expect(!FileManager.default.fileExists(atPath: draft))
        withExtendedLifetime((firstStarter, secondStarter)) {}
    }
}
