import Foundation

/// Turns a local date and wall-clock time into an instant, and back, in a given zone.
///
/// The rules every wall-clock reminder follows (systemd's OnCalendar timers skip a time in the
/// spring-forward gap and can fire twice in the fall-back hour; remind and KAlarm do as here):
/// - a time that does not exist (the spring-forward gap) fires at the first instant after the gap;
/// - a time that happens twice (fall-back) fires once, at its first occurrence;
/// - a date that the zone skipped entirely (Pacific/Apia, 2011-12-30) has no occurrence.
public struct WallClock: Sendable {
    public let zone: ZoneRules
    /// How its times are said to a person: 22:10 or 10:10 PM.
    public let format: ClockFormat
    /// Its weekdays' names, Sunday first (the person's locale's, else English).
    public let weekdayNames: [String]
    /// Its months' short names, January first (`Jan`, or `Mär` in German).
    public let monthAbbreviations: [String]
    /// Its weekdays' short names, Sunday first (`Sun`, `So`, or `日` in Chinese).
    public let weekdayAbbreviations: [String]
    /// Its months' short names as a label says a month alone, January first (`juin` and `juil.`
    /// in French, `1月` in Chinese, the nominative where a language declines a month after its day).
    public let monthLabels: [String]

    public init(
        zone: ZoneRules, format: ClockFormat = .twentyFourHour, weekdayNames: [String] = CivilDate.weekdayNames,
        monthAbbreviations: [String] = CivilDate.monthAbbreviations,
        weekdayAbbreviations: [String] = CivilDate.weekdayNames.map { String($0.prefix(3)) },
        monthLabels: [String]? = nil
    ) {
        self.zone = zone
        self.format = format
        self.weekdayNames = weekdayNames.count == 7 ? weekdayNames : CivilDate.weekdayNames
        self.monthAbbreviations =
            monthAbbreviations.count == 12 ? monthAbbreviations : CivilDate.monthAbbreviations
        self.weekdayAbbreviations =
            weekdayAbbreviations.count == 7 ? weekdayAbbreviations : CivilDate.weekdayNames.map { String($0.prefix(3)) }
        self.monthLabels = monthLabels?.count == 12 ? monthLabels! : self.monthAbbreviations
    }

    /// `Sunday`, or `Sonntag` where the person's locale says so.
    public func weekdayName(_ date: CivilDate) -> String { weekdayNames[date.weekday] }

    /// `22:10`, or `10:10 PM` on a 12-hour clock.
    public func text(_ time: LocalTime) -> String { format.text(time) }

    /// The local time of day of an instant, as `text(_:)` says it; with its second where that
    /// decides (`toTheSecond`).
    public func timeOfDay(_ instant: Date, toTheSecond: Bool = false) -> String {
        let seconds = local(instant).secondsOfDay
        let time = LocalTime(hour: seconds / 3600, minute: seconds / 60 % 60)!
        return toTheSecond ? format.text(time, second: seconds % 60) : text(time)
    }

    /// `timeOfDay`, with the zone's abbreviation where the clock read that minute twice (a
    /// fall-back night: `01:35 EDT`), so the two can be told apart.
    public func toldTimeOfDay(_ instant: Date) -> String {
        isRepeated(instant) ? "\(timeOfDay(instant)) \(abbreviation(at: instant))" : timeOfDay(instant)
    }

    public func offset(at instant: Int) -> Int {
        zone.offset(at: instant)
    }

    /// What a clock in this zone calls its time at an instant: CET, EDT, +0545.
    public func abbreviation(at instant: Date) -> String {
        zone.abbreviation(at: Int(instant.timeIntervalSince1970.rounded(.down)))
    }

    /// The local calendar date of an instant.
    public func date(of instant: Date) -> CivilDate {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        return CivilDate(daysSinceEpoch: (seconds + offset(at: seconds)).floorDiv(86400))
    }

    /// Local date and wall-clock seconds of the day of an instant.
    public func local(_ instant: Date) -> (date: CivilDate, secondsOfDay: Int) {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        let local = seconds + offset(at: seconds)
        return (CivilDate(daysSinceEpoch: local.floorDiv(86400)), local.floorMod(86400))
    }

    /// The instant at which `time` on `date` is due, or nil when the zone skipped that date.
    public func instant(on date: CivilDate, at time: LocalTime) -> Date? {
        instant(on: date, secondsOfDay: time.secondsOfDay).map { Date(timeIntervalSince1970: Double($0)) }
    }

    /// The first instant of a local date: its midnight, or the end of a gap that swallowed it;
    /// for a date the zone skipped, the start of the day after (the skipped day holds nothing).
    public func startOfDay(_ date: CivilDate) -> Date {
        let seconds =
            instant(on: date, secondsOfDay: 0) ?? instant(on: date.adding(days: 1), secondsOfDay: 0) ?? date
            .daysSinceEpoch * 86400
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// Every instant at which `time` on `date` is read on this clock, earliest first: two on a
    /// fall-back night, one in a gap (its end), none on a date the zone skipped.
    public func instants(on date: CivilDate, at time: LocalTime) -> [Date] {
        let wall = date.daysSinceEpoch * 86400 + time.secondsOfDay
        let solutions = solutions(wall)
        guard solutions.isEmpty else { return solutions.map { Date(timeIntervalSince1970: Double($0)) } }
        return instant(on: date, secondsOfDay: time.secondsOfDay).map { [Date(timeIntervalSince1970: Double($0))] }
            ?? []
    }

    /// Whether the clock reads an instant's minute twice that night (fall-back): then a time
    /// alone does not say which it was.
    public func isRepeated(_ instant: Date) -> Bool {
        let (date, seconds) = local(instant)
        return solutions(date.daysSinceEpoch * 86400 + seconds / 60 * 60).count > 1
    }

    /// The instants whose wall-clock reading is `wall` (local seconds since the epoch).
    private func solutions(_ wall: Int) -> [Int] {
        // Every offset in force within two days either side is a candidate; an instant is a
        // solution when the offset in force at it is the one that produced it.
        var offsets: Set<Int> = [offset(at: wall - 172_800), offset(at: wall), offset(at: wall + 172_800)]
        offsets.formUnion(offsets.map { offset(at: wall - $0) })
        return Set(offsets.map { wall - $0 }.filter { $0 + offset(at: $0) == wall }).sorted()
    }

    func instant(on date: CivilDate, secondsOfDay: Int) -> Int? {
        let wall = date.daysSinceEpoch * 86400 + secondsOfDay
        if let first = solutions(wall).first { return first }

        // In a gap: the first instant whose wall-clock reading is past `wall` is the transition.
        var low = wall - 26 * 3600
        var high = wall + 26 * 3600
        while low < high {
            let middle = low + (high - low) / 2
            if middle + offset(at: middle) >= wall { high = middle } else { low = middle + 1 }
        }
        let transition = low
        let localDayAfter = (transition + offset(at: transition)).floorDiv(86400)
        if localDayAfter == date.daysSinceEpoch { return transition }
        // The gap crossed midnight: the date existed if its last second before the jump did.
        let before = transition - 1
        let localDayBefore = (before + offset(at: before)).floorDiv(86400)
        return localDayBefore == date.daysSinceEpoch ? transition : nil
    }
}
