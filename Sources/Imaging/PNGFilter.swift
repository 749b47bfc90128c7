/// The five PNG row filters (filter method 0), applied per byte with a stride of whole pixels
/// (the filter stride in bytes).
public enum PNGFilter: UInt8, Sendable, CaseIterable {
    case none = 0, sub = 1, up = 2, average = 3, paeth = 4

    /// The Paeth predictor of the PNG specification.
    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Reverses this filter in place on `row` (`count` bytes, filter byte excluded), given the
    /// already reconstructed previous row (`nil` for the first row of a pass) and the filter
    /// stride in bytes.
    func unfilter(row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int, stride: Int) {
        switch self {
        case .none:
            return
        case .sub:
            var i = stride
            while i < count { row[i] &+= row[i - stride]; i += 1 }
        case .up:
            guard let previous else { return }
            for i in 0..<count { row[i] &+= previous[i] }
        case .average:
            if let previous {
                for i in 0..<min(stride, count) { row[i] &+= previous[i] >> 1 }
                var i = stride
                while i < count { row[i] &+= UInt8((Int(row[i - stride]) + Int(previous[i])) >> 1); i += 1 }
            } else {
                var i = stride
                while i < count { row[i] &+= row[i - stride] >> 1; i += 1 }
            }
        case .paeth:
            if let previous {
                for i in 0..<min(stride, count) { row[i] &+= previous[i] }
                var i = stride
                while i < count {
                    row[i] &+= PNGFilter.paethPredictor(row[i - stride], previous[i], previous[i - stride])
                    i += 1
                }
            } else {
                // With no previous row Paeth reduces to Sub.
                var i = stride
                while i < count { row[i] &+= row[i - stride]; i += 1 }
            }
        }
    }

    /// Writes this filter applied to `row` into `output` (`count` bytes each), given the raw
    /// previous row (`nil` for the first row) and the stride in bytes.
    func filter(
        row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int, stride: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        switch self {
        case .none:
            output.update(from: row, count: count)
        case .sub:
            for i in 0..<min(stride, count) { output[i] = row[i] }
            var i = stride
            while i < count { output[i] = row[i] &- row[i - stride]; i += 1 }
        case .up:
            if let previous {
                for i in 0..<count { output[i] = row[i] &- previous[i] }
            } else {
                output.update(from: row, count: count)
            }
        case .average:
            for i in 0..<min(stride, count) { output[i] = row[i] &- ((previous?[i] ?? 0) >> 1) }
            var i = stride
            while i < count {
                let above = Int(previous?[i] ?? 0)
                output[i] = row[i] &- UInt8((Int(row[i - stride]) + above) >> 1)
                i += 1
            }
        case .paeth:
            for i in 0..<min(stride, count) { output[i] = row[i] &- (previous?[i] ?? 0) }
            var i = stride
            while i < count {
                let predictor =
                    previous.map { PNGFilter.paethPredictor(row[i - stride], $0[i], $0[i - stride]) }
                    ?? row[i - stride]
                output[i] = row[i] &- predictor
                i += 1
            }
        }
    }
}
