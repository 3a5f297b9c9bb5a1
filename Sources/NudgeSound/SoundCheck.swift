import CCanberra
import Foundation

/// What `nudge doctor` learns by playing the short bell once, as nudge plays its sounds.
public enum SoundCheck {
    /// The backend that played it (`pulse`, `alsa`), or why none could.
    public static func playBell() -> Result<String, SoundCheckFailure> {
        CanberraPlayer.quietALSA
        var problems: [String] = []
        for driver in ["pulse", "alsa"] {
            guard let problem = play("bell", driver: driver) else { return .success(driver) }
            problems.append("\(driver): \(problem)")
        }
        return .failure(SoundCheckFailure(description: problems.joined(separator: "; ")))
    }

    /// Plays a theme sound through one driver and waits (at most 5 s) for its end; nil when it played.
    private static func play(_ name: String, driver: String) -> String? {
        var context: OpaquePointer?
        guard ca_context_create(&context) == Int32(CA_SUCCESS), let context else { return "cannot create a context" }
        defer {
            // Destroying unloads the backend: let its playback thread leave our callback first.
            Thread.sleep(forTimeInterval: 0.2)
            ca_context_destroy(context)
        }
        var code = ca_context_set_driver(context, driver)
        if code == Int32(CA_SUCCESS) { code = ca_context_open(context) }
        guard code == Int32(CA_SUCCESS) else { return String(cString: ca_strerror(code)) }
        let finished = Finished()
        code = CanberraPlayer.start(context, id: 1, .theme(name), role: .event) { code in
            finished.code = code
            finished.ended.signal()
        }
        guard code == Int32(CA_SUCCESS) else { return String(cString: ca_strerror(code)) }
        guard finished.ended.wait(timeout: .now() + 5) == .success else {
            ca_context_cancel(context, 1)
            return "the bell did not end within 5 s"
        }
        return finished.code == Int32(CA_SUCCESS) ? nil : String(cString: ca_strerror(finished.code))
    }

    /// Set once by libcanberra's thread, read after `ended` is signalled.
    private final class Finished: @unchecked Sendable {
        let ended = DispatchSemaphore(value: 0)
        var code: Int32 = 0
    }
}

public struct SoundCheckFailure: Error, CustomStringConvertible {
    public var description: String
}
