import Foundation
import NudgeTestSupport
import Testing

/// A deletion asked on a real terminal (tmux): y deletes, anything else keeps. Off a terminal
/// it needs --yes (the refusals in the command tests).
@Suite(.serialized, .ownThread)
struct DeletionQuestionTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    var environment: [String: String] {
        ["TZ": "Europe/Berlin", "NUDGE_STORE": store, "NUDGE_FAKE_NOW": "2026-11-22T20:00:00+01:00"]
    }

    func nudge(_ arguments: String...) throws {
        let result = try NudgeBinary.run(arguments, environment: environment)
        #expect(result.status == 0, "\(result)")
    }

    func terminal(_ command: String, name: String) throws -> TmuxTerminal {
        try TmuxTerminal(
            running: "\(NudgeBinary.path) \(command)", environment: environment, in: directory.path, name: name)
    }

    @Test func yesDeletesAndEnterKeeps() throws {
        defer { TmuxTerminal.killEverything(startedIn: directory.path) }
        try nudge("log", "symptom", "Headache", "--severity", "3", "--at", "19:05")
        try nudge("contacts", "add", "Alex")
        try nudge("call", "log", "Alex", "--at", "18:00")
        let entry = try #require(try StoreQuery.rows(store, "SELECT id FROM symptom_entries").first?["id"])
        let call = try #require(try StoreQuery.rows(store, "SELECT id FROM call_logs").first?["id"])

        let symptom = try terminal("symptoms delete \(entry.prefix(8))", name: "symptom")
        symptom.waitFor("Delete Headache (3) at 19:05 today, 2026-11-22 19:05 CET? This cannot be undone. [y/N] ")
        try symptom.type("y")
        symptom.waitFor("deleted Headache (3)")
        #expect(try StoreQuery.rows(store, "SELECT id FROM symptom_entries").isEmpty)

        let calls = try terminal("call delete \(call.prefix(8))", name: "call")
        calls.waitFor("Delete the call with Alex at 18:00 today, 2026-11-22 18:00 CET? [y/N] ")
        try calls.type("")
        calls.waitFor("nothing deleted")
        #expect(try StoreQuery.rows(store, "SELECT is_marked_deleted FROM call_logs") == [["is_marked_deleted": "0"]])

        try nudge("meditations", "add", "--at", "07:00", "--minutes", "10")
        let session = try #require(try StoreQuery.rows(store, "SELECT id FROM meditation_sessions").first?["id"])
        let meditation = try terminal("meditations delete \(session.prefix(8))", name: "meditation")
        meditation.waitFor(
            "Delete the 10 minutes session of 2026-11-22 (id \(session.prefix(8)))? This cannot be undone. [y/N] ")
        try meditation.type("yes")
        meditation.waitFor("deleted the 10 minutes session")
        #expect(try StoreQuery.rows(store, "SELECT id FROM meditation_sessions").isEmpty)
    }

    /// Ctrl-D at the question keeps, and what follows is on a line of its own.
    @Test func endOfInputKeepsOnALineOfItsOwn() throws {
        defer { TmuxTerminal.killEverything(startedIn: directory.path) }
        try nudge("contacts", "add", "Alex")
        try nudge("call", "log", "Alex", "--at", "18:00")
        let call = try #require(try StoreQuery.rows(store, "SELECT id FROM call_logs").first?["id"])
        let calls = try terminal("call delete \(call.prefix(8))", name: "eof")
        calls.waitFor("[y/N] ")
        try calls.press("C-d")
        calls.waitFor("nothing deleted")
        #expect(
            !calls.screen.contains("[y/N] nothing deleted") && calls.screen.contains("[y/N] \r\nnothing deleted"),
            "\(calls.screen)")
        #expect(try StoreQuery.rows(store, "SELECT is_marked_deleted FROM call_logs") == [["is_marked_deleted": "0"]])
    }

    /// Removing a contact with its logged calls asks first (issue 40, hostile round: it did not,
    /// even on a terminal); Enter keeps both.
    @Test func removingAContactsCallsAsks() throws {
        defer { TmuxTerminal.killEverything(startedIn: directory.path) }
        try nudge("contacts", "add", "Alexandra")
        try nudge("call", "log", "Alexandra", "--at", "18:00")
        let remove = try terminal("contacts remove Alexandra --delete-calls", name: "contact")
        remove.waitFor("Delete Alexandra (id 1) and 1 logged call? This cannot be undone. [y/N] ")
        try remove.type("")
        remove.waitFor("nothing deleted")
        #expect(try StoreQuery.rows(store, "SELECT count(*) AS n FROM call_logs") == [["n": "1"]])
        #expect(try StoreQuery.rows(store, "SELECT name FROM contacts") == [["name": "Alexandra"]])
    }
}
