/// `nudge ack done 1`, `nudge ack '#1' done`: the delivery's id comes first, as the number
/// `nudge history` lists. ArgumentParser alone says "The value 'done' is invalid for '<id>'".
enum AckOrder {
    static let order = "nudge ack takes a delivery id, then the answer: nudge ack ID ANSWER"

    /// The refusal of `arguments` (after the program name) whose first positional word (at
    /// `positional`) is no id, with the line meant where one is plain: the two words swapped,
    /// or the id without its `#`; nil when the id is a number.
    static func refusal(_ arguments: [String], positional: [Int]) -> String? {
        if let first = positional.first, let id = Int64(arguments[first]), id <= 0 {
            return
                "nudge ack takes a delivery id, a whole number from 1 as 'nudge history' lists them, and \(id) is none: nudge ack ID ANSWER"
        }
        guard let first = positional.first, Int64(arguments[first]) == nil else { return nil }
        let number = { (word: String) in Int64(word.hasPrefix("#") ? String(word.dropFirst()) : word) }
        var fixed = arguments
        if let id = number(arguments[first]) {
            fixed[first] = String(id)
        } else if positional.count == 2, let id = number(arguments[positional[1]]) {
            fixed[first] = String(id)
            fixed[positional[1]] = arguments[first]
        } else {
            return "\(order) ('nudge history' lists the ids)"
        }
        if SuggestedLine.parses(fixed) { return "\(order); did you mean: \(SuggestedLine.shown(fixed))" }
        // A line ack would refuse is not offered: why it would be.
        guard let refused = SuggestedLine.answerRefusal(fixed) else {
            return "\(order) ('nudge history' lists the ids)"
        }
        return "\(order); \(SuggestedLine.shown(fixed)) would be refused: \(refused)"
    }

    /// `nudge ack 5`: the answers delivery 5 takes now, as ack lists them for an answer it does
    /// not take; no line is offered (a copied answer would be recorded, maybe not the one meant).
    /// Where it takes none (done, answered, no such delivery), why, and no word of an answer.
    static func missingAnswer(_ arguments: [String], positional: [Int]) -> String? {
        guard positional.count == 1 else { return nil }
        var asked = arguments
        asked.insert("", at: positional[0] + 1)
        guard let refused = SuggestedLine.answerRefusal(asked) else { return nil }
        let needs = "nudge ack takes the answer after the id"
        if let listing = refused.range(of: "; give ") {
            return "\(needs); give the answer: \(refused[listing.upperBound...]) (nudge ack ID ANSWER)"
        }
        let notAnswer = "'' is not an answer to "
        return refused.hasPrefix(notAnswer) ? String(refused.dropFirst(notAnswer.count)) : refused
    }
}
