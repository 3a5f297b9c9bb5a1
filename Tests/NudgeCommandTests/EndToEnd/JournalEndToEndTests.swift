import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// The journal's reminders with the real binary on a private bus: what they say, what their
/// answers write, and that no journal text reaches the server or the daemon's log.
@Suite(.serialized, .ownThread, .daemonOnBus)
struct JournalEndToEndTests: DaemonScenario {
    var environment: [String: String] {
        ["TZ": "Europe/Berlin", "NUDGE_STORE": store, "DBUS_SESSION_BUS_ADDRESS": bus.address]
    }

    init() throws {
        _ = try NudgeBinary.run(["settings", "set", "symptom.reminder_enabled", "false"], environment: environment)
        _ = try NudgeBinary.run(["settings", "set", "sound.enabled", "false"], environment: environment)
    }

    static let secrets = ["INTENTION-7c1", "ENVIRONMENT-7c2", "MUSIC-7c3", "DOSE-7c4", "REFLECTION-7c5"]

    /// A session whose mood after is due `seconds` from now, with every text field filled.
    func sessionWithTheMoodDueIn(_ seconds: TimeInterval) throws -> String {
        let start = Date(timeIntervalSince1970: (TestClock.now().timeIntervalSince1970 + seconds - 240 * 60).rounded())
        try nudge(
            "journal", "add", "--type", "clinic", "--at", Timestamp.format(start), "--intentions", Self.secrets[0],
            "--environment", Self.secrets[1],
            "--music", Self.secrets[2], "--dose", Self.secrets[3], "--mood-before", "3")
        let id = try #require(try rows("SELECT id FROM therapy_sessions").first?["id"])
        try nudge("journal", "reflect", String(id.prefix(8)), "--text", Self.secrets[4])
        return id
    }

