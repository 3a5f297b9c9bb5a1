import NudgeTestSupport

/// Every command that only reads the store, as the suites that check reading run them.
enum ReadingCommands {
    static let all: [[String]] = [
        ["dose", "status"], ["upcoming"], ["history"], ["symptoms"], ["symptoms", "--chart"],
        ["symptoms", "export"], ["symptoms", "export", "--format", "html"], ["contacts", "list"],
        ["call", "history"], ["call", "reminders"], ["meditations"], ["meditations", "--calendar"],
        ["meditate", "status"], ["journal", "list"], ["journal", "export"], ["meds", "history"], ["settings"],
        ["backups"],
        ["doctor"],
    ]

    /// `doctor` also checks the bus and the notification server, which an in-process suite has
    /// not: exit 1 there says what it found, and is no failure of reading.
    static func succeeded(_ arguments: [String], _ result: CommandResult) -> Bool {
        result.status == 0 || (arguments == ["doctor"] && result.status == 1)
    }
}
