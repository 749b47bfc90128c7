import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Support

/// Row-level work on two staged images of which one at least is 8-bit RGB, so that a compare expands to RGBA only the
/// rows the comparison reads: the rows that differ and two rows either side of them (the
/// anti-aliasing test looks at a pixel's 3×3 neighbourhood, and at the neighbours of its
/// darkest and brightest neighbour).
extension PNGStagedImage {
    /// Whether each row differs, for two images of the same size of which one at least is held
    /// as opaque 8-bit RGB rows (no `tRNS` key colour) and the other is such rows too (two such
    /// rows hold equal pixels exactly when their RGB bytes are equal) or finished RGBA (each RGB
    /// row is expanded into a scratch row and compared with it); nil when neither is such an
    /// image, or the sizes differ. `threads` > 1 splits the rows into that many bands.
    static func differingRows(_ a: PNGStagedImage, _ b: PNGStagedImage, threads: Int = 1) -> [Bool]? {
        let (stateA, stateB) = (a.state.withLock { $0 }, b.state.withLock { $0 })
        let rows: RowSource
        switch (stateA, stateB) {
        case (.rgb(let headerA, let bufferA, let startA, let converterA), .rgb(let headerB, let bufferB, let startB, let converterB)):
            guard converterA.isOpaqueRGB && converterB.isOpaqueRGB, headerA.width == headerB.width,
                headerA.height == headerB.height
            else { return nil }
            rows = .bothRGB(width: headerA.width, height: headerA.height, bufferA, startA, bufferB, startB)
        case (.rgb(let header, let buffer, let start, let converter), .done(let image)),
            (.done(let image), .rgb(let header, let buffer, let start, let converter)):
            guard converter.isOpaqueRGB, header.width == image.width, header.height == image.height else { return nil }
            rows = .rgbAndRGBA(width: header.width, height: header.height, buffer, start, converter, image.pixels)
        default:
            return nil
        }
        let height = rows.height
        let bands = max(1, min(threads, height / 64))
        let slots = OutcomeSlots<[Bool]>(count: bands, initial: [])
        let work: @Sendable (Int) -> Void = { band in
            slots.set(band, rows.differing(height * band / bands..<height * (band + 1) / bands))
        }
        if bands == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: bands, execute: work) }
        return slots.values.flatMap { $0 }
    }

    /// The rows of two images compared by `differingRows`.
    enum RowSource: Sendable {
        /// Both held as unfiltered RGB rows (each after its filter byte, from `start`).
        case bothRGB(width: Int, height: Int, [UInt8], Int, [UInt8], Int)
        /// One held as RGB rows, the other finished RGBA pixels.
        case rgbAndRGBA(width: Int, height: Int, [UInt8], Int, PNGRowConverter, [UInt8])

        var height: Int {
            switch self {
            case .bothRGB(_, let height, _, _, _, _), .rgbAndRGBA(_, let height, _, _, _, _): return height
            }
        }

        /// Whether each of `rows` differs.
        func differing(_ rows: Range<Int>) -> [Bool] {
            switch self {
            case .bothRGB(let width, _, let bufferA, let startA, let bufferB, let startB):
                let rowBytes = width * 3
                return bufferA.withUnsafeBytes { x in
                    bufferB.withUnsafeBytes { y in
                        rows.map { j in
                            let offset = j * (rowBytes + 1) + 1
                            return memcmp(x.baseAddress! + startA + offset, y.baseAddress! + startB + offset, rowBytes) != 0
                        }
                    }
                }
            case .rgbAndRGBA(let width, _, let buffer, let start, let converter, let pixels):
                let rowBytes = width * 3
                var scratch = [UInt8](repeating: 0, count: width * 4)
                return buffer.withUnsafeBytes { rgb in
                    pixels.withUnsafeBytes { rgba in
                        scratch.withUnsafeMutableBufferPointer { row in
                            rows.map { j in
                                let source = rgb.baseAddress! + start + j * (rowBytes + 1) + 1
                                converter.expandRGB8(
                                    row: source.assumingMemoryBound(to: UInt8.self), pixels: width, into: row.baseAddress!)
                                return memcmp(row.baseAddress!, rgba.baseAddress! + j * width * 4, width * 4) != 0
                            }
                        }
                    }
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
