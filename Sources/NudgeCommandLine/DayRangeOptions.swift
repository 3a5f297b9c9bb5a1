import ArgumentParser
import NudgeCommands
import NudgeCore

/// Which local days a listing or an export covers: one day, a span, or the last N days.
public struct DayRangeOptions: ParsableArguments {
    @Option(help: "One day: \(GivenDay.accepted).", transform: TypedArguments.day) var date: GivenDay?
    @Option(help: "From this day on (as --date); alone, through the last entry.", transform: TypedArguments.day)
    var from: GivenDay?
    @Option(help: "Up to and including this day; alone, from the first entry.", transform: TypedArguments.day)
    var to: GivenDay?
    @Option(
        parsing: .unconditional, help: "The last N days, today included (1-36500).",
        transform: WholeNumber.days(DayRangeRequest.dayCounts))
    var days: Int?

    public init() {}

    public var request: DayRangeRequest { DayRangeRequest(date: date, from: from, to: to, days: days) }
}
