import Foundation
import Glibc
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

/// `nudge ack`: a notification answered from the terminal, as its button would answer it.
public struct AnswerRequest {
    /// The delivery's id, as nudge history lists it.
    public var id: Int64
    /// The answer as typed: a button's label as shown, in any case, or its id.
    public var answer: String

    public init(id: Int64, answer: String) { (self.id, self.answer) = (id, answer) }

    /// Every kind's answers: `done or snooze (symptom), take, skip or snooze (dose 2), ...`.
    public static var answers: String {
        ReminderRules.all.map { rule in
            let listed =
                rule.answers.count > 1
                ? rule.answers.dropLast().joined(separator: ", ") + " or " + rule.answers.last!
                : rule.answers.joined()
            return "\(listed) (\(rule.name))"
        }.joined(separator: ", ")
    }

    /// - Parameter runCommand: runs the words of what the answer opens a terminal for (Write
    ///   now), `--store PATH` first, as nudge runs a command line, here in this terminal.
    public func run(_ context: CommandContext, runCommand: ([String]) throws -> Void) throws {
        if OfferedAnswers.isAwake(answer) { return try awake(context) }
        let store = try context.openStore()
        switch try store.run({
            try $0.answer(
                id, action: answer, at: context.now, clock: context.wallClock, sleep: context.clock.sleepReading())
        }) {
        case .recorded(let receipt):
            // In the notification's words: its title and the button's label.
            if let confirmation = receipt.confirmation { context.print(confirmation) }
            guard let command = receipt.openInTerminal else { return }
            guard context.environment.isTerminal, isatty(STDIN_FILENO) == 1 else {
                return context.print("to do it now: nudge \(command.joined(separator: " "))")
            }
            try runCommand(["--store", context.storePath] + command)
        case .duplicate:
            context.print("delivery \(id) was already answered; nothing changed")
        case .answeredOtherwise(let first, let instead):
            let recording = instead.map { "; \($0)" } ?? ""
            throw CommandFailure(
                "delivery \(id) was already answered '\(first)'; that first answer stands, and nothing changed\(recording)",
                exitCode: 64)
        case .refused(let refusal):
            throw CommandFailure(refusal.description, exitCode: 64)
        }
    }

    /// Why this answer would be refused now, or nil when it would be taken: decided as `run`
    /// decides, writing nothing, for a suggested line (`did you mean: nudge ack 3 'remind me
    /// tomorrow'`) that must be one ack takes.
    public func refusal(_ context: CommandContext) -> String? {
        do {
            if OfferedAnswers.isAwake(answer) {
                _ = try ringingDaemon(context)
                return nil
            }
            let store = try context.openStoreForReading()
            let refusal = try store.run {
                try $0.answerRefusal(id, action: answer, at: context.now, clock: context.wallClock)
            }
            return refusal?.description
        } catch {
            return (error as? CommandFailure)?.message ?? String(describing: error)
        }
    }

    /// The daemon ringing this delivery's alarm, which "I'm awake" stops, or why there is none.
    private func ringingDaemon(_ context: CommandContext) throws -> (pid: Int32, status: [String: String]) {
        guard let daemon = DaemonLock.running(storePath: context.storePath) else {
            throw try withoutADaemon(context)
        }
        guard daemon.status[DaemonLock.awakeStopsKey] == String(id) else {
            if daemon.status[DaemonLock.ringingKey] == String(id) { throw try ringsWithoutAwake(context) }
            if let over = ringTimeOver(context) {
                throw CommandFailure("delivery \(id) is not ringing: \(over)", exitCode: 64)
            }
            throw CommandFailure(
                "delivery \(id) is not an alarm ringing now; I'm awake stops only the one that rings (nudge history lists them)",
                exitCode: 64)
        }
        return daemon
    }

    /// "I'm awake" with no daemon: nothing of nudge's rings, so there is nothing to stop, and
    /// nothing is recorded (the next daemon rings an alarm still unanswered). Said as it is, with
    /// how to have the alarm ring; a delivery that does not exist is named as such.
    private func withoutADaemon(_ context: CommandContext) throws -> CommandFailure {
        guard try context.openStoreForReading().run({ try $0.delivery(id: id) }) != nil else {
            return CommandFailure(
                "there is no delivery \(id) on \(context.storePath) (nudge history lists them); nothing changed",
                exitCode: 64)
        }
        return CommandFailure(
            "no nudge daemon runs on \(context.storePath), so delivery \(id) is not ringing and I'm awake was not recorded; "
                + "only a running daemon rings an alarm: systemctl --user start nudge (or nudge daemon)",
            exitCode: 64)
    }

    /// "I'm awake" from the terminal: the daemon that rings the alarm stops it, as the button
    /// does; the notification stays for the answer, and nothing is recorded.
    private func awake(_ context: CommandContext) throws {
        let daemon = try ringingDaemon(context)
        guard DaemonLock.sendAwake(to: daemon.pid, deliveryID: id) else {
            throw CommandFailure(
                "cannot reach the nudge daemon (pid \(daemon.pid)): \(String(cString: strerror(errno)))")
        }
        // Its time to ring ran out as this was asked: the daemon stopped it already.
        if let over = ringTimeOver(context) { return context.print("nothing to stop: \(over)") }
        let title = (try? context.openStoreForReading().run { try $0.delivery(id: id) })??.title
        context.print(
            "\(TextInput.oneLine(title ?? "the alarm")) stops ringing; nothing is recorded, and the notification stays for your answer"
        )
    }

    /// An unanswered alarm whose time to ring (``RingTime``) is over, in words: it rang its
    /// minutes and waits for an answer; nil for one still in its time, answered, or no alarm.
    private func ringTimeOver(_ context: CommandContext) -> String? {
        guard
            let (record, settings) = try? context.openStoreForReading().run({
                (try $0.delivery(id: id), try $0.settings())
            }), let record, record.action == nil, let started = RingTime.startedAt(record),
            let rule = ReminderRules.all.first(where: { $0.kind == record.kind }),
            let alarm = rule as? any KeepingAwakeRule,
            alarm.wakesTheComputer(for: Occurrence(kind: record.kind, key: record.key, dueAt: record.dueAt, title: ""))
        else { return nil }
        let minutes = settings.int(.doseAlarmRingMinutes)
        let end = started.addingTimeInterval(TimeInterval(minutes * 60))
        guard end <= context.now else { return nil }
        let title = TextInput.oneLine(record.title ?? "the alarm")
        let answers = rule.answers.filter { $0 != DoseAnswer.missedAction }.joined(separator: ", ")
        return
            "\(title) rang its \(minutes) min (dose.alarm_ring_minutes) until \(context.wallClock.timeOfDay(end)); nothing is recorded, and it waits for your answer: nudge ack \(id) ANSWER (\(answers))"
    }

    /// An alarm that rings with no "I'm awake" (the test alarm: Stop only) is answered with
    /// its own answers; saying it does not ring would be false.
    private func ringsWithoutAwake(_ context: CommandContext) throws -> CommandFailure {
        let record = try context.openStoreForReading().run { try $0.delivery(id: id) }
        let rule = ReminderRules.all.first { $0.kind == record?.kind }
        let answers = rule?.answers ?? []
        let listed = answers.map { "nudge ack \(id) \($0)" }.joined(separator: " or ")
        return CommandFailure(
            "the \(rule?.name ?? "alarm") has no I'm awake; its answer is \(answers.joined(separator: " or ")): \(listed)",
            exitCode: 64)
    }
}
