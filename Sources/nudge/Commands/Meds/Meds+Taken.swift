import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Meds {
    struct Taken: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "taken",
            abstract: "Record a medication taken, as DoseTap records it (its medication_events).",
            discussion: """
                NAME is one of DoseTap's medication ids (adderall_ir, adderall_xr, ritalin_ir, ritalin_la, concerta, vyvanse, dexedrine, modafinil, provigil, armodafinil, nuvigil, sunosi, wakix, xywav, xyrem, lumryz) or its name (Adderall XR), a medication taken by day (nudge meds add; also by the whole words its name begins with: Lithium for Lithium carbonate 300), or any name with --custom. The row carries DoseTap's session date (a day starts at session.rollover_hour) and the open dose session's id. A second entry of one medication within 5 minutes is refused, as DoseTap asks first (also when a changed session.rollover_hour puts the two in two sessions); --confirm-duplicate records it, marked so.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The medication: a DoseTap id or name, or any name with --custom.") var name: String
        @Option(
            help:
                "The dose with its unit: 100mg, 4.5g (default: the amount the dose it takes came due with, for a medication taken by day; else DoseTap's usual one)."
        )
        var dose: String?
        @Option(
            help:
                "When it was taken: 08:10 (the latest 08:10 that has passed), 2026-11-21T08:10 (local), or ISO 8601 with an offset; at most 7 days ago (default: now).",
            transform: TypedArguments.pastInstant(maximumAge: MedicationTaken.backdating))
        var at: GivenInstant?
        @Flag(help: "A medication DoseTap does not know, recorded under the name given.") var custom = false
        @Flag(help: "Record a second entry within DoseTap's 5 minutes, marked as confirmed.") var confirmDuplicate =
            false

        var entry: MedicationTaken {
            MedicationTaken(name: name, custom: custom, dose: dose, at: at, confirmDuplicate: confirmDuplicate)
        }

        func run(_ context: CommandContext) throws { try entry.run(context) }

        func refusal(_ context: CommandContext) -> String? { entry.refusal(context) }
    }
}
