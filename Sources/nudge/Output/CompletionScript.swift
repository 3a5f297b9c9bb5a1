/// The completion scripts ArgumentParser writes (`--generate-completion-script`), as nudge's
/// candidates need them.
enum CompletionScript {
    /// Symptom names come most used first, and zsh (`_describe -V`) and fish (`complete -k`)
    /// keep that order; bash's readline would sort them alphabetically unless told not to.
    static func adjusted(_ text: String, arguments: [String]) -> String {
        guard arguments.contains(where: { $0.hasPrefix("--generate-completion-script") }) else { return text }
        return text.replacingOccurrences(
            of: "\ncomplete -o filenames -F _nudge nudge", with: "\ncomplete -o filenames -o nosort -F _nudge nudge")
    }
}
