import Foundation

/// The person's zone as a feed writes it: times as `DTSTART;TZID=Europe/Paris:20261127T200000`,
/// and a VTIMEZONE with every change of offset in the years a feed covers, each an observance
/// of its own (its onset written in the offset before it, as RFC 5545 asks), read from the
/// same zone rules the schedule uses, so that a calendar shows each reminder at nudge's instant.
public struct ICalendarZone: Sendable {
    public let clock: WallClock

    public init(clock: WallClock) { self.clock = clock }

    /// UTC needs no VTIMEZONE: its times are written with a Z.
    var isUTC: Bool { ["UTC", "Etc/UTC", "GMT", "Etc/GMT", "UTC0"].contains(clock.zone.identifier) }

    /// A time property of an instant: the local wall-clock reading with the zone's TZID; in
    /// UTC where the zone reads that minute twice (a fall-back night), since RFC 5545 takes a
    /// repeated local time as its first and a calendar would show the second an hour early.
    func add(_ name: String, _ instant: Date, to lines: inout ICalendarLines) {
        if isUTC || clock.isRepeated(instant) {
            lines.add(name, Self.utc(instant))
        } else {
            lines.add(name, local(instant), parameters: [("TZID", clock.zone.identifier)])
        }
    }

    /// A time property of a wall-clock time on a day, whether or not the zone has it that day.
    func add(_ name: String, _ day: CivilDate, at time: LocalTime, to lines: inout ICalendarLines) {
        let value = Self.dateTime(day, secondsOfDay: time.secondsOfDay)
        if isUTC {
            lines.add(name, value + "Z")
        } else {
            lines.add(name, value, parameters: [("TZID", clock.zone.identifier)])
        }
    }

    /// `20261127T200000`: the wall-clock reading of an instant in the zone.
    func local(_ instant: Date) -> String {
        let (date, seconds) = clock.local(instant)
        return Self.dateTime(date, secondsOfDay: seconds)
    }

    /// `20261127T190000Z`.
    static func utc(_ instant: Date) -> String {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        return dateTime(CivilDate(daysSinceEpoch: seconds.floorDiv(86400)), secondsOfDay: seconds.floorMod(86400)) + "Z"
    }

    static func dateTime(_ date: CivilDate, secondsOfDay seconds: Int) -> String {
        date.basic + "T" + pad(seconds / 3600, 2) + pad(seconds / 60 % 60, 2) + pad(seconds % 60, 2)
    }

    /// The VTIMEZONE for the years `years`: the offset in force as they begin, then each change.
    func add(years: ClosedRange<Int>, to lines: inout ICalendarLines) {
        guard !isUTC else { return }
        let start = Int(clock.startOfDay(CivilDate(year: years.lowerBound, month: 1, day: 1)).timeIntervalSince1970)
        let end = Int(clock.startOfDay(CivilDate(year: years.upperBound + 1, month: 1, day: 1)).timeIntervalSince1970)
        lines.begin("VTIMEZONE")
        lines.add("TZID", ICalendarLines.text(clock.zone.identifier))
        let first = clock.offset(at: start)
        observance(at: start, from: first, to: first, into: &lines)
        for transition in transitions(from: start, to: end) {
            observance(
                at: transition, from: clock.offset(at: transition - 1), to: clock.offset(at: transition), into: &lines)
        }
        lines.end("VTIMEZONE")
    }

    private func observance(at instant: Int, from: Int, to: Int, into lines: inout ICalendarLines) {
        // A change to a greater offset is daylight time (Lord Howe's half hour too).
        let name = to > from ? "DAYLIGHT" : "STANDARD"
        lines.begin(name)
        let wall = instant + from
        lines.add(
            "DTSTART",
            Self.dateTime(CivilDate(daysSinceEpoch: wall.floorDiv(86400)), secondsOfDay: wall.floorMod(86400)))
        lines.add("TZOFFSETFROM", Self.offset(from))
        lines.add("TZOFFSETTO", Self.offset(to))
        lines.add("TZNAME", ICalendarLines.text(clock.zone.abbreviation(at: instant)))
        lines.end(name)
    }

    /// Each instant in `start..<end` at which the offset changes: looked for every six hours
    /// (no zone changes twice in six hours), then found to the second.
    func transitions(from start: Int, to end: Int) -> [Int] {
        let step = 6 * 3600
        var found: [Int] = []
        var before = start
        while before < end {
            let after = min(before + step, end)
            if clock.offset(at: before) != clock.offset(at: after) {
                var low = before
                var high = after
                while high - low > 1 {
                    let middle = low + (high - low) / 2
                    if clock.offset(at: middle) == clock.offset(at: before) { low = middle } else { high = middle }
                }
                found.append(high)
            }
            before = after
        }
        return found
    }

    /// `+1030`, `-0500`, `+053728` where seconds are part of it.
    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        let text = pad(magnitude / 3600, 2) + pad(magnitude / 60 % 60, 2)
        return sign + text + (magnitude % 60 == 0 ? "" : pad(magnitude % 60, 2))
    }
}

extension CivilDate {
    /// `20261127`, RFC 5545's DATE.
    var basic: String { pad(year, 4) + pad(month, 2) + pad(day, 2) }
}
