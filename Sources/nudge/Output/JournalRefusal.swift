import ArgumentParser
import Foundation
import NudgeCommandLine
import NudgeCore
import NudgeReports

/// A refusal of a `nudge journal` command never repeats the journal's text: its fields'
/// values (the treatment type too) are the most private in the store, and a text given without
/// quotes arrives as words the command does not take. What is no one's private text is said as
/// typed, so that the refusal says what is wrong: the command words, ids, moods, times, option
/// names. A word with a space or a control character in it is text wherever it was typed
/// (a text given to `--at` by mistake), except in a line offered: that line parses, so each
/// other option's value in it is one its option took (`--at 'today 9:00'`), kept as typed.
enum JournalRefusal {
    /// The options whose value is the journal's text.
    private static let textOptions = SuggestedLine.textOptions.union(["--type"])

    /// `message` as it may be shown for `arguments` (those after the program name).
    static func shown(_ message: String, arguments: [String]) -> String {
        guard let command = commandIndex(arguments), arguments[command] == "journal" else { return message }
        let leaf = Nudge.Journal.configuration.subcommands.first {
            arguments.indices.contains(command + 1) && $0._commandName == arguments[command + 1]
        }
        let words = privateWords(arguments, after: command, leaf: leaf)
        // ArgumentParser's "2 unexpected arguments: …", or nudge's own "'felt' is not taken here".
        let namesUnexpected = words.unexpected.contains { index in
            [arguments[index], CommandLineText.shortened(arguments[index])].contains { message.contains("'\($0)'") }
        }
        if !words.unexpected.isEmpty, namesUnexpected || unexpectedCount(message) != nil {
            let count = unexpectedCount(message) ?? words.unexpected.count
            return unexpected(count, arguments: arguments, at: words.unexpected, leaf: leaf)
        }
        let hidden = words.values + words.unexpected.map { arguments[$0] }
        let offered = message.range(of: "did you mean: nudge ")?.lowerBound ?? message.endIndex
        var text = without(hidden + words.spaced, in: String(message[..<offered]))
        text += without(hidden, in: String(message[offered...]))
        // After its option's name the option says which value: `--at is not a time`.
        text = text.replacing(/(--[a-z-]+) \x{1}/) { String($0.1) }
        text = text.replacing(/has no command \x{1}/) { _ in
            "has no such command (the words given are not repeated here)"
        }
        return text.replacingOccurrences(of: hiddenMark, with: "the text given")
    }

    /// `message` with each of `words`, quoted, as `hiddenMark`: as typed, and as a refusal shows
    /// a word with a newline or past 80 characters.
    private static func without(_ words: [String], in message: String) -> String {
        var text = message
        let forms = Set(words.flatMap { [$0, CommandLineText.shortened($0)] })
        for form in forms.sorted(by: { $0.count > $1.count }) {
            text = text.replacingOccurrences(of: "'\(form)'", with: hiddenMark)
        }
        return text
    }

    /// Where a private word was, until the sentence around it is settled.
    private static let hiddenMark = "\u{1}"

    /// "2 unexpected arguments: 'felt', 'lighter'" in the command's words, without them: how many
    /// words it does not take, and where a text goes (the line meant, where it would be taken).
    private static func unexpected(
        _ count: Int, arguments: [String], at indices: [Int], leaf: ParsableCommand.Type?
    ) -> String {
        let path = "nudge journal" + (leaf.map { " \($0._commandName)" } ?? "")
        let given = "\(path) takes no more words (\(count) given, not repeated here)"
        let options =
            leaf.map { leaf in
                CommandOptions(leaf).valued.filter { $0 != "--type" && textOptions.contains($0) }.sorted()
            } ?? []
        guard let last = options.last else { return given }
        let listed =
            options.count == 1
            ? "\(last) TEXT" : options.dropLast().map { "\($0) TEXT" }.joined(separator: ", ") + " or \(last) TEXT"
        // The words given as the option's value, where the first of them was.
        var line = arguments
        line[indices[0]] = indices.map { arguments[$0] }.joined(separator: " ")
        for index in indices.dropFirst().reversed() { line.remove(at: index) }
        line.insert(last, at: indices[0])
        guard options.count == 1, SuggestedLine.parses(line) else {
            // The line is not offered where the command would refuse it: why (no session has that id).
            let why = options.count == 1 ? SuggestedLine.refusalNow(line).map { "; \($0)" } ?? "" : ""
            return "\(given); a text goes in quotes after its option: \(listed)\(why)"
        }
        return "\(given); a text goes in quotes after \(last); did you mean: \(SuggestedLine.shown(line))"
    }

    /// How many words ArgumentParser's refusal says the command does not take, or nil.
    private static func unexpectedCount(_ message: String) -> Int? {
        if message.hasPrefix("Unexpected argument '") { return 1 }
        guard let match = message.prefixMatch(of: #/(\d+) unexpected arguments: /#) else { return nil }
        return Int(match.1)
    }

    /// The words after `journal` (at `command`) that are private: options' values that are
    /// text, other options' values with a space or a control character (`spaced`), and the
    /// indices of the words the command does not take (`journal reflect 410d felt
    /// lighter`). A command word that is no journal command is said as typed.
    private static func privateWords(_ arguments: [String], after command: Int, leaf: ParsableCommand.Type?)
        -> (values: [String], spaced: [String], unexpected: [Int])
    {
        let takes = leaf.map(CommandOptions.init)
        let isText = { (word: String) in
            word.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
        }
        var values: [String] = []
        var spaced: [String] = []
        var unexpected: [Int] = []
        var argumentsLeft = takes?.arguments.count ?? 0
        var index = command + 1
        if leaf == nil, index < arguments.count {
            if isText(arguments[index]) { values.append(arguments[index]) }
            index += 1
        } else {
            index += 1
        }
        var optionsEnded = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if !optionsEnded, word == "--" {
                optionsEnded = true
            } else if !optionsEnded, word.hasPrefix("-"), word.count > 1, Double(word) == nil {
                let name = String(word.prefix { $0 != "=" })
                var value: String?
                if word.contains("=") {
                    value = String(word.dropFirst(name.count + 1))
                } else if takes?.valued.contains(name) ?? textOptions.contains(name), index < arguments.count {
                    value = arguments[index]
                    index += 1
                }
                if let value, textOptions.contains(name) {
                    values.append(value)
                } else if let value, isText(value) {
                    spaced.append(value)
                }
            } else if argumentsLeft > 0 {
                argumentsLeft -= 1
                if isText(word) { values.append(word) }
            } else {
                unexpected.append(index - 1)
            }
        }
        return (values, spaced, unexpected)
    }

    /// Where the command's name is: the first word that is neither an option nor `--store`'s value.
    private static func commandIndex(_ arguments: [String]) -> Int? {
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--store" {
                index += 2
            } else if arguments[index].hasPrefix("-") {
                index += 1
            } else {
                return index
            }
        }
        return nil
    }
}
