#if canImport(Glibc)
import Glibc
#endif

/// Row-level work on two staged 8-bit RGB images, so that a compare expands to RGBA only the
/// rows the comparison reads: the rows that differ and two rows either side of them (the
/// anti-aliasing test looks at a pixel's 3×3 neighbourhood, and at the neighbours of its
/// darkest and brightest neighbour).
extension PNGStagedImage {
    /// For two opaque 8-bit RGB images of the same size (no `tRNS` key colour), whether each row
    /// differs (two such rows hold equal pixels exactly when their RGB bytes are equal); nil
    /// when either image is not one, or the sizes differ.
    static func differingRows(_ a: PNGStagedImage, _ b: PNGStagedImage) -> [Bool]? {
        guard case .rgb(let headerA, let bufferA, let startA, let converterA) = a.state.withLock({ $0 }),
              case .rgb(let headerB, let bufferB, let startB, let converterB) = b.state.withLock({ $0 }),
              converterA.isOpaqueRGB && converterB.isOpaqueRGB,
              headerA.width == headerB.width, headerA.height == headerB.height else { return nil }
        let rowBytes = headerA.width * 3
        return bufferA.withUnsafeBytes { x in
            bufferB.withUnsafeBytes { y in
                (0..<headerA.height).map { j in
                    let offset = j * (rowBytes + 1) + 1
                    return memcmp(x.baseAddress! + startA + offset, y.baseAddress! + startB + offset, rowBytes) != 0
                }
            }
        }
    }

    /// The rows a comparison reads when only the rows marked in `differing` differ: each of them
    /// and the two rows above and below it.
    static func rowsRead(differing: [Bool]) -> [Bool] {
        var read = [Bool](repeating: false, count: differing.count)
        for (y, differs) in differing.enumerated() where differs {
            for k in max(0, y - 2)...min(differing.count - 1, y + 2) { read[k] = true }
        }
        return read
    }

    /// Like `finish()`, but expands only the rows marked in `rows` (nil: all); the other rows
    /// of the result hold undefined bytes and must not be read. Rows are expanded in order, so
    /// the in-place expansion stays safe: an output row ends before the next input row starts.
    func finish(rows: [Bool]?) -> RGBAImage {
        guard let rows else { return finish() }
        return state.withLock { state in
            switch state {
            case .done(let image):
                return image
            case .rgb(let header, var buffer, let start, let converter):
                state = .done(RGBAImage(width: 0, height: 0))   // drop the second reference: no copy
                let (width, height) = (header.width, header.height)
                let rowBytes = width * 3
                buffer.withUnsafeMutableBufferPointer { data in
                    let base = data.baseAddress!
                    for j in 0..<height where rows[j] {
                        converter.expandRGB8(row: UnsafePointer(base + start + j * (rowBytes + 1) + 1), pixels: width,
                                             into: base + j * width * 4)
                    }
                }
                return RGBAImage(width: width, height: height, pixels: buffer)
            }
        }
    }
}
