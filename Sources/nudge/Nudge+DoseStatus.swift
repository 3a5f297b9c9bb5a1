import ArgumentParser
import Foundation
import NudgeCore

extension Nudge.Dose {
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the dose-2 window: phase, times, target, snoozes, time left.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON object.") var json = false

        func run() throws {
            let context = CommandContext(global)
            let store = try context.openStore()
            let settings = try store.run { try $0.settings() }
            guard let session = try store.run({ try $0.currentDoseSession() }) else {
                print(json ? try JSONText.render(["phase": DoseWindow.Phase.noDose1.rawValue]) : "No dose 1 recorded. Start with: nudge dose 1")
                return
            }
            let now = context.now
            let window = DoseWindow(session: session, settings: settings)
            let phase = window.phase(at: now)
            let remaining: Int? =
                switch phase {
                case .beforeWindow: Int((window.opensAt.timeIntervalSince(now) / 60).rounded(.up))
                case .active, .nearClose: Int((window.closesAt.timeIntervalSince(now) / 60).rounded(.up))
                case .closed: 0
                case .completed, .noDose1: nil
                }
            if json {
                let object: [String: Any] = [
                    "phase": phase.rawValue, "session_id": session.sessionID, "session_date": session.sessionDate,
                    "dose1_time": Timestamp.format(session.dose1), "window_opens_at": Timestamp.format(window.opensAt),
                    "window_closes_at": Timestamp.format(window.closesAt), "target_at": Timestamp.format(window.targetAt),
                    "snoozes_used": session.snoozeCount, "snoozes_left": window.snoozesLeft,
                    "minutes_remaining": remaining ?? NSNull(), "dose2_time": session.dose2.map(Timestamp.format) ?? NSNull(),
                    "skipped": session.skipped,
                ]
                print(try JSONText.render(object))
                return
            }
            let clock = context.wallClock
            let left: String =
                switch phase {
                case .beforeWindow: "\(remaining ?? 0) min until the window opens"
                case .active, .nearClose: "\(remaining ?? 0) min until the window closes"
                case .closed: "the window has closed"
                case .completed, .noDose1: "-"
                }
            let dose2 = session.dose2.map { LocalFormat.dateTime($0, clock: clock) } ?? (session.skipped ? "skipped" : "-")
            let rows = [
                ["phase", phase.rawValue],
                ["session", "\(session.sessionDate) (\(session.sessionID))"],
                ["dose 1", LocalFormat.dateTime(session.dose1, clock: clock)],
                ["window", "\(clock.timeOfDay(window.opensAt))-\(clock.timeOfDay(window.closesAt))"],
                ["alarm", clock.timeOfDay(window.targetAt)],
                ["snoozes", "\(session.snoozeCount) used, \(window.snoozesLeft) left"],
                ["time left", left],
                ["dose 2", dose2],
            ]
            print(rows.map { $0[0].padding(toLength: 10, withPad: " ", startingAt: 0) + $0[1] }.joined(separator: "\n"))
        }
    }
}
