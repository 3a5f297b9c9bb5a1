import Foundation

/// A sound as a setting names it: a freedesktop sound-theme name, or a file by absolute path.
public enum SoundSource: Sendable, Equatable, CustomStringConvertible {
    case theme(String)
    case file(String)

    public var description: String {
        switch self {
        case .theme(let name): name
        case .file(let path): path
        }
    }

    /// `alarm-clock-elapsed` or `/home/me/bell.oga`; nil for `none` (silenced) or empty.
    public init?(setting: String) {
        guard !setting.isEmpty, setting != "none" else { return nil }
        self = setting.hasPrefix("/") ? .file(setting) : .theme(setting)
    }

    /// Where the installed freedesktop theme keeps its sounds, as libcanberra looks them up.
    public static let themeDirectories = [
        "/usr/share/sounds/freedesktop/stereo", "/usr/local/share/sounds/freedesktop/stereo",
    ]

    /// Why this sound cannot play here, or nil when it can: a theme name the installed theme
    /// lacks, or a file that is not a regular readable file libcanberra decodes (/etc/passwd,
    /// /dev/zero: a silent alarm).
    public var problem: String? {
        switch self {
        case .theme(let name):
            let found = Self.themeDirectories.contains { directory in
                ["oga", "ogg", "wav"].contains {
                    FileManager.default.isReadableFile(atPath: "\(directory)/\(name).\($0)")
                }
            }
            return found
                ? nil
                : "the installed sound theme has no sound '\(name)' (in \(Self.themeDirectories[0]); install sound-theme-freedesktop, or give a file's absolute path)"
        case .file(let path):
            if let problem = SoundFile.notRegular(path) { return problem }
            guard FileManager.default.isReadableFile(atPath: path) else { return "\(path) cannot be read" }
            return SoundCheck.decodeProblem(path)
        }
    }
}

/// What a sound is for, as libcanberra's `media.role` tells the sound server.
public enum SoundRole: String, Sendable {
    case alarm
    case event
}
