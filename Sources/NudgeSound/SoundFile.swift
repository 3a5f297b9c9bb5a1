#if canImport(Glibc)
    import Glibc
#endif

/// A sound file a person names (an alarm, a bell, an ambient sound) must be a regular file:
/// opening a FIFO for reading waits for a writer, and a device or socket never ends, so whatever
/// opened it (GStreamer, libcanberra) would hang. Decided with stat, which never opens the file.
public enum SoundFile {
    /// Why `path` is not a regular file (following symlinks), or nil when it is one, or when it
    /// is missing (that is for the reader to say).
    public static func notRegular(_ path: String) -> String? {
        notRegularReason(path).map { "\(path) is \($0)" }
    }

    /// `not a regular file (it is a FIFO); give a sound file`, without the path: for a refusal
    /// that names the option and its value already (`--ambient '/tmp/fifo' is not …`).
    public static func notRegularReason(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let kind: String
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: kind = "a FIFO"
        case S_IFSOCK: kind = "a socket"
        case S_IFCHR, S_IFBLK: kind = "a device"
        case S_IFDIR: kind = "a directory"
        default: kind = "a special file"
        }
        return "not a regular file (it is \(kind)); give a sound file"
    }
}
