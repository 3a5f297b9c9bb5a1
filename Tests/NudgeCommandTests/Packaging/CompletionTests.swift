import Foundation
import NudgeTestSupport
import Testing

/// The committed completion scripts (contrib/completions), sourced in bash, zsh and fish, asked
/// for candidates as TAB would ask, with the real `nudge` on PATH: the store's names come back.
/// Each shell's run is bounded (30 s); the suite's limit is for a hang.
@Suite(.ownThread)
struct CompletionTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("my store.sqlite") }
    static let scripts = Repository.path("contrib/completions")

    init() throws {
        let environment = ["NUDGE_STORE": store, "TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T20:00:00Z"]
        // Hives three times, Headache twice, Heartburn then Nausea once: most used first, then
        // the latest, which no alphabetical order gives.
        for (name, minute) in [
            ("Hives", 1), ("Headache", 2), ("Heartburn", 3), ("Hives", 4), ("Headache", 5), ("Nausea", 6), ("Hives", 7),
        ] {
            let logged = try NudgeBinary.run(
                ["log", "symptom", name, "--severity", "2", "--at", "1\(minute):00"], environment: environment)
            #expect(logged.status == 0, "\(logged)")
        }
        for name in ["Anna Maria", "Alex O'Neil", "Sam"] {
            #expect(try NudgeBinary.run(["contacts", "add", name], environment: environment).status == 0)
        }
    }

    /// What a shell runs in: nudge on PATH, nothing of the person's home or configuration.
    func environment(store: String?) -> [String: String] {
        var environment = NudgeBinary.environment([
            "PATH": (NudgeBinary.path as NSString).deletingLastPathComponent + ":/usr/bin:/bin", "HOME": directory.path,
            "XDG_CONFIG_HOME": directory.file("config"), "XDG_DATA_HOME": directory.file("data"), "TERM": "dumb",
        ])
        environment["NUDGE_STORE"] = store
        return environment
    }

    func bash(_ words: [String], store: String?) throws -> [String] {
        // COMP_WORDS as bash splits a line: the words as typed, quotes and all.
        let script = """
            source \(Self.scripts)/nudge.bash
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
            _nudge nudge "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        return try candidates(
            Subprocess.run(
                "/usr/bin/bash", ["-c", script, "bash"] + words, environment: environment(store: store), timeout: 30))
    }

    func zsh(_ line: String, store: String?) throws -> [String] {
        let harness = Repository.path("Tests/Harnesses/zsh_complete.zsh")
        return try candidates(
            Subprocess.run(
                "/usr/bin/zsh", ["-f", harness, Self.scripts, line], environment: environment(store: store), timeout: 30
            ))
    }

    func fish(_ line: String, store: String?) throws -> [String] {
        // Interactive (-i): fish 3 reads no command line otherwise. No configuration (-N).
        let script = "source \(Self.scripts)/nudge.fish; complete -C \(Self.fishQuoted(line))"
        return try candidates(
            Subprocess.run(
                "/usr/bin/fish", ["-i", "-N", "-c", script], environment: environment(store: store), timeout: 30))
    }

    private func candidates(_ result: CommandResult) throws -> [String] {
        #expect(result.status == 0 && !result.stderr.contains("nudge"), "\(result)")
        return result.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    @Test func symptomNamesMostUsedFirstMatchingThePrefix() throws {
        // Each shell keeps the order given: bash is told not to sort (zsh's _describe -V and
        // fish's complete -k keep it as generated).
        let bashScript = try String(contentsOfFile: Self.scripts + "/nudge.bash", encoding: .utf8)
        #expect(bashScript.hasSuffix("\ncomplete -o filenames -o nosort -F _nudge nudge\n"))
        #expect(try bash(["nudge", "log", "symptom", "H"], store: store) == ["Hives", "Headache", "Heartburn"])
        #expect(
            try bash(["nudge", "log", "symptom", ""], store: store) == ["Hives", "Headache", "Nausea", "Heartburn"])
        #expect(try zsh("nudge log symptom H", store: store) == ["Hives", "Headache", "Heartburn"])
        #expect(try fish("nudge log symptom H", store: store) == ["Hives", "Headache", "Heartburn"])
        #expect(try fish("nudge log symptom He", store: store) == ["Headache", "Heartburn"])
    }

    @Test func contactNamesForEveryCommandThatTakesAContact() throws {
        for command in [["call", "log"], ["call", "remind"], ["contacts", "edit"], ["contacts", "remove"]] {
            #expect(try bash(["nudge"] + command + ["A"], store: store) == ["Alex O'Neil", "Anna Maria"], "\(command)")
        }
        // zsh offers each name as it would insert it, escaped for the shell.
        #expect(try zsh("nudge call remind A", store: store) == ["Alex\\ O\\'Neil", "Anna\\ Maria"])
        #expect(try zsh("nudge contacts edit S", store: store) == ["Sam"])
        #expect(try fish("nudge call log A", store: store) == ["Alex O'Neil", "Anna Maria"])
        #expect(try fish("nudge contacts remove ", store: store) == ["Alex O'Neil", "Anna Maria", "Sam"])
    }

    @Test func theStoreNamedOnTheLineIsTheOneRead() throws {
        let quoted = "'\(store)'"
        #expect(try bash(["nudge", "call", "log", "--store", quoted, "S"], store: nil) == ["Sam"])
        #expect(try zsh("nudge log symptom --store \(quoted) Hi", store: nil) == ["Hives"])
        #expect(try fish("nudge contacts edit --store \(quoted) An", store: nil) == ["Anna Maria"])
    }

    @Test func aMissingStoreOffersNothingAndIsNotCreated() throws {
        let missing = directory.file("none/nudge.sqlite")
        #expect(try bash(["nudge", "log", "symptom", ""], store: missing).isEmpty)
        #expect(try zsh("nudge call log ", store: missing).isEmpty)
        #expect(try fish("nudge contacts edit ", store: missing).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.file("none")))
    }
}
