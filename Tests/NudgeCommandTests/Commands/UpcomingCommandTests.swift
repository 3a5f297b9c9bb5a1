import Foundation
import NudgeSystem
import NudgeTestSupport
import Testing

/// `nudge upcoming` lists what a daemon would show; without one it says nothing will be.
@Suite struct UpcomingCommandTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func saysNothingIsShownWhileNoDaemonRuns() throws {
        try StoreQuery.create(store)
        let note =
            "nudge: no daemon runs on this store, so none of these will be shown until one runs; start one with: systemctl --user start nudge (or nudge daemon)\n"
        let alone = nudge("upcoming", "--limit", "1")
        #expect(alone.status == 0 && alone.stderr == note && !alone.stdout.contains("daemon"), "\(alone)")
        let json = nudge("upcoming", "--json")
        #expect(json.stderr == note && (try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) != nil)
        // A daemon holds the store's lock: then the list is what it will show.
        let lock = try DaemonLock(storePath: store)
        let withDaemon = nudge("upcoming", "--limit", "1")
        #expect(withDaemon.status == 0 && withDaemon.stderr.isEmpty, "\(withDaemon)")
        withExtendedLifetime(lock) {}
    }

    /// A feed's file is named .ics (issue 40, hostile round: `--output u.html` held iCalendar):
    /// another extension is refused, as the exports refuse one that names another format.
    @Test func aFeedIsWrittenOnlyToAnIcsFile() throws {
        for name in ["u.html", "u.txt", "u.PDF"] {
            try expectRefusal(
                ["upcoming", "--format", "ics", "--output", directory.file(name)],
                mentioning:
                    "--format ics writes an iCalendar feed, not a .\(name.dropFirst(2).lowercased()) file; give an --output ending in .ics"
            )
            #expect(!FileManager.default.fileExists(atPath: directory.file(name)))
        }
        // No extension at all is refused too (hostile round of issue 40: `--output u` was written).
        try expectRefusal(
            ["upcoming", "--format", "ics", "--output", directory.file("u")],
            mentioning: "--format ics writes an iCalendar feed; give an --output ending in .ics, such as feed.ics")
        #expect(!FileManager.default.fileExists(atPath: directory.file("u")))
        let written = nudge("upcoming", "--format", "ics", "--output", directory.file("u.ICS"))
        #expect(written.status == 0 && FileManager.default.fileExists(atPath: directory.file("u.ICS")), "\(written)")
    }

    /// A calendar of the person's own at the path is refused and kept; an earlier feed of
    /// nudge's (or an empty file) is replaced, and that is said (issue 42, hostile round 29:
    /// a person's own `.ics` was replaced, saying only "exported").
    @Test func aFeedReplacesOnlyAnEarlierFeed() throws {
        try StoreQuery.create(store)
        let own = directory.file("mine.ics")
        let calendar = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Mozilla.org//Thunderbird//EN\r\nEND:VCALENDAR\r\n"
        try calendar.write(toFile: own, atomically: false, encoding: .utf8)
        try expectRefusal(
            ["upcoming", "--format", "ics", "--output", own],
            mentioning: "--output '\(own)' is a file nudge did not write (")
        #expect(try String(contentsOfFile: own, encoding: .utf8) == calendar)
        let feed = directory.file("feed.ics")
        let first = nudge("upcoming", "--format", "ics", "--output", feed)
        #expect(first.status == 0 && !first.stdout.contains("replaced"), "\(first)")
        let again = nudge("upcoming", "--format", "ics", "--output", feed)
        #expect(again.status == 0 && again.stdout.contains("replaced nudge's earlier feed at \(feed) ("), "\(again)")
        #expect(FileManager.default.createFile(atPath: own, contents: Data()))
        let overEmpty = nudge("upcoming", "--format", "ics", "--output", own)
        #expect(overEmpty.status == 0 && !overEmpty.stdout.contains("replaced"), "\(overEmpty)")
    }
}
