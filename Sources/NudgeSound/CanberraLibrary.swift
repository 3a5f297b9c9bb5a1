import CCanberra
import CNudgeLinux
import Glibc

/// The libcanberra functions nudge's sounds use, loaded while a sound (or a check of one) needs
/// them. Linked at start, the library and the five it needs (libvorbisfile, libvorbis, libogg,
/// libtdb, libltdl) were 0.3 MB of every nudge process, a daemon at rest included; kept loaded
/// after a sound, with libasound, 1.1 MB of a daemon that had rung once. Where they cannot be
/// loaded, a sound cannot play, as where no sound device opens: the alarm is still shown,
/// critical, as it is then.
struct CanberraLibrary: @unchecked Sendable {
    typealias Finished = @convention(c) (OpaquePointer?, UInt32, Int32, UnsafeMutableRawPointer?) -> Void

    let contextCreate: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let contextSetDriver: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let contextChangeDevice: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let contextOpen: @convention(c) (OpaquePointer?) -> Int32
    let contextDestroy: @convention(c) (OpaquePointer?) -> Int32
    let contextPlayFull:
        @convention(c) (OpaquePointer?, UInt32, OpaquePointer?, Finished?, UnsafeMutableRawPointer?) -> Int32
    let contextCancel: @convention(c) (OpaquePointer?, UInt32) -> Int32
    let proplistCreate: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let proplistDestroy: @convention(c) (OpaquePointer?) -> Int32
    let proplistSets: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    private let library: LoadedLibrary
    /// libasound, loaded first with its error lines silenced; nil where it is not installed.
    private let alsa: UnsafeMutableRawPointer?

    /// libcanberra's words for `code`.
    func describe(_ code: Int32) -> String { strerror(code).map { String(cString: $0) } ?? "error \(code)" }

    /// Loaded by the first open context or sound check, unloaded by the last, with libasound;
    /// then the heap's free pages go back to the system (what the sound threads' malloc arenas
    /// held).
    static let shared = LoadedWhileUsed<CanberraLibrary>(
        load: load,
        unload: { library in
            library.library.close()
            if let alsa = library.alsa { dlclose(alsa) }
            nudge_release_free_heap()
        })

    private static func load() -> Result<CanberraLibrary, SoundOutputProblem> {
        let alsa = nudge_open_quiet_alsa()
        let library: LoadedLibrary
        switch LoadedLibrary.open(
            "libcanberra.so.0",
            names: [
                "ca_context_create", "ca_context_set_driver", "ca_context_change_device", "ca_context_open",
                "ca_context_destroy", "ca_context_play_full", "ca_context_cancel", "ca_proplist_create",
                "ca_proplist_destroy", "ca_proplist_sets", "ca_strerror",
            ])
        {
        case .success(let loaded): library = loaded
        case .failure(let failure):
            if let alsa { dlclose(alsa) }
            return .failure(SoundOutputProblem(description: "\(failure.reason); install libcanberra0"))
        }
        func find<Function>(_ name: String) -> Function { library.function(name) }
        return .success(
            CanberraLibrary(
                contextCreate: find("ca_context_create"), contextSetDriver: find("ca_context_set_driver"),
                contextChangeDevice: find("ca_context_change_device"), contextOpen: find("ca_context_open"),
                contextDestroy: find("ca_context_destroy"), contextPlayFull: find("ca_context_play_full"),
                contextCancel: find("ca_context_cancel"), proplistCreate: find("ca_proplist_create"),
                proplistDestroy: find("ca_proplist_destroy"), proplistSets: find("ca_proplist_sets"),
                strerror: find("ca_strerror"), library: library, alsa: alsa))
    }
}
