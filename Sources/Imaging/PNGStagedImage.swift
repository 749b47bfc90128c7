#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A decoded PNG, possibly one step short of RGBA: an 8-bit RGB image is held as its unfiltered
/// RGB rows (with their filter bytes, at `start` in a buffer already the size of the RGBA
/// image), so that two such images can be found pixel-identical by comparing rows before
/// either is expanded. `finish()` expands in place and returns the RGBA image.
/// A class so that `finish()` can take the buffer without copying it; used by one thread at a
/// time (handed from the decoding worker to the comparing one), the lock only makes that checkable.
final class PNGStagedImage: Sendable {
    enum State {
        case done(RGBAImage)
        case rgb(header: PNGHeader, buffer: [UInt8], start: Int, converter: PNGRowConverter)
    }

    let state: Mutex<State>

    init(image: RGBAImage) { state = Mutex(.done(image)) }

    init(header: PNGHeader, rgbRows buffer: [UInt8], start: Int, converter: PNGRowConverter) {
        state = Mutex(.rgb(header: header, buffer: buffer, start: start, converter: converter))
    }

    var width: Int {
        state.withLock { state in
            switch state {
            case .done(let image): return image.width
            case .rgb(let header, _, _, _): return header.width
            }
        }
    }

    var height: Int {
        state.withLock { state in
            switch state {
            case .done(let image): return image.height
            case .rgb(let header, _, _, _): return header.height
            }
        }
    }

    /// The RGBA image (call once: the buffer is handed over). RGB rows are expanded forward in place: every output row ends at or
    /// before the start of the next input row (the input sits `height × (width − 1)` bytes in),
    /// and within a row each group of pixels is read before it is written. With `rows`, only the
    /// rows marked there are expanded (`PNGStagedRows.swift`: the rows a compare reads); the other
    /// rows of the result hold undefined bytes and must not be read. Rows are expanded in order,
    /// so the in-place expansion stays safe.
    func finish(rows: [Bool]? = nil) -> RGBAImage {
        state.withLock { state in
            switch state {
            case .done(let image):
                // Handed over too, so the caller holds the only reference (no copy on write).
                state = .done(RGBAImage(width: 0, height: 0))
                return image
            case .rgb(let header, var buffer, let start, let converter):
                state = .done(RGBAImage(width: 0, height: 0))  // drop the second reference: no copy
                let (width, height) = (header.width, header.height)
                let rowBytes = width * 3
                buffer.withUnsafeMutableBufferPointer { data in
                    let base = data.baseAddress!
                    for j in 0..<height where rows?[j] ?? true {
                        converter.expandRGB8(
                            row: UnsafePointer(base + start + j * (rowBytes + 1) + 1), pixels: width,
                            into: base + j * width * 4)
                    }
                }
                return RGBAImage(width: width, height: height, pixels: buffer)
            }
        }
    }

    /// True or false when both images are 8-bit RGB rows without a transparency key (pixels
    /// equal exactly when the rows are); nil when it cannot be told without finishing.
    static func samePixels(_ a: PNGStagedImage, _ b: PNGStagedImage) -> Bool? {
        guard case .rgb(let headerA, let bufferA, let startA, let converterA) = a.state.withLock({ $0 }),
            case .rgb(let headerB, let bufferB, let startB, let converterB) = b.state.withLock({ $0 }),
            converterA.isOpaqueRGB && converterB.isOpaqueRGB
        else { return nil }
        guard headerA.width == headerB.width, headerA.height == headerB.height else { return false }
        let rowBytes = headerA.width * 3
        return bufferA.withUnsafeBytes { x in
            bufferB.withUnsafeBytes { y in
                for j in 0..<headerA.height {
                    let offset = j * (rowBytes + 1) + 1
                    if memcmp(x.baseAddress! + startA + offset, y.baseAddress! + startB + offset, rowBytes) != 0 {
                        return false
                    }
                }
                return true
            }
        }
    }
}
