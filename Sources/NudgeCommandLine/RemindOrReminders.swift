/// `nudge remind` adds a reminder and `nudge reminders` lists them: the one typed for the other
/// (`remind list`, `reminders add Water`) is answered with it, as `nudge reminder` is, not with
/// "give --at" or "2 unexpected arguments" (issue 40).
enum RemindOrReminders {
    static let listingWords: Set<String> = ["list", "ls", "show"]
    static let addingWords: Set<String> = ["add", "new", "create"]

    /// `nudge remind list`, with no option of a reminder's: `nudge reminders`.
    static func listed(_ arguments: [String], positional: [Int], options: [String: Int], path: [String])
        -> String?
    {
        guard path == ["nudge", "remind"], positional.count == 1,
            listingWords.contains(arguments[positional[0]].lowercased()),
            options.keys.allSatisfy({ $0 == "--store" })
        else { return nil }
        var fixed = arguments
        fixed.remove(at: positional[0])
        guard let remind = fixed.firstIndex(of: "remind") else { return nil }
        fixed[remind] = "reminders"
        return "nudge remind adds a reminder; \(SuggestedLine.didYouMean(fixed, word: "nudge reminders"))"
    }

    /// `nudge reminders add Water --at 9 --daily`: `nudge remind Water --at 9 --daily`, offered
    /// where it would be taken; else why that line would be refused (`--at 9` alone: say when).
    static func added(_ word: String, at index: Int, of arguments: [String], after path: [String]) -> String? {
        guard path == ["nudge", "reminders"], addingWords.contains(word.lowercased()), index > 0,
            arguments[index - 1] == "reminders"
        else { return nil }
        var fixed = arguments
        fixed.replaceSubrange((index - 1)...index, with: ["remind"])
        let refused = "nudge reminders lists, edits and deletes reminders; one is added with nudge remind"
        // The line is offered only when it is taken; else why it would not be (`say when`).
        if let refusal = SuggestedLine.refusal(fixed) { return "\(refused); \(refusal)" }
        return "\(refused); did you mean: \(SuggestedLine.shown(fixed))"
    }
}
