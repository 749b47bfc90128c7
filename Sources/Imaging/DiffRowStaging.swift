#if canImport(Glibc)
import Glibc
#endif

/// Where one band of `PixelmatchKernel` draws the diff image when the diff is drawn over the
/// expected image's own pixels (no new image memory, which the kernel must clear for a fresh
/// buffer: at 4K about as long as the comparison itself).
///
/// The comparison of row y reads the expected image's rows y − 2 … y + 2 (the anti-aliasing test
/// looks at the neighbours of a pixel's neighbours), so each output row is drawn into a ring of
/// three rows and copied over the image once the band has finished the row two below it. The
/// band's first two rows are read by the band above and its last two by the band below, both
/// running at the same time: those rows are held and written by `place(held:)` after every band
/// has ended.
/// Not `Sendable`: each band makes its own and returns only `held`.
struct DiffRowStaging {
    /// The expected image's pixels, which become the diff image.
    let image: UnsafeMutablePointer<UInt8>
    let rowBytes: Int
    let band: Range<Int>
    private let ring: UnsafeMutablePointer<UInt8>
    /// Rows written only after every band has ended: (row, its pixels).
    private(set) var held: [(row: Int, pixels: [UInt8])] = []

    init(image: UnsafeMutablePointer<UInt8>, width: Int, band: Range<Int>) {
        self.image = image
        self.rowBytes = width * 4
        self.band = band
        ring = .allocate(capacity: 3 * rowBytes)
    }

    /// The three-row ring is freed; call once, when the band is done.
    func deallocate() { ring.deallocate() }

    /// Where row `y` of the diff is drawn.
    @inline(__always)
    func target(row y: Int) -> UnsafeMutablePointer<UInt8> { ring + (y % 3) &* rowBytes }

    /// Row `y` is drawn: the row two above it is no longer read by this band.
    @inline(__always)
    mutating func finished(row y: Int) {
        if y - 2 >= band.lowerBound { settle(y - 2) }
    }

    /// The band's last row is drawn: its last rows (still in the ring) are held.
    mutating func finishBand() {
        for y in max(band.lowerBound, band.upperBound - 2)..<band.upperBound { settle(y) }
    }

    private mutating func settle(_ y: Int) {
        let source = target(row: y)
        if y < band.lowerBound + 2 || y >= band.upperBound - 2 {
            held.append((y, Array(UnsafeBufferPointer(start: source, count: rowBytes))))
        } else {
            memcpy(image + y &* rowBytes, source, rowBytes)
        }
    }

    /// Writes the held rows of every band over the image.
    static func place(held: [(row: Int, pixels: [UInt8])], into image: UnsafeMutablePointer<UInt8>, rowBytes: Int) {
        for (y, pixels) in held {
            pixels.withUnsafeBufferPointer { _ = memcpy(image + y * rowBytes, $0.baseAddress!, rowBytes) }
        }
    }
}
