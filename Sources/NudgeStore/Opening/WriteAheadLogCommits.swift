import Foundation

/// How many commits a write-ahead log holds, read from its frames as SQLite writes them
/// (https://www.sqlite.org/fileformat2.html#walformat): the frames that carry the log's salts
/// and whose running checksum holds, each one that ends a commit counted. A log set aside is
/// named with it, so that a person knows whether anything was in it.
public enum WriteAheadLogCommits {
    private static let headerSize = 32
    private static let frameHeaderSize = 24
    /// More than any log nudge sets aside: a bigger one is counted only so far.
    private static let readLimit = 64 << 20

    /// nil when the file is no write-ahead log (or cannot be read).
    public static func count(at path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: readLimit), data.count >= headerSize else { return nil }
        let bytes = [UInt8](data)
        let magic = word(bytes, 0)
        guard magic == 0x377f_0682 || magic == 0x377f_0683 else { return nil }
        let bigEndian = magic & 1 == 1
        let pageSize = Int(word(bytes, 8) == 1 ? 65_536 : word(bytes, 8))
        guard pageSize >= 512, pageSize.nonzeroBitCount == 1 else { return nil }
        var sum = checksum(bytes[0..<24], bigEndian: bigEndian, seed: (0, 0))
        guard sum == (word(bytes, 24), word(bytes, 28)) else { return nil }
        let salts = (word(bytes, 16), word(bytes, 20))
        var (offset, commits) = (headerSize, 0)
        while offset + frameHeaderSize + pageSize <= bytes.count {
            guard (word(bytes, offset + 8), word(bytes, offset + 12)) == salts else { break }
            sum = checksum(bytes[offset..<offset + 8], bigEndian: bigEndian, seed: sum)
            let page = offset + frameHeaderSize
            sum = checksum(bytes[page..<page + pageSize], bigEndian: bigEndian, seed: sum)
            guard sum == (word(bytes, offset + 16), word(bytes, offset + 20)) else { break }
            if word(bytes, offset + 4) != 0 { commits += 1 }
            offset = page + pageSize
        }
        return commits
    }

    /// ` bytes, 31 commits` after a size, or ` bytes` when they cannot be counted.
    public static func sizeAndCount(_ size: Int, at path: String) -> String {
        "\(size) bytes" + (count(at: path).map { ", \($0) commit\($0 == 1 ? "" : "s")" } ?? "")
    }

    /// A big-endian 32-bit word, as the log's headers keep them.
    private static func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// SQLite's running checksum over `bytes` (a multiple of 8), its words read in the order
    /// the log's magic number names.
    private static func checksum(_ bytes: ArraySlice<UInt8>, bigEndian: Bool, seed: (UInt32, UInt32)) -> (
        UInt32, UInt32
    ) {
        var (s0, s1) = seed
        var index = bytes.startIndex
        func next() -> UInt32 {
            let four = bytes[index..<index + 4]
            index += 4
            return bigEndian
                ? four.reduce(0) { $0 << 8 | UInt32($1) }
                : four.reversed().reduce(0) { $0 << 8 | UInt32($1) }
        }
        while index < bytes.endIndex {
            s0 = s0 &+ next() &+ s1
            s1 = s1 &+ next() &+ s0
        }
        return (s0, s1)
    }
}
