import Foundation
import NudgeCore
import NudgeReports

/// A refusal of a `nudge journal` command never repeats what was typed: the journal's texts are
/// the most private in the store, and the words of a text given without quotes arrive as
/// unexpected arguments. Refusals quote what they repeat ('…', ArgumentParser's and nudge's
/// alike); a quoted typed word is named by its position on the command line instead.
enum JournalRefusal {
    /// `message` as it may be shown for `arguments` (those after the program name).
    static func shown(_ message: String, arguments: [String]) -> String {
        guard let command = commandIndex(arguments), arguments[command] == "journal" else { return message }
        let subcommand =
            arguments.indices.contains(command + 1)
            && Nudge.Journal.configuration.subcommands.contains {
                $0._commandName == arguments[command + 1]
            }
        var typed: [(position: Int, text: String)] = []
        for (index, word) in arguments.enumerated() where index != command && !(subcommand && index == command + 1) {
            if let option = optionName(word) {
                if option.count < word.count { typed.append((index + 1, String(word.dropFirst(option.count + 1)))) }
            } else if !word.isEmpty {
                typed.append((index + 1, word))
            }
        }
        typed.removeAll { keywords.contains($0.text.lowercased()) }
        var text = message
        for word in typed.sorted(by: { $0.text.count > $1.text.count }) {
            // As typed, and as a refusal shows a word with a newline or past 80 characters.
            for form in [word.text, CommandLineText.shortened(word.text)] {
                text = text.replacingOccurrences(of: "'\(form)'", with: "#\(word.position)")
            }
        }
        return text == message
            ? text : text + " (#N: the Nth word after nudge, not repeated here; a text with spaces goes in quotes)"
    }

    /// nudge's own words, which are no one's private text and are named as typed: the journal's
    /// commands, the verbs of other programs a refusal answers (`journal new`), and the values
    /// of its closed sets (`--type oral`, `--format json`).
    private static let keywords = Set(
        Nudge.Journal.configuration.subcommands.map { $0._commandName } + MeantCommand.verbs + ["help", "md"]
            + TherapySession.TreatmentType.allCases.map(\.rawValue) + JournalExport.Format.allCases.map(\.rawValue))

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

    /// `--intentions` of `--intentions` or `--intentions=text`; nil for a word that is not an
    /// option's name.
    private static func optionName(_ word: String) -> Substring? {
        let name = word.prefix { $0 != "=" }
        guard name.wholeMatch(of: /--?[a-z][a-z-]*/) != nil else { return nil }
        return name
    }
}
