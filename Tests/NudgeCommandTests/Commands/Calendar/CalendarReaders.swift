import Foundation
import NudgeTestSupport
import Testing

/// The real iCalendar readers the feed is checked against: Python's icalendar (from PyPI, with
/// python-dateutil for RRULEs) and calcurse (Debian), each run headless on a file.
enum CalendarReaders {
    static let hasPythonICalendar =
        (try? Subprocess.run("/usr/bin/python3", ["-c", "import icalendar, dateutil"]).status) == 0
    static let pythonMissing: Comment = "needs Python's icalendar: /usr/bin/python3 -m pip install icalendar"
    static let hasCalcurse = FileManager.default.isExecutableFile(atPath: "/usr/bin/calcurse")
    static let calcurseMissing: Comment = "needs calcurse: apt-get install calcurse"

    /// Each VEVENT of a feed as icalendar reads it: its UID, SUMMARY, TZID, its alarms as
    /// [ACTION, TRIGGER seconds], and the instants (seconds since the epoch) it occurs at inside
    /// `start...end`, its RRULE (COUNT and UNTIL too) expanded by dateutil less its EXDATEs and with its RDATEs, each wall-clock time read
    /// in its TZID by zoneinfo; and every instant at which the feed's own VTIMEZONE gives
    /// another offset than zoneinfo's.
    struct Event: Decodable {
        var uid: String
        var summary: String
        var zone: String?
        var instants: [Int]
        var alarms: [[AlarmField]]
    }

    enum AlarmField: Decodable, Equatable {
        case action(String)
        case seconds(Double)

        init(from decoder: Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let text = try? value.decode(String.self) {
                self = .action(text)
            } else {
                self = .seconds(try value.decode(Double.self))
            }
        }
    }

    struct Reading: Decodable {
        var events: [Event]
        var disagreements: [String]
    }

    static func read(_ path: String, from start: Date, to end: Date) throws -> Reading {
        let result = try Subprocess.run(
            "/usr/bin/python3",
            ["-c", script, path, String(Int(start.timeIntervalSince1970)), String(Int(end.timeIntervalSince1970))])
        guard result.status == 0 else { throw ReadFailure(result: result) }
        return try JSONDecoder().decode(Reading.self, from: Data(result.stdout.utf8))
    }

    struct ReadFailure: Error, CustomStringConvertible {
        var result: CommandResult
        var description: String { "icalendar could not read the feed: \(result)" }
    }

    /// The appointments calcurse shows from `day` for `days` days after importing a feed into
    /// an empty data folder inside `directory`, in `zone`: `2027-02-28T10:00 Rent` each.
    static func calcurse(_ path: String, from day: String, days: Int, zone: String, in directory: String) throws
        -> [String]
    {
        let data = directory + "/calcurse-data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let environment = ["TZ": zone, "HOME": directory]
        let imported = try Subprocess.run("/usr/bin/calcurse", ["-D", data, "-i", path], environment: environment)
        guard imported.status == 0 else { throw ReadFailure(result: imported) }
        let format = "%(start:%Y-%m-%dT%H:%M) %m\n"
        let listed = try Subprocess.run(
            "/usr/bin/calcurse",
            [
                "-D", data, "-Q", "--input-datefmt", "4", "--from", day, "--days", String(days), "--format-apt", format,
                "--format-recur-apt", format,
            ], environment: environment)
        guard listed.status == 0 else { throw ReadFailure(result: listed) }
        // Its day headings (`01/29/27:`) and blank lines apart.
        return listed.stdout.split(separator: "\n").map(String.init).filter {
            $0.first?.isNumber == true && !$0.hasSuffix(":")
        }
    }

    private static let script = """
        import datetime, json, sys
        from zoneinfo import ZoneInfo
        import icalendar
        from dateutil.rrule import rrulestr
        path, start, end = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
        calendar = icalendar.Calendar.from_ical(open(path, 'rb').read())
        own = {str(zone['TZID']): zone.to_tz(lookup_tzid=False) for zone in calendar.walk('VTIMEZONE')}
        events, disagreements = [], []
        bound = datetime.timedelta(days=2)
        low = datetime.datetime.fromtimestamp(start, datetime.timezone.utc).replace(tzinfo=None) - bound
        high = datetime.datetime.fromtimestamp(end, datetime.timezone.utc).replace(tzinfo=None) + bound
        for event in calendar.walk('VEVENT'):
            start_property = event['DTSTART']
            zone = start_property.params.get('TZID')
            first = start_property.dt.replace(tzinfo=None)
            local = [first]
            if 'RRULE' in event:
                rule = event['RRULE'].to_ical().decode()
                until = dict(part.split('=', 1) for part in rule.split(';')).get('UNTIL', '')
                if until.endswith('Z'):
                    # dateutil takes a UTC UNTIL only with a start in a zone; the rule ends, so whole.
                    aware = first.replace(tzinfo=ZoneInfo(zone) if zone else datetime.timezone.utc)
                    local = [d.replace(tzinfo=None) for d in rrulestr(rule, dtstart=aware)]
                    local = [d for d in local if low <= d <= high]
                else:
                    local = rrulestr(rule, dtstart=first).between(low, high, inc=True)
                exdates = event.get('EXDATE', [])
                exdates = exdates if isinstance(exdates, list) else [exdates]
                skipped = {d.dt.replace(tzinfo=None) for e in exdates for d in e.dts}
                local = [d for d in local if d not in skipped]
                rdates = event.get('RDATE', [])
                rdates = rdates if isinstance(rdates, list) else [rdates]
                local += [d.dt.replace(tzinfo=None) for r in rdates for d in r.dts]
            instants = []
            for wall in local:
                if zone:
                    aware = wall.replace(tzinfo=ZoneInfo(zone))
                    if zone in own and aware.utcoffset() != wall.replace(tzinfo=own[zone]).utcoffset():
                        disagreements.append(wall.isoformat())
                else:
                    aware = wall.replace(tzinfo=datetime.timezone.utc)
                instant = int(aware.timestamp())
                if start < instant < end:
                    instants.append(instant)
            alarms = [[str(a['ACTION']), a['TRIGGER'].dt.total_seconds()] for a in event.walk('VALARM')]
            events.append({'uid': str(event['UID']), 'summary': str(event['SUMMARY']), 'zone': zone,
                           'instants': instants, 'alarms': alarms})
        print(json.dumps({'events': events, 'disagreements': disagreements}))
        """
}
