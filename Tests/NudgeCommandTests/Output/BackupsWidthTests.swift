import Foundation
import NudgeReports
import NudgeTestSupport
import Testing

/// `nudge backups` at 60, 80 and 120 columns, byte for byte: a backup's counts are numbers, so
/// they go under its row, wrapped between counts, never cut (`13 diary e…` was).
@Suite struct BackupsWidthTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// Two backups a day apart; the second has one more diary entry, a dose event and a call.
    func seed() throws -> [String] {
        let days = ["2026-11-21T20:00:00+01:00", "2026-11-22T19:00:00+01:00"]
        var sizes: [String] = []
        for (index, day) in days.enumerated() {
            let at = environment.merging(["NUDGE_FAKE_NOW": day]) { $1 }
            var commands = [
                ["log", "symptom", "Headache", "--severity", "3"], ["log", "symptom", "Nausea", "--severity", "2"],
            ]
            if index == 1 {
                commands += [["dose", "1"], ["contacts", "add", "Sam"], ["call", "log", "Sam", "--duration", "5"]]
            }
            for command in commands + [["backup"]] {
                let result = InProcessNudge.run(command + ["--store", store], environment: at)
                #expect(result.status == 0, "\(command): \(result)")
            }
        }
        for name in ["nudge-20261121T190000Z.sqlite", "nudge-20261122T180000Z.sqlite"] {
            let size = try FileManager.default.attributesOfItem(atPath: store + ".backups/" + name)[.size] as? Int
            sizes.append(ByteCountText.describe(try #require(size)))
        }
        return sizes
    }

    func backups(at width: Int) -> String {
        let result = InProcessNudge.run(
            ["backups", "--store", store], environment: environment.merging(["COLUMNS": "\(width)"]) { $1 })
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        return result.stdout
    }

    @Test func atSixtyColumnsTheFileAndTheCountsFold() throws {
        let sizes = try seed()
        let size = { (index: Int) in DisplayWidth.fitted(sizes[index], max(sizes.map(DisplayWidth.of).max()!, 4)) }
        #expect(
            backups(at: 60) == """
                TAKEN                 \(DisplayWidth.fitted("SIZE", DisplayWidth.of(size(0))))  CHECK
                    FILE
                    RECORDS
                2026-11-22 19:00 CET  \(size(1))  ok
                    nudge-20261122T180000Z.sqlite
                    4 diary entries, 1 dose event, 1 call, 0 meditations,
                    0 therapy sessions, 0 reflections, 0 own reminders,
                    0 medications, 1 contact, 0 call reminders,
                    0 medication doses taken
                2026-11-21 20:00 CET  \(size(0))  ok
                    nudge-20261121T190000Z.sqlite
                    2 diary entries, 0 dose events, 0 calls, 0 meditations,
                    0 therapy sessions, 0 reflections, 0 own reminders,
                    0 medications, 0 contacts, 0 call reminders,
                    0 medication doses taken

                """)
    }

    @Test(arguments: [80, 120]) func widerTheCountsStillGoUnderTheirRow(width: Int) throws {
        let sizes = try seed()
        let size = { (index: Int) in DisplayWidth.fitted(sizes[index], max(sizes.map(DisplayWidth.of).max()!, 4)) }
        let counts =
            width == 80
            ? [
                "4 diary entries, 1 dose event, 1 call, 0 meditations, 0 therapy sessions,",
                "0 reflections, 0 own reminders, 0 medications, 1 contact, 0 call reminders,",
                "0 medication doses taken",
            ]
            : [
                "4 diary entries, 1 dose event, 1 call, 0 meditations, 0 therapy sessions, 0 reflections, 0 own reminders,",
                "0 medications, 1 contact, 0 call reminders, 0 medication doses taken",
            ]
        let older =
            width == 80
            ? [
                "2 diary entries, 0 dose events, 0 calls, 0 meditations, 0 therapy sessions,",
                "0 reflections, 0 own reminders, 0 medications, 0 contacts, 0 call reminders,",
                "0 medication doses taken",
            ]
            : [
                "2 diary entries, 0 dose events, 0 calls, 0 meditations, 0 therapy sessions, 0 reflections, 0 own reminders,",
                "0 medications, 0 contacts, 0 call reminders, 0 medication doses taken",
            ]
        let expected =
            [
                "TAKEN                 \(DisplayWidth.fitted("SIZE", DisplayWidth.of(size(0))))  CHECK  FILE",
                "    RECORDS",
                "2026-11-22 19:00 CET  \(size(1))  ok     nudge-20261122T180000Z.sqlite",
            ] + counts.map { "    " + $0 }
            + ["2026-11-21 20:00 CET  \(size(0))  ok     nudge-20261121T190000Z.sqlite"] + older.map { "    " + $0 }
        #expect(backups(at: width) == expected.joined(separator: "\n") + "\n")
    }

    /// A status is never cut (`unreadable (perm…` was at 80 columns): where the row is too
    /// wide, the columns after it fold under it, as RECORDS does (issue 39, seventh round).
    @Test(arguments: [60, 80, 120]) func theCheckIsNeverCut(width: Int) throws {
        _ = try seed()
        // A backup taken before stores had identities: its check says so.
        let unmarked = store + ".backups/nudge-20261121T190000Z.sqlite"
        let removed = try Subprocess.run(
            "/usr/bin/sqlite3", [unmarked, "DELETE FROM store_metadata WHERE key = 'store_identity'"])
        #expect(removed.status == 0, "\(removed)")
        let listed = backups(at: width)
        let lines = listed.split(separator: "\n")
        #expect(lines.contains { $0.contains("  ok; taken before store identities") }, "\(listed)")
        #expect(!listed.contains("…"), "\(listed)")
        #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= width }, "\(listed)")
        #expect(lines.contains { $0.contains("nudge-20261121T190000Z.sqlite") }, "\(listed)")
    }
}
