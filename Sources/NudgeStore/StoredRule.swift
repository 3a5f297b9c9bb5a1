import Foundation
import GRDB
import NudgeCore

/// A rule's side in the store: how its facts are read from its app's tables. Each kind's store
/// file conforms its rule; the schedule query and the answer path iterate the registry.
protocol StoredRule: ReminderRule {
    /// The facts a plan or an answer at `instant` on `clock` needs, and a listing of the
    /// `listing` soonest occurrences (0 for a plan).
    func facts(_ db: Database, at instant: Date, clock: WallClock, listing: Int) throws -> Facts
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
    /// The rules' facts (every rule's by default), read in one transaction.
    static func facts(
        _ db: Database, at instant: Date, clock: WallClock, listing: Int = 0,
        of rules: [any ReminderRule] = ReminderRules.all
    ) throws -> [ReminderKind: any RuleFacts] {
        var facts: [ReminderKind: any RuleFacts] = [:]
        for rule in rules {
            guard let stored = rule as? any StoredRule else { continue }
            facts[rule.kind] = try stored.facts(db, at: instant, clock: clock, listing: listing)
        }
        return facts
    }

    /// Writes changes a rule decided, all or none: the first that no longer applies rolls the
    /// transaction back with its reason.
    static func write(_ changes: [any AppChange], _ db: Database) throws {
        for change in changes {
            guard let stored = change as? any StoredChange else {
                preconditionFailure("\(type(of: change)) has no store file that writes it")
            }
            if let refusal = try stored.write(db) { throw ChangeRefused(refusal: refusal) }
        }
    }

}
