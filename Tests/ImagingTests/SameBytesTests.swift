@testable import Imaging
import Testing

/// `CompareRunner.sameBytes(_:_:threads:)` (chunks shared out between threads) tells equal
/// buffers from buffers that differ in any one byte, wherever it is.
@Suite struct SameBytesTests {
    @Test func oneDifferingByteAnywhereIsFound() {
        let count = (5 << 20) + 3
        let a = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        for threads in [1, 2, 3] {
            #expect(CompareRunner.sameBytes(a, a.map { $0 }, threads: threads))
            for position in [0, 1, (1 << 20) - 1, 1 << 20, (3 << 20) + 5, count - 1] {
                var b = a.map { $0 }
                b[position] &+= 1
                #expect(!CompareRunner.sameBytes(a, b, threads: threads), "byte \(position), \(threads) threads")
            }
            #expect(!CompareRunner.sameBytes(a, Array(a.dropLast()), threads: threads))
            #expect(CompareRunner.sameBytes([1, 2], [1, 2], threads: threads))
            #expect(!CompareRunner.sameBytes([1, 2], [1, 3], threads: threads))
            #expect(CompareRunner.sameBytes([], [], threads: threads))
        }
    }
}
