import ArgumentParser
import Foundation
import NudgeCore

extension Nudge.Dose {
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the dose-2 window: phase, times, alarm, snoozes, whether a snooze is possible, time left.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON object; every key in every phase, null when it does not apply (nudge(5)).") var json = false

        func run() throws {
            let context = CommandContext(global)
            let store = try context.openStore()
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
            let close = phase == .beforeWindow || phase == .active || phase == .nearClose ? minutes(until: window?.closesAt) : nil
            if json {
                let stamp: (Date?) -> Any = { $0.map(Timestamp.format) ?? NSNull() }
                let object: [String: Any] = [
                    "phase": phase.rawValue, "session_id": session?.sessionID ?? NSNull(), "session_date": session?.sessionDate ?? NSNull(),
                    "dose1_at": stamp(session?.dose1), "window_opens_at": stamp(window?.opensAt), "window_closes_at": stamp(window?.closesAt),
                    "alarm_at": stamp(session?.isCompleted == false ? window?.targetAt : nil),
                    "snoozes_used": session?.snoozeCount ?? NSNull(), "snoozes_left": window?.snoozesLeft ?? NSNull(),
                    "snooze_allowed": refusal == nil, "snooze_refusal": refusal ?? NSNull(),
                    "minutes_until_open": open ?? NSNull(), "minutes_until_close": close ?? NSNull(),
                    "dose2_at": stamp(session?.dose2), "skipped": session?.skipped ?? NSNull(),
                ]
                print(try JSONText.render(object))
                return
            }
            guard let session, let window else {
                print("No dose 1 recorded. Start with: nudge dose 1")
                return
            }
            let clock = context.wallClock
            let left: String =
                switch phase {
                case .beforeWindow: "\(open ?? 0) min until the window opens"
                case .active, .nearClose: "\(close ?? 0) min until the window closes"
                case .closed: "the window has closed"
                case .completed, .noDose1: "-"
                }
            let snooze = refusal.map { "not now: \($0)" }
                ?? "possible: the alarm would move to \(clock.timeOfDay(window.alarmAfterSnooze(at: now)))"
            let dose2 = session.dose2.map { LocalFormat.dateTime($0, clock: clock) } ?? (session.skipped ? "skipped" : "-")
            let rows = [
                ["phase", phase.rawValue],
                ["session", "\(session.sessionDate) (\(session.sessionID))"],
                ["dose 1", LocalFormat.dateTime(session.dose1, clock: clock)],
                ["window", "\(clock.timeOfDay(window.opensAt))-\(clock.timeOfDay(window.closesAt))"],
                ["alarm", session.isCompleted ? "-" : clock.timeOfDay(window.targetAt)],
                ["snoozes", "\(session.snoozeCount) used, \(window.snoozesLeft) left"],
                ["snooze", session.isCompleted ? "-" : snooze],
                ["time left", left],
                ["dose 2", dose2],
            ]
            print(rows.map { $0[0].padding(toLength: 10, withPad: " ", startingAt: 0) + $0[1] }.joined(separator: "\n"))
        }
    }
}
