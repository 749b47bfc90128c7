@testable import Imaging
import Testing

/// SHA-256 against the FIPS 180-4 examples, and the path with the processor's SHA extensions
/// against the Swift loop on messages of every length around the block boundaries.
@Suite struct SHA256Tests {
    @Test func knownDigests() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func extensionsAndSwiftLoopAgree() {
        var random = SeededRandom(state: 7)
        let data = (0..<3000).map { _ in UInt8.random(in: 0...255, using: &random) }
        for length in Array(0...200) + [1000, 2999, 3000] {
            var fast = SHA256(), slow = SHA256()
            slow.usesExtensions = false
            // In two pieces, so blocks are compressed both from the pending buffer and in place.
            let cut = length / 3
            for h in [0, 1] {
                data.withUnsafeBytes { raw in
                    let a = UnsafeRawBufferPointer(rebasing: raw[0..<cut]), b = UnsafeRawBufferPointer(rebasing: raw[cut..<length])
                    if h == 0 { fast.update(a); fast.update(b) } else { slow.update(a); slow.update(b) }
                }
            }
            #expect(fast.hexDigest() == slow.hexDigest(), "length \(length)")
        }
    }
}
