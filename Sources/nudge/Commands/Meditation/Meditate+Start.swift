import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Meditate {
    struct Start: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "start",
            abstract: "Start a session (nudge meditate alone: meditation.default_minutes, 10 unless set).",
            discussion: """
                After the start delay (not counted) the start bell rings; interval bells ring every --interval minutes, none at or after the end; at the end, the end bell and a "Session complete" notification. In a terminal the command shows the time left until the session ends; Ctrl-C ends it early. Each bell is a setting (meditation.start_bell, meditation.interval_bell, meditation.end_bell); none silences it.

                --ambient (default: meditation.ambient) plays a sound under the session from the start bell to the end, at meditation.ambient_volume, fading out over the last 10 s so that the end bell stands clear: brown-noise, pink-noise, white-noise, or a sound file's absolute path, looped; none for silence. The daemon plays it, a detached session too.

                The desktop's Do Not Disturb is on from the start bell to the end bell (meditation.do_not_disturb, default true), and what was there is put back at the end, meditate stop, a sleep or the daemon's end; one already on is left as it is. The dose alarm still breaks through.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: ArgumentHelp(
                "How long, 30 s to 4 h: \(DurationText.accepted); two words too (10 minutes) (default: meditation.default_minutes).",
                valueName: "duration"))
        var words: [String] = []
        /// `meditate 10 minutes` is one length in two words.
        var duration: String? { words.isEmpty ? nil : words.joined(separator: " ") }
        @Option(
            help:
                "Seconds of settling before the start bell, not counted: 0 to 120 (default: meditation.start_delay_seconds).",
            transform: WholeNumber.parser(0...120))
        var delay: Int?
        @Option(
            help:
                "Minutes between interval bells, shorter than the session; 0 for none (default: meditation.interval_minutes).",
            transform: DurationMinutes.parser(0...120))
        var interval: Int?
        @Option(
            help:
                "A sound under the session: none, brown-noise, pink-noise, white-noise or a file's absolute path (default: meditation.ambient).",
            transform: TypedArguments.parsed(AmbientChoice.init))
        var ambient: AmbientChoice?
        @Flag(help: "Return at once; the daemon keeps the time.") var detach = false

        func validate() throws {
            if let delay, !(0...120).contains(delay) {
                throw ValidationError(
                    "--delay \(delay) is not from 0 to 120 seconds; give the settling time before the start bell")
            }
            if let interval, !(0...120).contains(interval) {
                throw ValidationError(
                    "--interval \(interval) is not from 0 to 120 minutes; give 0 for no interval bells")
            }
        }

        func run(_ context: CommandContext) throws {
            // The length's one or two words are read once, here, before the store is.
            let length = try duration.map(TypedArguments.parsed(MeditationLength.init))
            try MeditationStart(length: length, delay: delay, interval: interval, ambient: ambient, detach: detach)
                .run(context)
        }
    }
}
