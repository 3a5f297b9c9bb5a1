import NudgeCore
import NudgeSound

/// The sound under a session as given: a canonical name, or a file GStreamer can decode,
/// refused when given, not silent later.
public struct AmbientChoice: Sendable, Equatable {
    /// As meditation.ambient keeps it.
    public var setting: String

    public init(_ text: String) throws(InputError) {
        guard let canonical = AmbientSound.canonical(text) else {
            throw InputError("not an ambient sound; give \(AmbientSound.accepted)")
        }
        if case .file(let path) = AmbientSound(setting: canonical) {
            // Told apart before GStreamer opens it: a FIFO would hold the command for good.
            // The refusal follows the option and the path, which the command line names.
            if let problem = SoundFile.notRegularReason(path) { throw InputError(problem) }
            if GStreamerAmbient.decodeProblem(path) != nil {
                throw InputError("not a sound file GStreamer can decode; give an Ogg, FLAC, WAV or MP3 file's path")
            }
        }
        setting = canonical
    }
}
