import Foundation
import Glibc
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

/// `nudge remind --import FILE.ics`: a calendar's events with an alarm as the person's own
/// reminders. The file is read whole and judged before the store is opened: one that is not a
/// regular file, over 10 MB, not UTF-8, not iCalendar, with a line over 1 MB or more than
/// 1,000 events is refused and the store left as it was.
public struct OwnReminderImport {
    public static let byteLimit = 10 * 1024 * 1024
    public var path: String

    public init(path: String) { self.path = path }

    public func run(_ context: CommandContext) throws {
        let clock = context.wallClock
        let text = try Self.read(path)
        let calendars: [ICalendarComponent]
        do throws(ICalendarParser.Failure) { calendars = try ICalendarParser.calendars(text) } catch {
            throw CommandFailure("--import '\(path)' \(error)", exitCode: 64)
        }
        let count = CalendarImport.eventCount(calendars)
        guard count <= CalendarImport.eventLimit else {
            throw CommandFailure(
                "--import '\(path)' holds \(count) events, more than the \(CalendarImport.eventLimit) nudge takes at once; export only the events to be reminded of",
                exitCode: 64)
        }
        let zones = SystemTimeZone(environment: context.environment.variables)
        let read = CalendarImport(calendars, now: context.now, clock: clock) { Self.zone($0, in: zones) }
        let store = try context.openStore()
        let (added, alreadyThere) = try store.run { try $0.importOwnReminders(read.reminders, now: context.now) }
        var lines = added.map {
            "added reminder \(OwnReminderText.line($0, clock: clock)); \(OwnReminderText.next($0, now: context.now, clock: clock))"
        }
        if alreadyThere > 0 { lines.append("\(Self.count(alreadyThere, "reminder")) there already, not added again") }
        for (reason, count) in read.leftOut.sorted(by: { $0.key < $1.key }) {
            lines.append("left out: \(Self.count(count, "event")) \(reason.rawValue)")
        }
        for name in read.unknownZones {
            lines.append(
                "left out: an event in the zone '\(TextInput.oneLine(String(name.prefix(60))))', which nudge cannot resolve (a zone as timedatectl list-timezones names it)"
            )
        }
        if added.isEmpty { lines.insert("imported nothing from \(path)", at: 0) }
        context.print(lines.joined(separator: "\n"))
    }

    static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// The zone a TZID names in the system's time-zone database; nil for another name (a
    /// path, a POSIX rule, Outlook's "Eastern Standard Time").
    static func zone(_ name: String, in system: SystemTimeZone) -> ZoneRules? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/_+-")
        guard !name.isEmpty, name.count <= 60, name.allSatisfy(allowed.contains), !name.hasPrefix("/"),
            !name.split(separator: "/").contains("..")
        else { return nil }
        guard let bytes = FileManager.default.contents(atPath: "\(system.zoneInfoPath)/\(name)") else { return nil }
        return try? ZoneRules(identifier: name, tzif: Array(bytes))
    }

    /// The file's text: a regular file of at most 10 MB in UTF-8, read through one descriptor
    /// (never a FIFO that would block, or a device that never ends).
    static func read(_ path: String) throws -> String {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            throw CommandFailure(
                "--import '\(path)' cannot be read: \(String(cString: strerror(errno))); give an .ics file",
                exitCode: 64)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw CommandFailure(
                "--import '\(path)' is not a regular file (a directory, FIFO or device); give an .ics file",
                exitCode: 64)
        }
        guard status.st_size <= byteLimit else {
            throw CommandFailure(
                "--import '\(path)' is over 10 MB; export only the events to be reminded of", exitCode: 64)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while bytes.count <= byteLimit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw CommandFailure(
                    "--import '\(path)' cannot be read: \(String(cString: strerror(errno)))", exitCode: 74)
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        guard bytes.count <= byteLimit else {
            throw CommandFailure(
                "--import '\(path)' is over 10 MB; export only the events to be reminded of", exitCode: 64)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CommandFailure("--import '\(path)' is not UTF-8 text; give an iCalendar (.ics) file", exitCode: 64)
        }
        // A byte order mark, which some programs write first, is no part of the calendar.
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }
}
