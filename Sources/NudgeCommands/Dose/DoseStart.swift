import Foundation
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

/// `nudge dose 1`: dose 1 recorded and a session started, with what tonight's alarm can count on.
public struct DoseStart {
    /// When dose 1 was taken; nil for now.
    public var at: GivenInstant?
    /// Start a new session even though one is open, or dose 2 was taken or skipped tonight.
    public var newSession: Bool

    public init(at: GivenInstant?, newSession: Bool) {
        (self.at, self.newSession) = (at, newSession)
    }

    public func run(_ context: CommandContext) throws {
        let when = try DoseTime.instant(at, context)
        let store = try context.openStore()
        let settings = try store.run { try $0.settings() }
        let result = try store.run {
            try $0.startDoseSession(at: when, newSession: newSession, settings: settings, clock: context.wallClock)
        }
        switch result {
        case .failure(let refusal):
            throw CommandFailure(refusal.description, exitCode: 64)
        case .success(let session):
            let window = DoseWindow(session: session, settings: settings)
            context.print(
                "dose 1 recorded \(context.when(session.dose1)) (session \(session.sessionDate)); \(Self.alarm(window, context))"
            )
            // An alarm whose time has passed is not warned of (hostile round of issue 40).
            guard window.targetAt > context.now else { return }
            context.print("the alarm: \(Self.howTheAlarmRings(settings: settings, context))")
        }
    }

    /// The window and the alarm's time; where `--at` put them in the past, that they have passed.
    private static func alarm(_ window: DoseWindow, _ context: CommandContext) -> String {
        // With its zone where the clock reads it twice (a fall-back night: which 01:30).
        let time = { LocalFormat.time($0, clock: context.wallClock) }
        let span = "window \(time(window.opensAt))-\(time(window.closesAt))"
        let target = time(window.targetAt)
        guard window.targetAt <= context.now else { return "\(span), alarm at \(target)" }
        guard window.closesAt <= context.now else { return "\(span), the alarm time \(target) has passed" }
        let ago = MedicationOutcomeText.late(Int(context.now.timeIntervalSince(window.closesAt) / 60))
        return "\(span): it closed at \(time(window.closesAt)), \(ago) ago; no alarm rings for it"
    }

    /// What tonight's alarm can count on, from what the running daemon published.
    static func howTheAlarmRings(settings: Settings, _ context: CommandContext) -> String {
        guard let daemon = DaemonLock.running(storePath: context.storePath) else {
            return
                "no nudge daemon runs on this store, so nothing would ring; start one with: systemctl --user start nudge (or nudge daemon)"
        }
        let waking = AlarmWaking(status: daemon.status)
        if waking?.canWake == true { return "this computer will wake itself for it if it is asleep" }
        // A daemon that published no facts (an older one) is taken at the setting's word.
        switch waking?.keepAwake ?? (settings.bool(.sleepKeepAwake) ? .held : .off) {
        case .off:
            return "sleep.keep_awake is off: if this computer sleeps, the alarm will not ring"
        case .unavailable:
            return
                "this computer can neither be kept from idle sleep nor woken (see nudge doctor); if it sleeps, the alarm will not ring"
        case .held:
            return
                "this computer will be kept from idle sleep until dose 2; if you suspend it, the alarm will not ring"
        }
    }
}
