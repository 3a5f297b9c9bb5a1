import Foundation
import Synchronization

/// Locales made with localedef for the whole test process, each once, in one folder that tests
/// name as LOCPATH. localedef takes 1 to 1.5 s of CPU a locale: suites and cases that made
/// their own spent 43 s of a whole run's 851. The folder is removed when the process exits.
public enum MadeLocales {
    /// Each locale tried, and what localedef refused of it (nil: made). A locale is tried once;
    /// each test asking for it hears its refusal.
    private static let tried = Mutex<[String: String?]>([:])

    /// A static is never deinitialized: the folder is removed at exit.
    private static let directory: TemporaryDirectory = {
        let directory = TemporaryDirectory("nudge-locales")
        atexit { try? FileManager.default.removeItem(atPath: MadeLocales.directory.path) }
        return directory
    }()

    /// The LOCPATH folder with each of `locales` (`de_DE.ISO-8859-1`: the locale's source, a dot,
    /// its character map) made, and what localedef refused of them (empty when all were made).
    public static func folder(with locales: [String]) -> (path: String, refusals: [String]) {
        let path = directory.path
        // One localedef at a time: two suites asking for the same locale wait for one build.
        let refusals = tried.withLock { tried in
            locales.compactMap { locale -> String? in
                if let refusal = tried[locale] { return refusal }
                let refusal = build(locale, in: path)
                tried[locale] = .some(refusal)
                return refusal
            }
        }
        return (path, refusals)
    }

    private static func build(_ locale: String, in path: String) -> String? {
        let parts = locale.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return "\(locale): name it as source.charmap (de_DE.ISO-8859-1)" }
        do {
            let run = try Subprocess.run("/usr/bin/localedef", ["-i", parts[0], "-f", parts[1], "\(path)/\(locale)"])
            return run.status == 0 ? nil : "localedef \(locale): \(run)"
        } catch {
            return "localedef \(locale): \(error)"
        }
    }
}
