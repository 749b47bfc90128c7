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
            headerA.width == headerB.width, headerA.height == headerB.height
        else { return nil }
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
}