    @Test func theMoodAfterIsAskedWithTheCommandInTheBodyAndNoJournalTextAnywhere() throws {
        let id = try sessionWithTheMoodDueIn(3)
        let daemon = try startDaemon()
        let asked = try #require(bus.waitForNotify(count: 1, timeout: 20).first, "\(daemon.stderr)")
        #expect(asked.summary == "After your session", "\(asked)")
        // Today's or, four hours after a session before midnight, yesterday's.
        #expect(
            asked.body.hasPrefix("How is your mood after ")
                && asked.body.hasSuffix(
                    "'s session, from 1 to 10? With: nudge journal edit \(id.prefix(8)) --mood-after N"),
            "\(asked)")
        #expect(!asked.actions.contains("inline-reply"))
        let plansBeforeTheAnswer = daemon.plansSoFar
        try nudge("journal", "edit", String(id.prefix(8)), "--mood-after", "6")
        #expect(daemon.waitForPlan(after: plansBeforeTheAnswer), "\(daemon.stderr)")
        daemon.signal(SIGTERM)
        _ = daemon.waitForExit(timeout: 10)
        let everything = bus.notifyCalls().map { "\($0.summary) \($0.body) \($0.hints)" }.joined() + daemon.stderr
        for secret in Self.secrets + ["clinic"] {
            #expect(!everything.contains(secret), "\(secret) reached the server or the log")
        }
        #expect(try rows("SELECT mood_after FROM therapy_sessions") == [["mood_after": "6"]])
    }

    /// A day after two sessions, at the reflection time, two invitations: "Tomorrow" on one
    /// queues it once more a day later; "No more" on the other ends that session's invitations.
    @Test func anInvitationsLaterAndStopAreRecorded() throws {
        try nudge("settings", "set", "journal.after_mood_delay_minutes", "0")
        try nudge("journal", "add", "--type", "oral", "--at", "2026-11-21T18:00:00+01:00")
        try nudge("journal", "add", "--type", "iv", "--at", "2026-11-21T19:00:00+01:00")
        let ids = try rows("SELECT id FROM therapy_sessions ORDER BY started_at").compactMap { $0["id"] }
        // No terminal to open on this PATH: no "Write now".
        let daemon = try startDaemon(at: "2026-11-22T09:59:57+01:00", environment: ["PATH": directory.path])
        let invitations = bus.waitForNotify(count: 2, timeout: 20)
        try #require(invitations.count == 2, "\(daemon.stderr)")
        for invitation in invitations {
            #expect(
                invitation.summary == "A moment to reflect"
                    && invitation.body.hasPrefix(
                        "A moment to reflect on yesterday's session? With: nudge journal reflect ")
            )
            #expect(
                invitation.actions == ["later", "Tomorrow", "stop", "No more for this session"], "\(invitation.actions)"
            )
        }
        let later = try #require(invitations.firstIndex { $0.body.hasSuffix(String(ids[0].prefix(8))) })
        try bus.invokeAction("later", on: UInt32(later + 1))
        try bus.invokeAction("stop", on: UInt32(1 - later + 1))
        #expect(
            waitForStore {
                (try? rows("SELECT count(*) AS n FROM reminder_deliveries WHERE action IS NOT NULL")) == [["n": "2"]]
            }, "\(daemon.stderr)")
        #expect(
            try rows(
                "SELECT due_at FROM reminder_deliveries WHERE reminder_key = 'journal:\(ids[0]):reflect:1:later:1'")
                == [["due_at": "2026-11-23T09:00:00Z"]])
        let upcoming = try nudge("upcoming", "--json", "--limit", "10", at: "2026-11-22T10:05:00+01:00").stdout
        #expect(
            upcoming.contains("journal:\(ids[0]):reflect:1:later:1")
                && upcoming.contains("journal:\(ids[0]):reflect:7"), "\(upcoming)")
        #expect(!upcoming.contains(ids[1]), "\(upcoming)")
    }

    /// A server that advertises inline-reply gets a text field (the action inline-reply and its
    /// placeholder hint). A number sets the mood after; other text is kept as a reflection and
    /// the mood asked for once more; a reply to an invitation is a reflection. None of it
    /// reaches the log.
    @Test func repliesTypedIntoTheNotificationAreRecorded() throws {
        bus.stopServer()
        try bus.startServer(capabilities: "body actions body-markup persistence inline-reply")
        let id = try sessionWithTheMoodDueIn(3)
        let daemon = try startDaemon()
        let asked = try #require(bus.waitForNotify(count: 1, timeout: 20).first, "\(daemon.stderr)")
        #expect(
            asked.actions == ["inline-reply", "Reply"]
                && asked.hints.contains("\"x-kde-reply-placeholder-text\": \"1 to 10\""), "\(asked)")
        let typed = "Calm, it's quiet — REPLY-7c6"
        try bus.reply(typed, on: 1)
        let again = try #require(bus.waitForNotify(count: 2, timeout: 20).last, "\(daemon.stderr)")
        #expect(
            again.body.hasPrefix("What you typed is kept as a reflection. Your mood after ")
                && again.body.contains("'s session, as a whole number from 1 to 10?"), "\(again)")
        #expect(
            try rows("SELECT text, source FROM therapy_reflections WHERE source = 'reply'") == [
                ["text": typed, "source": "reply"]
            ])
        try bus.reply(" 8 ", on: 2)
        #expect(
            waitForStore { (try? rows("SELECT mood_after FROM therapy_sessions")) == [["mood_after": "8"]] },
            "\(daemon.stderr)")
        // What was typed stays in the click ledger (0600) only until the store has it.
        let journal = store + ".answers"
        #expect(
            waitForStore { ((try? String(contentsOfFile: journal, encoding: .utf8)) ?? "x").isEmpty },
            "\(daemon.stderr)")
        daemon.signal(SIGTERM)
        _ = daemon.waitForExit(timeout: 10)
        #expect(!daemon.stderr.contains("REPLY-7c6") && !daemon.stderr.contains("Calm"), "\(daemon.stderr)")
        #expect(
            try rows("SELECT action FROM reminder_deliveries WHERE reminder_key LIKE 'journal:\(id):mood%' ORDER BY id")
                == [["action": "inline-reply"], ["action": "inline-reply"]])
    }

    /// Where a terminal can be opened, "Write now" opens one running nudge journal reflect on
    /// this session and this store.
    @Test func writeNowOpensATerminalOnTheReflection() throws {
        let bin = directory.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let ran = directory.file("terminal-ran")
        // The "terminal" stays open until the test ends, as a person's would while they write.
        let open = directory.file("terminal-open")
        #expect(FileManager.default.createFile(atPath: open, contents: nil))
        defer { unlink(open) }
        // Written whole and then renamed: the test reads it as soon as it exists.
        try
            "#!/bin/sh\nprintf '%s\\n' \"$@\" > \(ran).new && mv \(ran).new \(ran)\nwhile [ -e \(open) ]; do sleep 0.1; done\n"
            .write(
                toFile: bin + "/xdg-terminal-exec", atomically: true, encoding: .utf8)
        chmod(bin + "/xdg-terminal-exec", 0o755)
        try nudge("settings", "set", "journal.after_mood_delay_minutes", "0")
        try nudge("journal", "add", "--type", "oral", "--at", "2026-11-21T18:00:00+01:00")
        let id = try #require(try rows("SELECT id FROM therapy_sessions").first?["id"])
        let daemon = try startDaemon(at: "2026-11-22T09:59:57+01:00", environment: ["PATH": "\(bin):/usr/bin:/bin"])
        let invitation = try #require(bus.waitForNotify(count: 1, timeout: 20).first, "\(daemon.stderr)")
        #expect(invitation.actions.prefix(2) == ["write", "Write now"], "\(invitation.actions)")
        try bus.invokeAction("write", on: 1)
        #expect(waitForStore { FileManager.default.fileExists(atPath: ran) }, "\(daemon.stderr)")
        let lines = try String(contentsOfFile: ran, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(
            lines.count == 6 && lines[0].hasSuffix("/nudge")
                && Array(lines[1...]) == ["--store", store, "journal", "reflect", String(id.prefix(8))], "\(lines)")
        // The daemon did not wait for the terminal: it follows the store at once.
        let plansBeforeTheSetting = daemon.plansSoFar
        try nudge("settings", "set", "journal.reflection_time", "11:00")
        #expect(daemon.waitForPlan(after: plansBeforeTheSetting), "\(daemon.stderr)")
    }
}
