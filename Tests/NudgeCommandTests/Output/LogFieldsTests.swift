import Logging
import NudgeCommands
import NudgeTestSupport
import Testing

@testable import nudge

/// The fields after a log line's message: what the handler writes, tests read back unchanged.
@Suite struct LogFieldsTests {
    @Test func fieldsAreSortedQuotedWhereNeededAndReadBackUnchanged() {
        let metadata: Logger.Metadata = [
            "reason": "store changed", "event": "rescheduled", "next_due": "2026-11-22T01:00:00Z",
            "odd": "say \"hi\" = a\\b", "empty": "",
        ]
        let text = StderrLogHandler.fields(metadata)
        #expect(
            text
                == #"empty="" event=rescheduled next_due=2026-11-22T01:00:00Z odd="say \"hi\" = a\\b" reason="store changed""#
        )
        let line = "nudge: debug: rescheduled (store changed): next due at … · \(text)"
        #expect(
            LogEvents.parse(line + "\nnudge: info: a line without fields\n") == [
                [
                    "reason": "store changed", "event": "rescheduled", "next_due": "2026-11-22T01:00:00Z",
                    "odd": "say \"hi\" = a\\b", "empty": "",
                ]
            ])
    }

    /// Above debug a person reads the log: the sentence once, not again as fields.
    @Test(arguments: [(Logger.Level.info, ""), (.debug, " · event=missed key=symptom:2026-11-21")])
    func fieldsFollowTheSentenceOnlyAtDebug(level: Logger.Level, fields: String) {
        let handler = StderrLogHandler(label: "nudge", level: level, environment: [:])
        let event = LogEvent(
            level: .notice, message: "missed symptom:2026-11-21, too late to show",
            metadata: ["event": "missed", "key": "symptom:2026-11-21"], source: nil, file: #file, function: #function,
            line: #line)
        #expect(handler.line(event) == "nudge: notice: missed symptom:2026-11-21, too late to show\(fields)\n")
    }
}
