import Foundation
import NudgeCore
import NudgeNotifier
import NudgeReports
import NudgeStore
import NudgeSystem

/// The desktop's Do Not Disturb as nudge's meditation left it (`Store.QuietedDesktop`): a daemon
/// killed mid-session leaves the switch on until the next daemon puts it back (issue 41,
/// Medium 3: doctor said only "Do Not Disturb: on", and a person wondered why nothing showed).
extension DoctorReport {
    /// What a daemon turned on for a span and has not put back yet, as the store has it.
    struct QuietedByNudge {
        var source: DoNotDisturb.Source
        /// The meditation the span is, while the store still has it.
        var session: MeditationSession?
        /// Whether a daemon runs on the store now (it puts the switch back at the span's end).
        var daemonRuns: Bool

        /// Read from the store at `path`; nil when nothing is left on.
        static func read(storePath path: String) -> QuietedByNudge? {
            guard let store = try? Store(readingOnly: path), let record = (try? store.quietedDesktop()) ?? nil,
                let source = DoNotDisturb.Source(switchName: record.change)
            else { return nil }
            let session = record.span.hasPrefix("meditation:") ? record.span.dropFirst("meditation:".count) : nil
            return QuietedByNudge(
                source: source,
                session: session.flatMap { id in ((try? store.meditations()) ?? []).first { $0.id == id } },
                daemonRuns: DaemonLock.holder(storePath: path) != nil)
        }
    }

    /// Said where the switch nudge turned on is still on (`state`): since when, by what, and
    /// what puts it back. Nothing where the person turned it off meanwhile.
    static func quietedByNudgeFinding(
        _ quieted: QuietedByNudge?, state: DoNotDisturb, clock: WallClock?
    ) -> Finding? {
        guard let quieted, state.sources.contains(quieted.source) else { return nil }
        let said = { (instant: Date) in clock.map { LocalFormat.dayAndTime(instant, clock: $0) } }
        let since = quieted.session.flatMap { said($0.startedAt) }.map { " since \($0)" } ?? ""
        let end = quieted.session.flatMap { said($0.endsAt) }.map { " (\($0))" } ?? ""
        let what = "Do Not Disturb: on\(since) by nudge's meditation (\(quieted.source))"
        guard !quieted.daemonRuns else {
            return .fine("\(what): the daemon puts it back at the session's end bell\(end)")
        }
        return .problem(
            "\(what), turned on by a daemon that stopped before putting it back: notifications wait until it is off",
            fix:
                "start the daemon: it puts it back, at once when the session is over, else at its end bell\(end): systemctl --user start nudge (or nudge daemon); to end the session first: nudge meditate stop"
        )
    }
}
