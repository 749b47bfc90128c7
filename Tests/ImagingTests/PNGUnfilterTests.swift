import Testing
@testable import Imaging

/// The fast Paeth unfilter on UI-like rows of 8- and 16-bit RGB and RGBA: flat runs (filtered
/// bytes 0 under a constant row above, which it copies 16 bytes of pixels at a time) broken by
/// noise at every offset, compared with the reference filter byte for byte. And the 16-to-8-bit
/// scaling the decoder uses, against the exact formula for every 16-bit value.
@Suite struct PNGUnfilterTests {
    @Test func sixteenBitScalingRoundsLikeTheFormula() {
        for value in 0...65535 {
            #expect(PNGRowConverter.scale16(value) == UInt8((value * 255 + 32767) / 65535), "\(value)")
        }
    }

    @Test func flatRunsEqualTheReference() {
        var random = SeededRandom(state: 22)
        for stride in [3, 4, 6, 8] {
            for trial in 0..<300 {
                let count = stride * Int.random(in: 1...90, using: &random)
                // The row above: constant stretches, with a step now and then.
                var previous = [UInt8](repeating: 0, count: count)
                var value = (0..<stride).map { _ in UInt8.random(in: 0...255, using: &random) }
                for i in 0..<count {
                    if i % stride == 0 && Int.random(in: 0..<(trial % 3 == 0 ? 4 : 40), using: &random) == 0 {
                        value = (0..<stride).map { _ in UInt8.random(in: 0...255, using: &random) }
                    }
                    previous[i] = value[i % stride]
                }
                // The filtered row: mostly zero bytes, some noise.
                let noise = [2, 10, 60][trial % 3]
                let row = (0..<count).map { _ in
                    Int.random(in: 0..<noise, using: &random) == 0 ? UInt8.random(in: 0...255, using: &random) : 0
                }
                var expected = row, actual = row
                previous.withUnsafeBufferPointer { above in
                    expected.withUnsafeMutableBufferPointer {
                        PNGFilter.paeth.unfilter(row: $0.baseAddress!, previous: above.baseAddress, count: count, stride: stride)
                    }
                    actual.withUnsafeMutableBufferPointer {
                        PNGUnfilter.unfilter(.paeth, row: $0.baseAddress!, previous: above.baseAddress, count: count, stride: stride)
                    }
                }
                #expect(actual == expected, "stride \(stride) trial \(trial)")
            }
        }
    }
}
