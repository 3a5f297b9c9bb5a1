import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// What a desktop installs: man pages and completions generated from the command definitions
/// (and not drifted from them), the hand-written nudge(5), the systemd user unit, the autostart entry.
@Suite struct DesktopIntegrationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    static let regenerate = "run contrib/scripts/generate-docs.sh and commit the result"

    @Test func manPagesAreGeneratedFromTheCommandsAsTheyAreNow() throws {
        let dump = try NudgeBinary.run(["--experimental-dump-help"], environment: [:])
        #expect(dump.status == 0)
        let committed = try String(contentsOfFile: Self.path("man/dump-help.json"), encoding: .utf8)
        #expect(dump.stdout == committed, "the commands changed since man/ was generated: \(Self.regenerate)")
        // One page per command in the dump.
        let names = try #require(try JSONSerialization.jsonObject(with: Data(committed.utf8)) as? [String: Any])
        #expect(names["command"] != nil)
        for page in ["nudge.1", "nudge.daemon.1", "nudge.dose.2.1", "nudge.call.remind.1", "nudge.ack.1", "nudge.history.1"] {
            #expect(FileManager.default.fileExists(atPath: Self.path("man/\(page)")), "man/\(page): \(Self.regenerate)")
        }
    }

    @Test(arguments: [("bash", "nudge.bash"), ("zsh", "_nudge"), ("fish", "nudge.fish")])
    func completionsAreGeneratedFromTheCommandsAsTheyAreNow(shell: String, file: String) throws {
        let generated = try NudgeBinary.run(["--generate-completion-script", shell], environment: [:])
        #expect(generated.status == 0 && generated.stdout.contains("dose"))
        let committed = try String(contentsOfFile: Self.path("contrib/completions/\(file)"), encoding: .utf8)
        #expect(generated.stdout == committed, "contrib/completions/\(file) drifted: \(Self.regenerate)")
    }

    @Test func everyPageRendersWithoutAWarning() throws {
        let pages = try FileManager.default.contentsOfDirectory(atPath: Self.path("man")).filter { $0.hasSuffix(".1") || $0.hasSuffix(".5") }
        #expect(pages.count >= 25)
        for page in pages {
            let rendered = try Subprocess.run("/usr/bin/man", ["-l", Self.path("man/\(page)")], environment: ["MANWIDTH": "100", "PATH": "/usr/bin:/bin"])
            #expect(rendered.status == 0 && rendered.stderr.isEmpty, "\(page): \(rendered.stderr)")
            #expect(rendered.stdout.contains("NAME"))
        }
    }

    @Test func theStorePageNamesEverySettingsKey() throws {
        let page = try String(contentsOfFile: Self.path("man/nudge.5"), encoding: .utf8)
        for key in SettingKey.allCases {
            #expect(page.contains(".It Sy \(key.rawValue)\n"), "man/nudge.5 does not describe \(key.rawValue)")
            #expect(page.contains("Default \(key.defaultValue)"), "man/nudge.5: the default of \(key.rawValue)")
        }
    }

    @Test func theUserUnitVerifies() throws {
        // systemd-analyze runs the ExecStart binary's checks and `man` for Documentation=.
        let home = TemporaryDirectory("nudge-home")
        let files = FileManager.default
        try files.createDirectory(atPath: home.file(".local/bin"), withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: home.file(".local/bin/nudge"), withDestinationPath: NudgeBinary.path)
        for (page, section) in [("nudge.1", "man1"), ("nudge.5", "man5")] {
            try files.createDirectory(atPath: home.file("man/\(section)"), withIntermediateDirectories: true)
            try files.copyItem(atPath: Self.path("man/\(page)"), toPath: home.file("man/\(section)/\(page)"))
        }
        let verified = try Subprocess.run(
            "/usr/bin/systemd-analyze", ["--user", "verify", Self.path("contrib/systemd/nudge.service")],
            environment: ["HOME": home.path, "XDG_RUNTIME_DIR": home.path, "MANPATH": home.file("man"), "PATH": "/usr/bin:/bin"])
        #expect(verified.status == 0, "\(verified)")
        let unit = try String(contentsOfFile: Self.path("contrib/systemd/nudge.service"), encoding: .utf8)
        #expect(unit.contains("Type=notify") && unit.contains("Restart=on-failure"))
    }

    @Test func theAutostartEntryValidatesAndMatchesTheNotificationsHint() throws {
        let validated = try Subprocess.run("/usr/bin/desktop-file-validate", [Self.path("contrib/autostart/nudge.desktop")])
        #expect(validated.status == 0 && validated.stdout.isEmpty, "\(validated)")
        // The notifications say desktop-entry "nudge": the file installed is nudge.desktop.
        #expect(try String(contentsOfFile: Self.path("contrib/autostart/nudge.desktop"), encoding: .utf8).contains("Exec=nudge daemon"))
    }
}
