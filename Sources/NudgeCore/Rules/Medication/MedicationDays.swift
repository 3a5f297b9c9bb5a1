/// The weekdays a medication is taken on, as `--days` gives them: `daily`, a list (`mon,wed,fri`),
/// a range (`mon-fri`, or round the weekend: `fri-mon`) or both (`mon-wed,sat`). Stored as the
/// list of three-letter names, Monday first (`mon,tue,wed,thu,fri`).
public struct MedicationDays: Sendable, Equatable, CustomStringConvertible {
    /// 0 for Sunday to 6 for Saturday, as `CivilDate.weekday`.
    public var weekdays: Set<Int>

    public static let everyDay = MedicationDays(weekdays: Set(0...6))

    public init(weekdays: Set<Int>) { self.weekdays = weekdays }

    static let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    /// Monday first, as a week is read.
    static let order = [1, 2, 3, 4, 5, 6, 0]

    public var description: String {
        weekdays == Self.everyDay.weekdays
            ? "daily" : Self.order.filter(weekdays.contains).map { Self.names[$0] }.joined(separator: ",")
    }

    public func includes(_ date: CivilDate) -> Bool { weekdays.contains(date.weekday) }

    public static func parse(_ text: String) throws(InputError) -> MedicationDays {
        try parse(text, option: "--days")
    }

    /// `option` names the option in a refusal: `--weekly` for a reminder's days.
    public static func parse(_ text: String, option: String) throws(InputError) -> MedicationDays {
        try read(text, option: option, twiceAllowed: false)
    }

    /// The days a row says, nil when it names something else: a day twice, refused as typed,
    /// is read as once in a row another program wrote, so that it is still reminded.
    public static func stored(_ text: String) -> MedicationDays? {
        try? read(text, option: "--days", twiceAllowed: true)
    }

    private static func read(_ text: String, option: String, twiceAllowed: Bool) throws(InputError) -> MedicationDays {
        if ["daily", "everyday"].contains(text.lowercased().filter { !$0.isWhitespace }) { return everyDay }
        let folded = listed(text.lowercased())
        var days = Set<Int>()
        for part in folded.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(ends.count) else { throw refusal(text, String(part), option) }
            var named: [Int] = []
            for end in ends {
                guard case .weekday(let day)? = SpokenDay(end) else { throw refusal(text, String(end), option) }
                named.append(day)
            }
            guard named.count == 2 else {
                guard days.insert(named[0]).inserted || twiceAllowed else { throw twice(text, named[0], option) }
                continue
            }
            guard named[0] != named[1] else {
                throw InputError(
                    "\(option) '\(text)': '\(part)' is a range from a day to itself; give the day alone, or a range such as mon-fri"
                )
            }
            var day = named[0]
            while true {
                guard days.insert(day).inserted || twiceAllowed else { throw twice(text, day, option) }
                if day == named[1] { break }
                day = (day + 1) % 7
            }
        }
        return MedicationDays(weekdays: days)
    }

    /// `mon thu` as `mon,thu`, as a person lists days (and as nudge's "in quotes" offers them
    /// when typed unquoted: hostile round of issue 40 after A14, Medium 2); a space beside a
    /// comma or a dash (`mon, thu`, `mon - fri`) is none.
    private static func listed(_ text: String) -> String {
        var listed = ""
        for word in text.split(whereSeparator: \.isWhitespace) {
            let joined =
                listed.isEmpty || listed.hasSuffix(",") || listed.hasSuffix("-") || word.hasPrefix(",")
                || word.hasPrefix("-")
            listed += (joined ? "" : ",") + word
        }
        return listed
    }

    /// A day given twice (`sat,sun,sat`, `mon-fri,wed`) is refused, as `--at` refuses a time
    /// given twice: the list may not be what was meant.
    private static func twice(_ text: String, _ day: Int, _ option: String) -> InputError {
        InputError("\(option) '\(TextInput.oneLine(text))' names \(names[day]) twice; give each day once")
    }

    private static func refusal(_ text: String, _ word: String, _ option: String) -> InputError {
        InputError(
            "\(option) '\(TextInput.oneLine(text))': '\(TextInput.oneLine(word))' is not a weekday; give daily, days (mon,wed,fri) or a range (mon-fri)"
        )
    }
}
