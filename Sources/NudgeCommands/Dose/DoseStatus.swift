import Foundation
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

/// `nudge dose status`: the dose-2 window's phase, times, alarm, snoozes and time left.
public enum DoseStatus {
    /// The status of tonight's window for a person, and every key for a program.
    public static func listing(_ context: CommandContext) throws -> Listing<Reading, StatusJSON> {
        let store = try context.openStoreForReading()
        let settings = try store.run { try $0.settings() }
        let session = try store.run { try $0.currentDoseSession() }
        let now = context.now
        let window = session.map { DoseWindow(session: $0, settings: settings) }
        let phase = window?.phase(at: now) ?? .noDose1
        // Why no snooze now; nil when one is possible. The button and `dose snooze` ask the same.
        let refusal = window.map { $0.snoozeRefusal(at: now) } ?? "no dose 1 is recorded"
        func minutes(until instant: Date?) -> Int? {
            instant.flatMap { $0 > now ? Int(($0.timeIntervalSince(now) / 60).rounded(.up)) : nil }
        }
        let open = phase == .beforeWindow ? minutes(until: window?.opensAt) : nil
        let close =
            phase == .beforeWindow || phase == .active || phase == .nearClose
            ? minutes(until: window?.closesAt) : nil
        let status = Reading(session, window, phase: phase, refusal: refusal, open: open, close: close)
        return Listing.one(
            status, row: { Self.json($0, context) },
            text: { status in
                status.session.flatMap { session in
                    status.window.map {
                        Self.report(
                            session, $0, status, now: now, clock: context.wallClock, width: context.environment.width)
                    }
                }
            }, whenEmpty: "No dose 1 recorded. Start with: nudge dose 1")
    }

    /// What both the person's and the program's status say.
    public struct Reading {
        var session: DoseSession?
        var window: DoseWindow?
        var phase: DoseWindow.Phase
        /// Why no snooze now; nil when one is possible.
        var refusal: String?
        /// Minutes until the window opens, and until it closes, where that is ahead.
        var open, close: Int?

        init(
            _ session: DoseSession?, _ window: DoseWindow?, phase: DoseWindow.Phase, refusal: String?, open: Int?,
            close: Int?
        ) {
            (self.session, self.window, self.phase, self.refusal) = (session, window, phase, refusal)
            (self.open, self.close) = (open, close)
        }
    }

    /// The status for a program: every key in every phase.
    private static func json(_ status: Reading, _ context: CommandContext) -> StatusJSON {
        let (session, window, phase, refusal) = (status.session, status.window, status.phase, status.refusal)
        let (open, close) = (status.open, status.close)
        let daemon = DaemonLock.running(storePath: context.storePath)
        return StatusJSON(
            phase: phase.rawValue, sessionID: session?.sessionID, sessionDate: session?.sessionDate,
            dose1At: session?.dose1,
            windowOpensAt: window?.opensAt, windowClosesAt: window?.closesAt,
            alarmAt: session?.isCompleted == false ? window?.targetAt : nil,
            snoozesUsed: session?.snoozeCount,
            snoozesLeft: window?.snoozesLeft, snoozeAllowed: refusal == nil, snoozeRefusal: refusal,
            minutesUntilOpen: open,
            minutesUntilClose: close, dose2At: session?.dose2, skipped: session?.skipped,
            alarmCanWakeComputer: daemon.map { AlarmWaking(status: $0.status)?.canWake ?? false },
            keepingAwake: daemon.map { !($0.status["keeping_awake"] ?? "").isEmpty } ?? false)
    }

    /// The status for a person: one fact a row, labels aligned, each value wrapped to the
    /// width under its first line; the phase in words (its key is for --json).
    private static func report(
        _ session: DoseSession, _ window: DoseWindow, _ status: Reading, now: Date, clock: WallClock, width: Int
    ) -> String {
        let (phase, refusal, open, close) = (status.phase, status.refusal, status.open, status.close)
        // With its zone where the clock reads it twice (a fall-back night: which 01:30).
        let time = { LocalFormat.time($0, clock: clock) }
        let left: String =
            switch phase {
            case .beforeWindow: "\(open ?? 0) min until the window opens"
            case .active, .nearClose: "\(close ?? 0) min until the window closes"
            case .closed: "the window has closed"
            case .unresolved: "the window has closed; nothing is recorded for this night"
            case .completed, .noDose1: "-"
            }
        let snooze =
            refusal.map { "not now: \($0)" }
            ?? "possible: the alarm would move to \(time(window.alarmAfterSnooze(at: now)))"
        let dose2 =
            session.dose2.map { LocalFormat.dateTime($0, clock: clock) } ?? (session.skipped ? "skipped" : "-")
        let rows = [
            ["phase", phase.inWords],
            ["session", session.sessionDate],
            ["dose 1", LocalFormat.dateTime(session.dose1, clock: clock)],
            ["window", "\(time(window.opensAt))-\(time(window.closesAt))"],
            ["alarm", session.isCompleted ? "-" : time(window.targetAt)],
            ["snoozes", "\(session.snoozeCount) used, \(window.snoozesLeft) left"],
            ["snooze", session.isCompleted ? "-" : snooze],
            ["time left", left],
            ["dose 2", dose2],
        ]
        return laidOut(rows, width: width).joined(separator: "\n")
    }

    /// Each label beside its value, the values aligned; where a line of that is wider than
    /// `width` (a narrow terminal), each label over its value, indented, every line within it.
    private static func laidOut(_ rows: [[String]], width: Int) -> [String] {
        let indent = String(repeating: " ", count: 10)
        let aligned = rows.flatMap { row in
            TextWrap.lines(row[1], width: max(width - indent.count, 10)).enumerated().map { index, line in
                (index == 0 ? row[0].padding(toLength: indent.count, withPad: " ", startingAt: 0) : indent) + line
            }
        }
        guard aligned.contains(where: { DisplayWidth.of($0) > width }) else { return aligned }
        return rows.flatMap { row in
            TextWrap.pieces(of: row[0], width: width) + TextWrap.narrow(row[1], width: width - 2).map { "  " + $0 }
        }
    }

    /// Every key in every phase, null when it does not apply (nudge(5)); instants with
    /// milliseconds, as DoseTap stores them.
    public struct StatusJSON: Encodable {
        var phase: String
        @NullWhenAbsent var sessionID: String?
        @NullWhenAbsent var sessionDate: String?
        @TimestampText(fractionDigits: 3) var dose1At: Date? = nil
        @TimestampText(fractionDigits: 3) var windowOpensAt: Date? = nil
        @TimestampText(fractionDigits: 3) var windowClosesAt: Date? = nil
        @TimestampText(fractionDigits: 3) var alarmAt: Date? = nil
        @NullWhenAbsent var snoozesUsed: Int?
        @NullWhenAbsent var snoozesLeft: Int?
        var snoozeAllowed: Bool
        @NullWhenAbsent var snoozeRefusal: String?
        @NullWhenAbsent var minutesUntilOpen: Int?
        @NullWhenAbsent var minutesUntilClose: Int?
        @TimestampText(fractionDigits: 3) var dose2At: Date? = nil
        @NullWhenAbsent var skipped: Bool?
        /// Whether the running daemon can wake a suspended computer; null when none runs.
        @NullWhenAbsent var alarmCanWakeComputer: Bool?
        /// Whether the running daemon holds logind's sleep inhibitor now.
        var keepingAwake: Bool
    }
}
