import Foundation

extension DoctorFindings {
    /// Where the systemd user unit and the shell completions are installed, in the places
    /// systemd and the shells look: a home install (contrib/install.sh), /usr/local, or the
    /// Debian package under /usr.
    public static func installationFindings(environment: [String: String]) -> [Finding] {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.config"
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.local/share"
        return [unitFinding(config: config, data: data), completionFinding(data: data)]
    }

    /// systemd.unit(5)'s user search path, the directories nudge is installed into.
    private static func unitFinding(config: String, data: String) -> Finding {
        let directories = [
            "\(config)/systemd/user", "/etc/systemd/user", "\(data)/systemd/user", "/usr/local/lib/systemd/user",
            "/usr/lib/systemd/user",
        ]
        guard let unit = directories.map({ "\($0)/nudge.service" }).first(where: isFile) else {
            return .warning(
                "user unit: none installed (nudge.service); the daemon starts only if something else starts it",
                fix: "install the Debian package (contrib/package/build-deb.sh) or run contrib/install.sh")
        }
        let wants = "graphical-session.target.wants/nudge.service"
        let enabled =
            isLink("\(config)/systemd/user/\(wants)")
            ? "enabled for you" : isLink("/etc/systemd/user/\(wants)") ? "enabled for every user" : nil
        guard let enabled else {
            return .warning("user unit: \(unit), not enabled", fix: "systemctl --user enable --now nudge")
        }
        return .fine("user unit: \(unit), \(enabled)")
    }

    private static func completionFinding(data: String) -> Finding {
        let places = [
            (
                "bash",
                [
                    "\(data)/bash-completion/completions/nudge", "/usr/local/share/bash-completion/completions/nudge",
                    "/usr/share/bash-completion/completions/nudge",
                ]
            ),
            (
                "zsh",
                [
                    "\(data)/zsh/site-functions/_nudge", "/usr/local/share/zsh/site-functions/_nudge",
                    "/usr/share/zsh/vendor-completions/_nudge",
                ]
            ),
            (
                "fish",
                [
                    "\(data)/fish/vendor_completions.d/nudge.fish",
                    "/usr/local/share/fish/vendor_completions.d/nudge.fish",
                    "/usr/share/fish/vendor_completions.d/nudge.fish",
                ]
            ),
        ]
        let found = places.map { shell, paths in (shell, paths.first(where: isFile)) }
        let missing = found.filter { $0.1 == nil }.map(\.0)
        let listed = found.compactMap { shell, path in path.map { "\(shell) \($0)" } }.joined(separator: ", ")
        guard missing.isEmpty else {
            return .warning(
                "completions: none for \(missing.joined(separator: ", "))\(listed.isEmpty ? "" : "; \(listed)")",
                fix:
                    "install the Debian package or run contrib/install.sh; or: nudge --generate-completion-script SHELL"
            )
        }
        return .fine("completions: \(listed)")
    }

    private static func isFile(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && !directory.boolValue
    }

    private static func isLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }
}
