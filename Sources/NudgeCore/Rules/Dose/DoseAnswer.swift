import Foundation

/// What a dose answer writes, exactly as DoseTap records it.
public struct DoseRecord: Sendable, Equatable {
    public enum EventType: String, Sendable {
        case dose1, dose2
        case extraDose = "extra_dose"
        case dose2Skipped = "dose2_skipped"
        case snooze
    }

    public var eventType: EventType
    public var timestamp: Date
    /// The `metadata` JSON text (`{"is_early":true}`), or nil.
    public var metadata: String?
    /// The answer's key (take, snooze, skip), written to the `action` column of the delivery it
    /// answers and named as that column.
    public var action: String

    public init(eventType: EventType, timestamp: Date, metadata: String?, action: String) {
        self.eventType = eventType
        self.timestamp = timestamp
        self.metadata = metadata
        self.action = action
    }
}

/// A person's dose-2 answer, from a button or the command line.
public enum DoseAnswer: Sendable, Equatable {
    case take(at: Date, early: Bool, extra: Bool)
    case snooze(at: Date)
    case skip(at: Date, reason: String?)
    /// The person says the night's dose 2 was missed (the "not recorded" prompt).
    case missed(at: Date)

    public static let takeAction = "take"
    public static let snoozeAction = "snooze"
    public static let skipAction = "skip"
    public static let missedAction = "missed"

    /// The answer a notification button means, at the instant it was clicked.
    public init?(action: String, at now: Date) {
        switch action {
        case Self.takeAction: self = .take(at: now, early: false, extra: false)
        case Self.snoozeAction: self = .snooze(at: now)
        case Self.skipAction: self = .skip(at: now, reason: nil)
        case Self.missedAction: self = .missed(at: now)
        default: return nil
        }
    }

    /// When the answer was given (or, with `--at`, says it happened).
    public var instant: Date {
        switch self {
        case .take(let at, _, _), .snooze(let at), .skip(let at, _), .missed(let at): at
        }
    }

    public var action: String {
        switch self {
        case .take: Self.takeAction
        case .snooze: Self.snoozeAction
        case .skip: Self.skipAction
        case .missed: Self.missedAction
        }
    }

