import Foundation
import NudgeTestSupport
import Testing

/// `nudge journal add` asking field by field on a real terminal (tmux, the typescript recorded by
/// script(1)): the terminal closed mid-entry, then the draft continued. Each wait is bounded
/// (20 s); the suite's limit is for a hang, and under the whole suite on 2 cores this test's
/// round trips through tmux once took 154 s in all.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct JournalTerminalTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    /// One tmux server per terminal: a socket of a server just killed is not used again.
    @discardableResult
    func tmux(_ socket: String, _ arguments: String...) throws -> Int32 {
        try Self.spawnAndWait(["/usr/bin/tmux", "-S", socket] + arguments)
    }

    /// Runs `nudge journal add` in a new tmux session, detached (setsid -f: the tmux server
    /// outlives the call); its screen goes to `typescript`.
    func startAdd(typescript: String, socket: String) throws {
        let command = "env TZ=Europe/Berlin NUDGE_STORE=\(store) script -qfec '\(NudgeBinary.path) journal add' \(typescript)"
        #expect(try Self.spawnAndWait(["/usr/bin/setsid", "-f", "/usr/bin/tmux", "-S", socket, "new-session", "-d", "-x", "160", "-y", "40", command]) == 0)
    }

    /// posix_spawn and waitpid, bounded: Foundation's Process learns of an exit from a pipe,
    /// which a tmux server started meanwhile inherits, and then waits for the server too.
    static func spawnAndWait(_ arguments: [String], timeout: TimeInterval = 20) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        var pointers = arguments.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        var environment = [String](["PATH=/usr/bin:/bin", "TERM=xterm"]).map { strdup($0) } + [nil]
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, arguments[0], &actions, nil, &pointers, &environment)
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(timeout)
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < deadline else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return -1
            }
            usleep(10_000)
        }
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    }

    func waitFor(_ text: String, in typescript: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let seen = FileEvents.waitUntil(watching: [directory.path], timeout: 20) {
            ((try? String(contentsOfFile: typescript, encoding: .utf8)) ?? "").contains(text)
        }
        #expect(seen, "'\(text)' never appeared: \(((try? String(contentsOfFile: typescript, encoding: .utf8)) ?? "").suffix(300))", sourceLocation: sourceLocation)
    }

    func type(_ keys: String, on socket: String) throws {
        if !keys.isEmpty { #expect(try tmux(socket, "send-keys", "-t", "0", "-l", keys) == 0) }
        #expect(try tmux(socket, "send-keys", "-t", "0", "Enter") == 0)
    }

    @Test func aTerminalClosedMidEntryLosesNothingAndTheDraftIsContinued() throws {
        let (one, two) = (directory.file("first.sock"), directory.file("second.sock"))
        // Whatever a failure left running: every process named with this test's directory.
        defer { _ = try? Self.spawnAndWait(["/usr/bin/pkill", "-KILL", "-f", directory.path]) }
        _ = try NudgeBinary.run(["settings"], environment: ["NUDGE_STORE": store])
        let first = directory.file("first.typescript")
        try startAdd(typescript: first, socket: one)
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
        // The terminal closes: its tmux server is killed, and nudge goes with it (SIGHUP).
        _ = try Self.spawnAndWait(["/usr/bin/pkill", "-KILL", "-f", "tmux -S \(one)"])
        #expect(
            FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                (try? Self.spawnAndWait(["/usr/bin/pgrep", "-f", first])) == 1
            }, "nudge still runs after its terminal closed")
        let draft = store + ".drafts/session.json"
        let saved = try String(contentsOfFile: draft, encoding: .utf8)
        #expect(saved.contains("\"intentions\":\"Let go of the week\"") && saved.contains("\"type\":\"oral\""), "\(saved)")
        let mode = try FileManager.default.attributesOfItem(atPath: draft)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try StoreQuery.rows(store, "SELECT id FROM therapy_sessions").isEmpty)

        let second = directory.file("second.typescript")
        try startAdd(typescript: second, socket: two)
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
    }
}
