import Testing
@testable import Imaging

/// The fast Paeth unfilter on UI-like rows: flat runs (filtered bytes 0 under a constant row
/// above, which it copies four pixels at a time) broken by noise at every offset, compared with
/// the reference filter byte for byte.
@Suite struct PNGUnfilterTests {
    @Test func flatRunsEqualTheReference() {
        var random = SeededRandom(state: 22)
        for stride in [3, 4] {
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
