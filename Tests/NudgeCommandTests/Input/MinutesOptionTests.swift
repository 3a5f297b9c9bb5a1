import Foundation
import NudgeTestSupport
import Testing

/// An option in whole minutes (`call log --duration`, `meditations add --minutes`) takes a
/// length as people type it, and a refusal names the option and examples it takes, never one
/// it refuses (`90s`, which is no whole number of minutes).
@Suite struct MinutesOptionTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        (["call", "log", "Sam", "--duration", "90s"], "--duration", "0 to 1440"),
        (["meditations", "add", "--at", "08:00", "--minutes", "20 mins and a bit"], "--minutes", "1 to 240"),
        (["call", "edit", "abcd", "--duration", "ten"], "--duration", "0 to 1440"),
    ])
    func aRefusalNamesTheOptionAndExamplesItTakes(arguments: [String], option: String, range: String) throws {
        // To the end of the line: no example it refuses (90s) among them.
        try expectRefusal(
            arguments,
            mentioning:
                "\(option) '\(arguments.last!)' is not a whole number of minutes; give one from \(range) as 10 (minutes), 10m, 10 min, 1h30m or 1:30\n"
        )
    }

    @Test func meditationsAddTakesMinutesAsPeopleTypeThem() throws {
        let added = nudge("meditations", "add", "--at", "08:00", "--minutes", "20 min")
        #expect(added.status == 0 && added.stdout.hasPrefix("recorded 20 minutes "), "\(added)")
        #expect(nudge("meditations", "add", "--at", "09:00", "--minutes", "1h").stdout.hasPrefix("recorded 1 hour "))
    }
}
