import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeStore

extension Nudge.Call {
    struct Delete: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a call as the Monica client does: marked deleted and pending sync, never removed.",
            discussion:
                "The contact's cadence counts from its latest call not marked deleted at once. On a terminal it asks first; otherwise it needs --yes."
        )
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The call's id, or a unique prefix of at least 4 characters (nudge call history shows 8).",
            transform: Self.ids.argument)
        var id: String
        @Flag(help: "Delete without asking.") var yes = false

        static let ids = IDPrefix(what: "call", listedBy: "nudge call history")

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            let call = try Self.ids.resolve(try store.run { try $0.callLog(matching: id) }, prefix: id)
            let what = "the call with \(TextInput.oneLine(call.contactName)) \(context.when(call.calledAt))"
            try context.delete(
                what, cannotBeUndone: false, yes: yes, saying: "deleted \(what) (marked deleted, to sync)"
            ) {
                try store.run { try $0.markCallDeleted(id: call.id, now: context.now) }
            }
        }
    }
}
