import Foundation
import NudgeCore
import NudgeStore

/// The session fields `journal add` and `journal edit` take, as typed. Refusals name the
/// option, never the text.
public struct JournalFields {
    public var type: TherapySession.TreatmentType?
    public var at: GivenInstant?
    public var dose: String?
    public var intentions: String?
    public var environment: String?
    public var music: String?
    public var moodBefore: Int?
    public var moodAfter: Int?

    public init(
        type: TherapySession.TreatmentType?, at: GivenInstant?, dose: String?, intentions: String?,
        environment: String?, music: String?, moodBefore: Int?, moodAfter: Int?
    ) {
        (self.type, self.at, self.dose, self.intentions) = (type, at, dose, intentions)
        (self.environment, self.music, self.moodBefore, self.moodAfter) = (environment, music, moodBefore, moodAfter)
    }

    /// The fields as given, with `--at` read on the context's clock (a future one warned of,
    /// unless `warning` is false: the caller warns once it has decided to write).
    func fields(_ context: CommandContext, warning: Bool = true) throws -> Store.TherapyFields {
        var startedAt: Date?
        if let at {
            startedAt = try InstantInput.anyInstant(
                at, option: "--at", now: context.now, clock: context.wallClock, echo: false)
            if warning, let startedAt { Self.warnIfFuture(startedAt, context) }
        }
        return Store.TherapyFields(
            startedAt: startedAt, treatmentType: type, dose: dose, intentions: intentions, environment: environment,
            music: music, moodBefore: moodBefore, moodAfter: moodAfter)
    }

    /// A session dated ahead is recorded as given (entered before it happens), with a warning.
    static func warnIfFuture(_ startedAt: Date, _ context: CommandContext) {
        guard startedAt > context.now.addingTimeInterval(60) else { return }
        context.environment.errors(
            "nudge: warning: --at is in the future (\(context.understood(startedAt))); recorded as given\n")
    }
}
