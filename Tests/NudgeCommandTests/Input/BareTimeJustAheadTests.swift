import Foundation
import NudgeTestSupport
import Testing

/// A bare time of day for something that happened, later today by up to 2 hours, is refused as
/// to come, not taken as yesterday's (hostile round of issue 40, High: at 22:30 `--at 22:35`
/// was logged as 22:35 yesterday, and `dose 1 --at 22:35` said "more than 12 hours ago"). Past
/// 2 hours ahead it is still yesterday's.
@Suite struct BareTimeJustAheadTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    func london(_ now: String) -> [String: String] { ["TZ": "Europe/London", "NUDGE_FAKE_NOW": now] }

    @Test func aTimeMinutesAheadIsRefusedAsToCome() throws {
        let environment = london("2026-12-01T22:30:00Z")
        #expect(InProcessNudge.run(["contacts", "add", "Sam", "--store", store], environment: environment).status == 0)
        for (command, minute, ahead) in [
            (["log", "symptom", "Nausea", "--severity", "2"], "22:35", "5m"), (["call", "log", "Sam"], "22:31", "1m"),
            (["meditations", "add", "--minutes", "10"], "22:31", "1m"), (["dose", "1"], "22:35", "5m"),
        ] {
            try InProcessNudge.expectRefusal(
                command + ["--at", minute], store: store, environment: environment,
                mentioning:
                    "--at '\(minute)' (\(minute) today, 2026-12-01 \(minute) GMT) is in \(ahead); a time to come cannot be recorded; give a time that has passed, or 'yesterday \(minute)'\n"
            )
        }
    }

    @Test func twoHoursAheadIsRefusedAndFurtherIsYesterdays() throws {
        let environment = london("2026-12-01T12:00:00Z")
        try StoreQuery.create(store)
        try InProcessNudge.expectRefusal(
            ["log", "symptom", "Nausea", "--severity", "2", "--at", "14:00"], store: store, environment: environment,
            mentioning: "is in 2h; a time to come cannot be recorded")
        let logged = InProcessNudge.run(
            ["log", "symptom", "Nausea", "--severity", "2", "--at", "14:01", "--store", store], environment: environment
        )
        #expect(logged.status == 0 && logged.stdout.contains("14:01 yesterday"), "\(logged)")
    }
}
