import CGio
import Foundation
import NudgeCore

/// The clock a person reads times on, as the rest of their desktop does (GNOME Clocks follows
/// the same setting), and the names of its weekdays and months.
///
/// The format: GNOME's `org.gnome.desktop.interface clock-format` where that schema is installed
/// and the person set the key; else their locale's LC_TIME (`t_fmt` with `%I`, `%l`, `%r` or
/// `%p` is a 12-hour clock, as en_US has and en_GB and de_DE have not); else 24 hours. The
/// names: LC_TIME's where that locale is installed, else English.
public struct PersonClock: Sendable, Equatable {
    public var format: ClockFormat
    public var weekdayNames: [String]
    public var monthAbbreviations: [String]
    public var weekdayAbbreviations: [String]
    /// The months' short names as said alone (glibc's ABALTMON; its ABMON where it has none).
    public var monthLabels: [String]?

    public static func current(environment: [String: String]) -> PersonClock {
        let locale = localeName(environment)
        return PersonClock(
            format: (dconfCanRun(environment) ? desktopSetting() : nil) ?? localeClock(locale) ?? .twentyFourHour,
            weekdayNames: localeWeekdays(locale) ?? CivilDate.weekdayNames,
            monthAbbreviations: localeText(locale, (0..<12).map { nl_item(ABMON_1) + nl_item($0) })
                ?? CivilDate.monthAbbreviations,
            weekdayAbbreviations: localeText(locale, (0..<7).map { nl_item(ABDAY_1) + nl_item($0) })
                ?? CivilDate.weekdayNames.map { String($0.prefix(3)) },
            monthLabels: localeText(locale, (0..<12).map { nl_item(_NL_ABALTMON_1) + nl_item($0) }))
    }

    /// A wall clock in `zone` that says times and weekdays this way.
    public func wallClock(zone: ZoneRules) -> WallClock {
        WallClock(
            zone: zone, format: format, weekdayNames: weekdayNames, monthAbbreviations: monthAbbreviations,
            weekdayAbbreviations: weekdayAbbreviations, monthLabels: monthLabels)
    }

    /// dconf, GSettings' backend on a desktop, writes a critical line on stderr when it cannot
    /// make its cache (a service user, a read-only home); nudge's errors are its own, one line
    /// each. Such a home has no desktop settings to read.
    public static func dconfCanRun(_ environment: [String: String]) -> Bool {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.cache"
        return access(cache, W_OK) == 0 || (access(cache, F_OK) != 0 && access(home, W_OK) == 0)
    }

    /// The key's value if the person set it; nil where the schema is not installed (GSettings
    /// aborts on a schema it cannot find, so it is looked up first) or the key has its default.
    static func desktopSetting() -> ClockFormat? {
        guard let source = g_settings_schema_source_get_default(),
            let schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.interface", 1)
        else { return nil }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, "clock-format") != 0,
            let settings = g_settings_new_full(schema, nil, nil)
        else { return nil }
        defer { g_object_unref(settings) }
        guard let value = g_settings_get_user_value(settings, "clock-format") else { return nil }
        defer { g_variant_unref(value) }
        guard let text = g_variant_get_string(value, nil).map({ String(cString: $0) }) else { return nil }
        switch text {
        case "12h": return .twelveHour
        case "24h": return .twentyFourHour
        default: return nil
        }
    }

    /// The locale LC_TIME comes from, as setlocale(3) finds it: LC_ALL, LC_TIME, LANG.
    static func localeName(_ environment: [String: String]) -> String {
        ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
    }

    /// LC_TIME's time format; nil where that locale is not installed.
    static func localeClock(_ name: String) -> ClockFormat? {
        guard let format = localeText(name, [nl_item(T_FMT)])?.first else { return nil }
        return ["%I", "%l", "%r", "%p"].contains(where: format.contains) ? .twelveHour : .twentyFourHour
    }

    /// LC_TIME's weekday names, Sunday first; nil where that locale is not installed.
    static func localeWeekdays(_ name: String) -> [String]? {
        localeText(name, (0..<7).map { nl_item(DAY_1) + nl_item($0) })
    }

    /// The texts in UTF-8: a locale in another encoding (de_DE.ISO-8859-1) gives its own bytes.
    private static func localeText(_ name: String, _ items: [nl_item]) -> [String]? {
        // LC_CTYPE too: its CODESET is the encoding LC_TIME's texts are in.
        guard let locale = newlocale(LC_TIME_MASK | LC_CTYPE_MASK, name, nil) else { return nil }
        defer { freelocale(locale) }
        let codeset = nl_langinfo_l(nl_item(CODESET), locale).map { String(cString: $0) } ?? "UTF-8"
        let texts = items.compactMap { nl_langinfo_l($0, locale).flatMap { LocaleText.utf8($0, from: codeset) } }
        return texts.count == items.count ? texts : nil
    }
}
