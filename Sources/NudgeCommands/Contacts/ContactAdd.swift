import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge contacts add`: a contact, with a stay-in-touch cadence if given.
public struct ContactAdd {
    /// The name as typed.
    public var name: String
    /// Days between calls; nil for no cadence.
    public var every: Int?

    public init(name: String, every: Int?) {
        (self.name, self.every) = (TextInput.canonical(name), every)
    }

    public func run(_ context: CommandContext) throws {
        let name = TextInput.singleSpaced(name)
        switch try context.openStore().run({ try $0.addContact(name: name, everyDays: every, now: context.now) }) {
        case .failure(let refusal): throw CommandFailure(refusal.description, exitCode: 64)
        case .success(let id):
            context.print("added \(name) (id \(id))" + (every.map { ", " + DurationText.every(days: $0) } ?? ""))
        }
    }
}
