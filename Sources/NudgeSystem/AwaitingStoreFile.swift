import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `STORE.awaiting`: a file of fixed size, reserved beside the store when the daemon starts,
/// holding what it showed and was answered while the store refused writes, until the store has
/// it.
///
/// On a full disk neither the store nor `STORE.answers` can grow, and a click held in memory
/// alone was lost by a restart: the dose-2 alarm rang again (hostile round 30 High 2). This file's
/// blocks exist from the start (written with zeros), and it is only ever overwritten in place,
/// which needs no new block. It has two slots, written in turn: a kill in the middle of one
/// leaves the other, and a torn slot fails its checksum and is not read.
public final class AwaitingStoreFile {
    public static let suffix = ".awaiting"
    /// Two slots of 32 KiB: a slot holds about 150 showings or 300 clicks.
    public static let size = 65_536
    static let slotSize = size / 2
    /// `nudgeaw1`, the sequence number (8 bytes), the payload's length (4), its checksum (8).
    static let headerSize = 28
    public static let capacity = slotSize - headerSize
    private static let magic = Array("nudgeaw1".utf8)

    public let path: String
    private let descriptor: Int32
    private var sequence: UInt64
    /// The newest whole payload a previous daemon left; nil when none (or empty).
    public let found: Data?

    /// Opens or makes the file, reads what it holds, and gives it all its blocks. Throws when
    /// it cannot be reserved (a full disk at the daemon's first start, something not a file in
    /// its place): the records then wait in memory only.
    public init(storePath: String) throws(AwaitingStoreFile.Failure) {
        path = storePath + Self.suffix
        let opened = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard opened >= 0 else { throw .cannotOpen(path, errno) }
        var status = stat()
        guard fstat(opened, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(opened)
            throw .notRegularFile(path)
        }
        let newest = Self.newestSlot(opened)
        found = newest.flatMap { $0.payload.isEmpty ? nil : $0.payload }
        sequence = newest?.sequence ?? 0
        descriptor = opened
        if Int(status.st_size) < Self.size {
            let zeros = [UInt8](repeating: 0, count: Self.size - Int(status.st_size))
            let written = zeros.withUnsafeBytes { pwrite(opened, $0.baseAddress, $0.count, off_t(status.st_size)) }
            guard written == zeros.count, fdatasync(opened) == 0 else {
                let error = errno
                // What was there stays for the next daemon; nothing is cut off.
                close(opened)
                throw .cannotOpen(path, written < 0 ? error : ENOSPC)
            }
        }
    }

    deinit { close(descriptor) }

    public enum Failure: Error, CustomStringConvertible {
        case cannotOpen(String, Int32)
        case notRegularFile(String)

        public var description: String {
            switch self {
            case .cannotOpen(let path, let code): "cannot reserve \(path): \(String(cString: strerror(code)))"
            case .notRegularFile(let path): "\(path) is not a regular file"
            }
        }
    }

    /// Overwrites the older slot with `payload` and syncs it; false when it does not fit or the
    /// write failed (the slot written before stands).
    public func save(_ payload: Data) -> Bool {
        guard payload.count <= Self.capacity else { return false }
        let next = sequence + 1
        let slot = Self.slot(sequence: next, payload: payload)
        let offset = off_t(Int(next % 2) * Self.slotSize)
        let written = slot.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, offset) }
        guard written == slot.count, fdatasync(descriptor) == 0 else { return false }
        sequence = next
        return true
    }

    /// What a file left beside `storePath` holds, read only (the doctor); nil when none.
    public static func held(storePath: String) -> Data? {
        let opened = open(storePath + suffix, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard opened >= 0 else { return nil }
        defer { close(opened) }
        return newestSlot(opened).flatMap { $0.payload.isEmpty ? nil : $0.payload }
    }

    private static func slot(sequence: UInt64, payload: Data) -> [UInt8] {
        var bytes = magic
        bytes += littleEndian(sequence, count: 8)
        bytes += littleEndian(UInt64(payload.count), count: 4)
        bytes += littleEndian(checksum(sequence: sequence, payload: payload), count: 8)
        return bytes + payload
    }

    private static func newestSlot(_ descriptor: Int32) -> (sequence: UInt64, payload: Data)? {
        [0, 1].compactMap { readSlot(descriptor, at: off_t($0 * slotSize)) }.max { $0.sequence < $1.sequence }
    }

    private static func readSlot(_ descriptor: Int32, at offset: off_t) -> (sequence: UInt64, payload: Data)? {
        var bytes = [UInt8](repeating: 0, count: slotSize)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
        guard count >= headerSize, Array(bytes[0..<8]) == magic else { return nil }
        let sequence = number(bytes[8..<16])
        let length = Int(number(bytes[16..<20]))
        guard length <= count - headerSize else { return nil }
        let payload = Data(bytes[headerSize..<(headerSize + length)])
        guard number(bytes[20..<28]) == checksum(sequence: sequence, payload: payload) else { return nil }
        return (sequence, payload)
    }

    /// FNV-1a over the sequence number and the payload: a torn or stale slot does not match.
    private static func checksum(sequence: UInt64, payload: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in littleEndian(sequence, count: 8) + Array(payload) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    private static func littleEndian(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reversed().reduce(0) { ($0 << 8) | UInt64($1) }
    }
}
