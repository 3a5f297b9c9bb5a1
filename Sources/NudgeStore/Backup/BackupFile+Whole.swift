import Foundation

extension BackupFile {
    /// Whether the file is whole as far as its first 100 bytes say, without opening it as a
    /// database (which the daemon at rest must not do: see `BackupCopy`): SQLite's header, and
    /// a size of exactly the pages the header counts. A backup is written in rollback mode, so
    /// its header's page count is current; junk, or a copy cut short, is not whole.
    public var looksWhole: Bool {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        var header = [UInt8](repeating: 0, count: 100)
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            read(descriptor, &header, 100) == 100,
            header.prefix(16).elementsEqual("SQLite format 3\0".utf8)
        else { return false }
        func number(at offset: Int, bytes: Int) -> Int {
            header[offset..<offset + bytes].reduce(0) { $0 << 8 | Int($1) }
        }
        let pageSize = number(at: 16, bytes: 2) == 1 ? 65536 : number(at: 16, bytes: 2)
        let pages = number(at: 28, bytes: 4)
        // The page count is valid only where the change counter and its "valid for" agree.
        guard pageSize >= 512, pages > 0, number(at: 24, bytes: 4) == number(at: 92, bytes: 4) else { return false }
        return Int(status.st_size) == pageSize * pages
    }
}