    /// Decides what to record for this answer in this session, or why it is refused.
    public func record(in session: DoseSession?, settings: Settings) -> Result<DoseRecord, InputError> {
        guard let session else {
            // Dose 2 needs dose 1's night: say how to record a dose 1 taken earlier (hostile
            // round of issue 40: `dose 2 --at 1:30am` was told only to start a session).
            guard action == Self.takeAction else {
                return .failure(
                    InputError("no dose 1 is recorded; start a session with: \(SuggestedCommand.doseFirst)"))
            }
            return .failure(
                InputError(
                    "no dose 1 is recorded, so dose 2 has no night to go in; record dose 1 first, at the time it was taken, such as: nudge dose 1 --at 22:30; then dose 2 again"
                ))
        }
        let window = DoseWindow(session: session, settings: settings)
        // The night's 12 hours bound every answer but "missed", which the next dose 1 ends.
        guard window.isOpen(at: instant) || action == Self.missedAction else {
            let hours = Int((instant.timeIntervalSince(session.dose1) / 3600).rounded(.down))
            return .failure(
                InputError(
                    "no session is open: dose 1 was \(hours) hours before (\(Timestamp.format(session.dose1))), and a night lasts 12 hours; start one with: \(SuggestedCommand.doseFirst)"
                ))
        }
        switch self {
        case .take(let at, let early, let extra):
            guard at >= session.dose1 else {
                return .failure(InputError("dose 2 cannot be before dose 1 (\(Timestamp.format(session.dose1)))"))
            }
            if session.isCompleted {
                guard extra else {
                    let done = session.skipped ? "skipped" : "taken"
                    return .failure(
                        InputError(
                            "dose 2 is already \(done) in this session; record another dose with: \(SuggestedCommand.doseSecondExtra)"
                        ))
                }
                return .success(
                    DoseRecord(
                        eventType: .extraDose, timestamp: at, metadata: #"{"is_extra_dose":true}"#, action: action))
            }
            if at < window.opensAt {
                guard early else {
                    let minutes = Int((window.opensAt.timeIntervalSince(at) / 60).rounded(.up))
                    return .failure(
                        InputError("the dose-2 window opens in \(minutes) min; taking dose 2 early needs --early"))
                }
                return .success(
                    DoseRecord(eventType: .dose2, timestamp: at, metadata: #"{"is_early":true}"#, action: action))
            }
            let late = at >= window.closesAt ? #"{"is_late":true}"# : nil
            return .success(DoseRecord(eventType: .dose2, timestamp: at, metadata: late, action: action))
        case .snooze(let at):
            if let refusal = window.snoozeRefusal(at: at) { return .failure(InputError(refusal)) }
            return .success(
                DoseRecord(
                    eventType: .snooze, timestamp: at, metadata: #"{"count":\#(session.snoozeCount + 1)}"#,
                    action: action))
        case .skip(let at, let reason):
            guard !session.isCompleted else {
                return .failure(
                    InputError(
                        "dose 2 is already \(session.skipped ? "skipped" : "taken") in this session; nothing to skip"))
            }
            return .success(
                DoseRecord(
                    eventType: .dose2Skipped, timestamp: at, metadata: reason.map(Self.reasonJSON), action: action))
        case .missed(let at):
            return Self.missed(at: at, in: session, window: window)
        }
    }

    /// Missed is said after the window, and stays possible until the next dose 1.
    private static func missed(at: Date, in session: DoseSession, window: DoseWindow) -> Result<DoseRecord, InputError>
    {
        guard !session.isCompleted else {
            return .failure(
                InputError(
                    "dose 2 is already \(session.skipped ? "skipped" : "taken") in this session; nothing to record as missed"
                ))
        }
        guard at >= window.closesAt else {
            return .failure(InputError("the dose-2 window is still open; take or skip dose 2"))
        }
        return .success(
            DoseRecord(eventType: .dose2Skipped, timestamp: at, metadata: reasonJSON("missed"), action: missedAction))
    }

    /// `{"reason":"..."}` with the text escaped as JSON.
    public static func reasonJSON(_ reason: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = (try? encoder.encode([reason])) ?? Data("[\"\"]".utf8)
        let quoted = String(decoding: data, as: UTF8.self).dropFirst().dropLast()
        return #"{"reason":\#(quoted)}"#
    }
}

extension DoseReminder {
    /// What a dose answer writes, answering a shown delivery (nil from the command line, which
    /// answers the session's latest notification): the event, and when a notification is on
    /// screen after a snooze, an update shown at once.
    public static func decide(_ answer: DoseAnswer, answering delivery: DeliveryRecord?, in input: RuleInput<Facts>)
        -> AnswerDecision<DoseEvent>
    {
        let session = input.facts.session
        if let delivery {
            if delivery.action == answer.action { return .duplicate }
            if let session, alert(ofKey: delivery.key, in: session) == nil {
                return .refused(InputError("that notification belongs to an earlier session; nothing recorded"))
            }
        }
        let record: DoseRecord
        switch answer.record(in: session, settings: input.settings) {
        case .failure(let refusal): return .refused(refusal)
        case .success(let decided): record = decided
        }
        guard let session else { return .refused(InputError("no dose 1 is recorded")) }
        var effects = AnswerEffects(answeredAt: record.timestamp, changes: [DoseEvent(record, session: session)])
        // Updates the notification on screen at once, with the moved alarm; with none on
        // screen there is nothing to update, and no row is left waiting for one.
        if record.eventType == .snooze, input.facts.notificationOnScreen {
            effects.followUp = .init(
                kind: .dose2, keyPrefix: snoozedPrefix(session), dueAt: record.timestamp, title: title(.snoozed))
        }
        return .record(effects)
    }
}
