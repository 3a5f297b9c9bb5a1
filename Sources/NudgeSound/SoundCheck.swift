import CCanberra
import Foundation

/// What `nudge doctor` learns by playing the short bell once, as nudge plays its sounds.
public enum SoundCheck {
    /// The backend that played it (`pulse`, `alsa`), or why none could.
    public static func playBell() -> Result<String, SoundCheckFailure> {
        var problems: [String] = []
        for driver in ["pulse", "alsa"] {
            guard let problem = play("bell", driver: driver) else { return .success(driver) }
            problems.append("\(driver): \(problem)")
        }
        return .failure(SoundCheckFailure(description: problems.joined(separator: "; ")))
    }

    /// Why libcanberra cannot decode the sound file at `path`, or nil when it can: the file is
    /// played whole to ALSA's null device, which takes it as fast as it is decoded and sounds
    /// nothing. Nil too where ALSA cannot be opened at all: nothing here can tell then.
    public static func decodeProblem(_ path: String) -> String? {
        switch play(.file(path), driver: "alsa", device: "null", timeout: 10) {
        case nil: return nil
        case .cannotOpen: return nil
        case .failed(let problem): return "libcanberra cannot play \(path) (\(problem)); give an Ogg Vorbis or WAV file"
        }
    }

    /// Plays a theme sound through one driver and waits (at most 5 s) for its end; nil when it played.
    private static func play(_ name: String, driver: String) -> String? {
        switch play(.theme(name), driver: driver, device: nil, timeout: 5) {
        case nil: nil
        case .cannotOpen(let problem), .failed(let problem): problem
        }
    }

    private enum PlayFailure {
        case cannotOpen(String)
        case failed(String)
    }

    /// Plays `sound` on a context of its own and waits for its end; nil when it played whole.
    private static func play(_ sound: SoundSource, driver: String, device: String?, timeout: TimeInterval)
        -> PlayFailure?
    {
        let library: CanberraLibrary
        switch CanberraLibrary.shared.acquire() {
        case .success(let loaded): library = loaded
        case .failure(let problem): return .cannotOpen(problem.description)
        }
        defer { CanberraLibrary.shared.release() }
        var context: OpaquePointer?
        guard library.contextCreate(&context) == Int32(CA_SUCCESS), let context else {
            return .cannotOpen("cannot create a context")
        }
        defer {
            // Destroying unloads the backend: let its playback thread leave our callback first.
            Thread.sleep(forTimeInterval: 0.2)
            _ = library.contextDestroy(context)
        }
        var code = library.contextSetDriver(context, driver)
        if code == Int32(CA_SUCCESS), let device { code = library.contextChangeDevice(context, device) }
        if code == Int32(CA_SUCCESS) { code = library.contextOpen(context) }
        guard code == Int32(CA_SUCCESS) else { return .cannotOpen(library.describe(code)) }
        let finished = Finished()
        code = CanberraOutput.start(library, context, id: 1, sound, role: .event) { code in
            finished.code = code
            finished.ended.signal()
        }
        guard code == Int32(CA_SUCCESS) else { return .failed(library.describe(code)) }
        guard finished.ended.wait(timeout: .now() + timeout) == .success else {
            _ = library.contextCancel(context, 1)
            return .failed("it did not end within \(Int(timeout)) s")
        }
        return finished.code == Int32(CA_SUCCESS) ? nil : .failed(library.describe(finished.code))
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
