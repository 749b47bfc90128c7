import CDeflate
#if canImport(Glibc)
import Glibc
#endif

/// SHA-256 (FIPS 180-4), streaming: `update` with any number of byte runs, then `hexDigest`.
/// Written here (no crypto package) for the font files' hashes in a run's rendering stack; in
/// Imaging because that module is optimised in debug builds too (hashing ~40 MB of fonts takes
/// ~0.2 s optimised, seconds without; with the processor's SHA extensions, `sha256_ni.h`, ~0.03 s).
public struct SHA256: Sendable {
    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
        0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    ]
    private var pending: [UInt8] = []
    private var length: UInt64 = 0
    /// Use the processor's SHA extensions where it has them (false: the Swift loop; for tests).
    var usesExtensions = true

    public init() { pending.reserveCapacity(64) }

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2
    ]

    /// Adds bytes to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        length &+= UInt64(bytes.count)
        var rest = bytes[...]
        if !pending.isEmpty {
            let take = min(64 - pending.count, rest.count)
            pending += rest.prefix(take)
            rest = rest.dropFirst(take)
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { compress(blocks: UnsafeRawBufferPointer($0)) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = rest.count / 64 * 64
        if whole > 0 {
            compress(blocks: UnsafeRawBufferPointer(rebasing: rest.prefix(whole)))
        }
        pending += rest.dropFirst(whole)
    }

    public mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

    /// The digest of everything added, as 64 lowercase hex digits (the state is consumed: add
    /// nothing after this).
    public mutating func hexDigest() -> String {
        let bits = length &* 8
        var tail = pending + [0x80]
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        tail.withUnsafeBytes { compress(blocks: $0) }
        pending = []
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for word in state {
            for shift in stride(from: 28, through: 0, by: -4) { out.append(digits[Int((word >> UInt32(shift)) & 0xF)]) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The digest of `bytes` at once.
    public static func hex(_ bytes: [UInt8]) -> String {
        var h = SHA256()
        h.update(bytes)
        return h.hexDigest()
    }

    /// The digest of the file at `path`, read in 1 MiB pieces (never the whole file at once);
    /// nil when it cannot be opened or read.
    public static func hex(fileAt path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var h = SHA256()
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let n = read(fd, chunk.baseAddress, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            h.update(UnsafeRawBufferPointer(rebasing: chunk[..<n]))
        }
        return h.hexDigest()
    }

    #if arch(x86_64)
    /// The processor has the SHA extensions (asked once).
    static let hasSHAExtensions = overscroll_has_sha_ni() != 0
    #endif

    /// Runs the compression function over `blocks` (a multiple of 64 bytes).
    private mutating func compress(blocks: UnsafeRawBufferPointer) {
        #if arch(x86_64)
        if usesExtensions, Self.hasSHAExtensions, let base = blocks.baseAddress {
            let count = blocks.count / 64
            Self.k.withUnsafeBufferPointer { k in
                state.withUnsafeMutableBufferPointer { s in
                    overscroll_sha256_ni(s.baseAddress!, base.assumingMemoryBound(to: UInt8.self), count, k.baseAddress!)
                }
            }
            return
        }
        #endif
        compressScalar(blocks: blocks)
    }

    /// The compression function in Swift (FIPS 180-4, as written there).
    mutating func compressScalar(blocks: UnsafeRawBufferPointer) {
        var h0 = state[0], h1 = state[1], h2 = state[2], h3 = state[3]
        var h4 = state[4], h5 = state[5], h6 = state[6], h7 = state[7]
        Self.k.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                var offset = 0
                while offset + 64 <= blocks.count {
                    for i in 0..<16 {
                        let p = offset + i * 4
                        w[i] = UInt32(blocks[p]) << 24 | UInt32(blocks[p + 1]) << 16 | UInt32(blocks[p + 2]) << 8 | UInt32(blocks[p + 3])
                    }
                    for i in 16..<64 {
                        let a = w[i - 15], b = w[i - 2]
                        let s0 = (a >> 7 | a << 25) ^ (a >> 18 | a << 14) ^ (a >> 3)
                        let s1 = (b >> 17 | b << 15) ^ (b >> 19 | b << 13) ^ (b >> 10)
                        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                    }
                    var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
                    for i in 0..<64 {
                        let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
                        let ch = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ ch &+ k[i] &+ w[i]
                        let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
                        let maj = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = s0 &+ maj
                        h = g; g = f; f = e; e = d &+ t1
                        d = c; c = b; b = a; a = t1 &+ t2
                    }
                    h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                    offset += 64
                }
            }
        }
        state = [h0, h1, h2, h3, h4, h5, h6, h7]
    }
}
