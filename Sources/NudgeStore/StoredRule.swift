import Foundation
import GRDB
import NudgeCore

/// A rule's side in the store: how its facts are read from its app's tables. Each kind's store
/// file conforms its rule, and `StoredRules.all` lists them.
protocol StoredRule: ReminderRule {
    /// The facts a plan or an answer at `instant` on `clock` needs, and a listing of the
    /// `listing` soonest occurrences (0 for a plan). Read in the caller's transaction.
    func facts(_ db: Database, at instant: Date, clock: WallClock, listing: Int) throws -> Facts
    /// Whether its settled delivery rows of the last days are read into the plan's input
    /// (default: yes). A kind whose own rows say what was shown leaves them out.
    var plansFromSettledDeliveries: Bool { get }
}

extension StoredRule {
    var plansFromSettledDeliveries: Bool { true }
}

/// Every kind with its store side: the kinds of `ReminderRules.all`, where only a rule with a
/// store file (a `StoredRule`) compiles. A test holds the two lists to the same kinds, so a new
/// kind without a store file fails it instead of planning from empty facts.
enum StoredRules {
    static let all: [any StoredRule] = [
        SymptomReminder(), DoseReminder(), CallReminder(), MeditationTimer(), TherapyJournalReminder(), TestAlarm(),
    ]
}

/// How one `AppChange` is written, by its kind's store file.
protocol StoredChange: AppChange {
    /// Writes the rows; returns why nothing was written when the change no longer applies.
    func write(_ db: Database) throws -> InputError?
}

/// A change that no longer applies, to roll back the transaction it was written in.
struct ChangeRefused: Error {
    var refusal: InputError
}

extension Store {
    /// The rules' facts (every kind's, or these kinds'), read in one transaction.
    static func facts(
        _ db: Database, at instant: Date, clock: WallClock, listing: Int = 0, of kinds: Set<ReminderKind>? = nil
    ) throws -> [ReminderKind: any RuleFacts] {
        var facts: [ReminderKind: any RuleFacts] = [:]
        for rule in StoredRules.all where kinds?.contains(rule.kind) ?? true {
            facts[rule.kind] = try rule.facts(db, at: instant, clock: clock, listing: listing)
        }
        return facts
    }

    /// Writes changes a rule decided, in the caller's transaction, and returns the refusals of
    /// those that no longer apply; the caller decides (`writeAll` rolls back on the first). A
    /// change no store file writes throws, so the transaction rolls back and the daemon logs
    /// it: a kind added without its store file fails its first write, it does not crash.
    static func write(_ changes: [any AppChange], _ db: Database) throws -> [InputError] {
        try changes.compactMap { change in
            guard let stored = change as? any StoredChange else {
                let path = try String.fetchOne(db, sql: "SELECT file FROM pragma_database_list WHERE name = 'main'")
                throw StoreError.failed(
                    path: path ?? "", reason: "\(type(of: change)) has no store file that writes it")
            }
            return try stored.write(db)
        }
    }

    /// Writes changes all or none: the first that no longer applies rolls the transaction back
    /// with its reason (an answer).
    static func writeAll(_ changes: [any AppChange], _ db: Database) throws {
        if let refusal = try write(changes, db).first { throw ChangeRefused(refusal: refusal) }
    }

}
