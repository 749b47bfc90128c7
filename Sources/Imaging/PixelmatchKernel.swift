import CDeflate
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import Support

/// The per-pixel work of `Pixelmatch` over raw buffers, shareable by concurrent row bands
/// (each band writes only its own rows of the output).
/// `@unchecked Sendable` because raw pointers are not `Sendable`; it is safe as the caller keeps
/// the three buffers alive for the whole of `run` (the bands end before it returns), the two
/// inputs are only read, and each band writes a disjoint range of rows of the output.
struct PixelmatchKernel: @unchecked Sendable {
    let first: UnsafePointer<UInt8>?
    let second: UnsafePointer<UInt8>?
    let output: UnsafeMutablePointer<UInt8>?
    let width: Int
    let height: Int
    let options: PixelmatchOptions
    /// `35215 × threshold²`.
    let maxDelta: Double
    /// Which rows differ, when the caller knows (the others are equal and not compared).
    let differingRows: [Bool]?
    /// The output is the first image's own buffer (`DiffRowStaging`: rows are drawn once no band
    /// reads them any more); only with a background, where every output pixel is drawn.
    let drawsOverFirst: Bool
    /// The target of the scan for differing pixels (`pixel_scan.h`).
    let vectorPath: PixelmatchVectorPath

    init(
        first: UnsafePointer<UInt8>?, second: UnsafePointer<UInt8>?, output: UnsafeMutablePointer<UInt8>?,
        width: Int, height: Int, options: PixelmatchOptions, differingRows: [Bool]? = nil,
        drawsOverFirst: Bool = false
    ) {
        precondition(!drawsOverFirst || (output != nil && UnsafePointer(output) == first && !options.diffMask))
        self.first = first
        self.second = second
        self.output = output
        self.width = width
        self.height = height
        self.options = options
        self.differingRows = differingRows
        self.drawsOverFirst = drawsOverFirst
        self.maxDelta = Pixelmatch.maxYIQDelta * options.threshold * options.threshold
        self.vectorPath = options.vectorPath?.runnable ?? PixelmatchVectorPath.selected
    }

    /// Bands are at least this many rows.
    static let minimumBandRows = 16
    /// Bands per thread (at most): small enough to share out a cluster of differing rows.
    static let bandsPerThread = 8

    /// Counts differing pixels, drawing the diff image if there is an output buffer.
    func run(threads: Int) -> Int {
        guard width > 0, height > 0, let first, let second else { return 0 }
        if differingRows.map({ !$0.contains(true) }) ?? (memcmp(first, second, width * height * 4) == 0) {
            if let output, !options.diffMask {
                var memo = GrayMemo()
                drawGray(first, width * height, output, &memo)
            }
            return 0
        }
        let lanes = max(1, min(threads, height / Self.minimumBandRows))
        if lanes == 1 && !drawsOverFirst { return count(rows: 0..<height, first, second).differing }
        // Differences gather in a few places (an overlay, a changed row of a list): the rows are
        // cut into more bands than threads, and each thread takes the next band left, so one
        // thread does not end up with all the differing rows while the other waits.
        let bands = lanes == 1 ? 1 : max(lanes, min(height / Self.minimumBandRows, lanes * Self.bandsPerThread))
        let totals = OutcomeSlots<(differing: Int, held: [(row: Int, pixels: [UInt8])])>(count: bands, initial: (0, []))
        let kernel = self
        let next = IndexDispenser(limit: bands)
        let work: @Sendable (Int) -> Void = { _ in
            while let band = next.take() {
                let rows = (kernel.height * band / bands)..<(kernel.height * (band + 1) / bands)
                totals.set(band, kernel.count(rows: rows, kernel.first!, kernel.second!))
            }
        }
        if lanes == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: lanes, execute: work) }
        let values = totals.values
        if drawsOverFirst, let output {
            DiffRowStaging.place(held: values.flatMap(\.held), into: output, rowBytes: width * 4)
        }
        return values.reduce(0) { $0 + $1.differing }
    }

    /// The differing pixels of `rows` (a kernel with no output), for a caller that shares the
    /// rows out itself (`RowPipelinedPair`).
    func differing(rows: Range<Int>) -> Int {
        precondition(output == nil, "a diff is drawn by run(threads:)")
        return count(rows: rows, first!, second!).differing
    }

    /// The differing pixels of `rows`, and (drawing over the first image) the rows of the diff
    /// held until every band has ended.
    private func count(
        rows: Range<Int>, _ img1: UnsafePointer<UInt8>, _ img2: UnsafePointer<UInt8>
    ) -> (differing: Int, held: [(row: Int, pixels: [UInt8])]) {
        var staging = drawsOverFirst ? DiffRowStaging(image: output!, width: width, band: rows) : nil
        defer { staging?.deallocate() }
        let a32 = UnsafeRawPointer(img1).assumingMemoryBound(to: UInt32.self)
        let b32 = UnsafeRawPointer(img2).assumingMemoryBound(to: UInt32.self)
        let aa = options.aaColor
        let main = options.diffColor
        let alt = options.diffColorAlt ?? options.diffColor
        let drawBackground = !options.diffMask
        var diff = 0
        // Equal pixels need no comparison: equal rows are passed whole and, within a row, runs
        // of equal pixels four at a time; with a diff background they are drawn gray.
        let grayBackground = output != nil && drawBackground
        var memo = GrayMemo()
        let rawA = UnsafeRawPointer(img1), rawB = UnsafeRawPointer(img2)
        for y in rows {
            let rowStart = y &* width
            // Row y of the diff image, at x = 0.
            let target = staging?.target(row: y) ?? output.map { $0 + rowStart &* 4 }
            defer { staging?.finished(row: y) }
            if differingRows.map({ !$0[y] }) ?? (memcmp(a32 + rowStart, b32 + rowStart, width * 4) == 0) {
                if grayBackground { drawGray(img1 + rowStart &* 4, width, target!, &memo) }
                continue
            }
            // Pixels x ..< x + 4 of a block whose "three identical neighbours" tests (bit k: pixel
            // blockX + k, in the first image, then the second) are done, four at a time.
            var blockX = -8
            var flat = (first: UInt8(0), second: UInt8(0))
            let interiorRow = y > 0 && y &+ 1 < height
            let rowA = img1 + rowStart &* 4, rowB = img2 + rowStart &* 4
            // The pixels over the threshold (`pixel_scan.h`, on the chosen target) come a block at
            // a time: bit k of `hits` for pixel `block + k`, of `darker` when the actual pixel is the
            // darker (negative distance). The pixels between them are equal or close enough, drawn
            // gray with a background.
            var x = 0, block = 0, hits: UInt32 = 0, darker: UInt32 = 0
            while true {
                if hits == 0 {
                    block = overscroll_pm_next(
                        vectorPath.rawValue, rowA, rowB, x, width, rowStart &* 4, maxDelta, &hits, &darker)
                    if block >= width {
                        if grayBackground && width > x { drawGray(rowA + x &* 4, width &- x, target! + x &* 4, &memo) }
                        break
                    }
                }
                let lane = hits.trailingZeroBitCount
                let next = block &+ lane
                let isDarker = darker >> UInt32(lane) & 1 != 0
                hits &= hits &- 1
                if grayBackground && next > x { drawGray(rowA + x &* 4, next &- x, target! + x &* 4, &memo) }
                x = next
                defer { x &+= 1 }
                let index = rowStart &+ x
                var isAA = false
                if !options.includeAA {
                    if interiorRow && x > 0 && x &+ 4 < width && (x &- blockX) >= 4 {
                        blockX = x
                        flat = (Self.flatLanes(rawA, index, width), Self.flatLanes(rawB, index, width))
                    }
                    if x &- blockX < 4 {
                        // Inside the image a pixel with three identical neighbours is not
                        // anti-aliasing (what `antialiased` checks first).
                        let bit = UInt8(1) << UInt8(x &- blockX)
                        isAA =
                            (flat.first & bit == 0 && antialiased(img1, x, y, a32, b32))
                            || (flat.second & bit == 0 && antialiased(img2, x, y, b32, a32))
                    } else {
                        isAA = antialiased(img1, x, y, a32, b32) || antialiased(img2, x, y, b32, a32)
                    }
                }
                if isAA {
                    if let target, drawBackground { Self.draw(target, x &* 4, aa) }
                } else {
                    if let target { Self.draw(target, x &* 4, isDarker ? alt : main) }
                    diff += 1
                }
            }
        }
        staging?.finishBand()
        return (diff, staging?.held ?? [])
    }

    /// For the four pixels from pixel `index` on of `image` (all inside the image, not on its
    /// edge), bit k set when pixel `index + k` has three or more of its eight neighbours identical
    /// to it.
    @inline(__always)
    private static func flatLanes(_ image: UnsafeRawPointer, _ index: Int, _ width: Int) -> UInt8 {
        let center = image + index &* 4, rowBytes = width &* 4
        let c = center.loadUnaligned(as: SIMD4<UInt32>.self)
        let one = SIMD4<UInt32>(repeating: 1), zero = SIMD4<UInt32>(repeating: 0)
        @inline(__always) func same(_ offset: Int) -> SIMD4<UInt32> {
            zero.replacing(with: one, where: center.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt32>.self) .== c)
        }
        let count =
            same(-rowBytes &- 4) &+ same(-rowBytes) &+ same(-rowBytes &+ 4) &+ same(-4) &+ same(4)
            &+ same(rowBytes &- 4) &+ same(rowBytes) &+ same(rowBytes &+ 4)
        let flat = count .> SIMD4<UInt32>(repeating: 2)
        return (flat[0] ? 1 : 0) | (flat[1] ? 2 : 0) | (flat[2] ? 4 : 0) | (flat[3] ? 8 : 0)
    }

    /// Anti-aliasing test for pixel (x1, y1) of `img` (after V. Vysniauskas, 2009); `a32` and
    /// `b32` are both images as 32-bit words.
    private func antialiased(
        _ img: UnsafePointer<UInt8>, _ x1: Int, _ y1: Int,
        _ a32: UnsafePointer<UInt32>, _ b32: UnsafePointer<UInt32>
    ) -> Bool {
        let img32 = UnsafeRawPointer(img).assumingMemoryBound(to: UInt32.self)
        let pos = y1 &* width &+ x1
        let center = UInt32(littleEndian: img32[pos])
        if x1 > 0 && y1 > 0 && x1 &+ 1 < width && y1 &+ 1 < height {
            if vectorPath != .scalar {
                // All nine opaque: the eight luma differences side by side (`pixel_scan.h`), the
                // same answer and extremes as the loop below.
                var darkest: Int32 = 0, brightest: Int32 = 0
                let answer = overscroll_pm_aa_extremes(vectorPath.rawValue, img32 + pos, width, &darkest, &brightest)
                if answer == 0 { return false }
                if answer > 0 {
                    let low = Self.neighbour(Int(darkest)), high = Self.neighbour(Int(brightest))
                    let minX = x1 &+ low.dx, minY = y1 &+ low.dy, maxX = x1 &+ high.dx, maxY = y1 &+ high.dy
                    return (hasManySiblings(a32, minX, minY) && hasManySiblings(b32, minX, minY))
                        || (hasManySiblings(a32, maxX, maxY) && hasManySiblings(b32, maxX, maxY))
                }
            }
            // Inside the image: three neighbours identical to the centre make the loop below
            // return false whatever else it sees (its zero count only grows), so count them
            // first without branches.
            let up = img32 + (pos &- width), down = img32 + (pos &+ width), row = img32 + pos
            let c = img32[pos]
            var same = (up[-1] == c ? 1 : 0) &+ (up[0] == c ? 1 : 0) &+ (up[1] == c ? 1 : 0)
            same &+= (row[-1] == c ? 1 : 0) &+ (row[1] == c ? 1 : 0)
            same &+= (down[-1] == c ? 1 : 0) &+ (down[0] == c ? 1 : 0) &+ (down[1] == c ? 1 : 0)
            if same > 2 { return false }
        }
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minimum = 0.0, maximum = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        let centerOpaque = center >> 24 == 255
        let cr = Int(center & 255), cg = Int(center >> 8 & 255), cb = Int(center >> 16 & 255)
        // Column by column, as pixelmatch visits them: ties keep the first neighbour seen.
        var x = x0
        while x <= x2 {
            var y = y0
            while y <= y2 {
                defer { y &+= 1 }
                if x == x1 && y == y1 { continue }
                let index = y &* width &+ x
                let neighbour = UInt32(littleEndian: img32[index])
                let delta: Double
                if neighbour == center {
                    zeroes &+= 1
                    if zeroes > 2 { return false }
                    continue
                } else if centerOpaque && neighbour >> 24 == 255 {
                    // `colorDelta(yOnly:)` for two opaque pixels, same operations in the same order.
                    let dr = Double(cr &- Int(neighbour & 255)), dg = Double(cg &- Int(neighbour >> 8 & 255))
                    let db = Double(cb &- Int(neighbour >> 16 & 255))
                    delta = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
                } else {
                    delta = Self.colorDelta(img, img, pos * 4, index * 4, yOnly: true)
                }
                if delta == 0 {
                    zeroes &+= 1
                    if zeroes > 2 { return false }
                } else if delta < minimum {
                    minimum = delta; minX = x; minY = y
                } else if delta > maximum {
                    maximum = delta; maxX = x; maxY = y
                }
            }
            x &+= 1
        }
        if minimum == 0 || maximum == 0 { return false }
        return (hasManySiblings(a32, minX, minY) && hasManySiblings(b32, minX, minY))
            || (hasManySiblings(a32, maxX, maxY) && hasManySiblings(b32, maxX, maxY))
    }

    /// The offset of neighbour `lane` in the order the anti-aliasing test visits them: column by
    /// column, top to bottom.
    @inline(__always)
    private static func neighbour(_ lane: Int) -> (dx: Int, dy: Int) {
        lane < 3 ? (-1, lane &- 1) : lane < 5 ? (0, lane == 3 ? -1 : 1) : (1, lane &- 6)
    }

    /// True when pixel (x1, y1) has three or more identical neighbours (image edges count as one).
    private func hasManySiblings(_ img: UnsafePointer<UInt32>, _ x1: Int, _ y1: Int) -> Bool {
        if x1 > 0 && y1 > 0 && x1 &+ 1 < width && y1 &+ 1 < height {
            // Inside the image no edge counts: the identical neighbours, counted without branches.
            let row = img + (y1 &* width &+ x1), up = row - width, down = row + width
            let c = row[0]
            var same = (up[-1] == c ? 1 : 0) &+ (up[0] == c ? 1 : 0) &+ (up[1] == c ? 1 : 0)
            same &+= (row[-1] == c ? 1 : 0) &+ (row[1] == c ? 1 : 0)
            same &+= (down[-1] == c ? 1 : 0) &+ (down[0] == c ? 1 : 0) &+ (down[1] == c ? 1 : 0)
            return same > 2
        }
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let value = img[y1 * width + x1]
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var x = x0
        while x <= x2 {
            var y = y0
            while y <= y2 {
                if !(x == x1 && y == y1) && img[y &* width &+ x] == value {
                    zeroes &+= 1
                    if zeroes > 2 { return true }
                }
                y &+= 1
            }
            x &+= 1
        }
        return false
    }

    /// Squared YIQ distance between the pixels at byte offsets `k` of `img1` and `m` of `img2`,
    /// negative when the second is darker; with `yOnly`, the signed luma difference. The
    /// operation order matches pixelmatch so results agree to the last bit.
    @inline(__always)
    static func colorDelta(
        _ img1: UnsafePointer<UInt8>, _ img2: UnsafePointer<UInt8>, _ k: Int, _ m: Int,
        yOnly: Bool
    ) -> Double {
        let r1 = Int(img1[k]), g1 = Int(img1[k + 1]), b1 = Int(img1[k + 2]), a1 = Int(img1[k + 3])
        let r2 = Int(img2[m]), g2 = Int(img2[m + 1]), b2 = Int(img2[m + 2]), a2 = Int(img2[m + 3])
        let da = a1 - a2
        if r1 == r2 && g1 == g2 && b1 == b2 && da == 0 { return 0 }
        var dr = Double(r1 - r2), dg = Double(g1 - g2), db = Double(b1 - b2)
        if a1 < 255 || a2 < 255 {
            // Composite both over a background that varies with the byte offset.
            let rb = 48 + 159 * (k % 2)
            let gb = 48 + 159 * (Int(Double(k) / 1.618033988749895) % 2)
            let bb = 48 + 159 * (Int(Double(k) / 2.618033988749895) % 2)
            dr = Double(r1 * a1 - r2 * a2 - rb * da) / 255
            dg = Double(g1 * a1 - g2 * a2 - gb * da) / 255
            db = Double(b1 * a1 - b2 * a2 - bb * da) / 255
        }
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        if yOnly { return y }
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }

    @inline(__always)
    private static func draw(_ output: UnsafeMutablePointer<UInt8>, _ pos: Int, _ color: RGBColor) {
        output[pos] = color.red
        output[pos + 1] = color.green
        output[pos + 2] = color.blue
        output[pos + 3] = 255
    }

    /// The last pixel drawn gray and its output word: UI frames repeat each colour over long
    /// runs, so most pixels reuse it.
    struct GrayMemo {
        var pixel: UInt32 = 0
        var word: UInt32 = 0
        var valid = false
    }

    /// Draws `count` pixels from `img` into `output` as the expected pixel's luma blended with
    /// white at `alpha × pixel alpha`, truncated.
    @inline(__always)
    private func drawGray(
        _ img: UnsafePointer<UInt8>, _ count: Int, _ output: UnsafeMutablePointer<UInt8>,
        _ memo: inout GrayMemo
    ) {
        let source = UnsafeRawPointer(img), target = UnsafeMutableRawPointer(output)
        var offset = 0
        let end = count &* 4
        while offset < end {
            let pixel = source.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            if !memo.valid || pixel != memo.pixel {
                let bytes = img + offset
                let luma = Double(bytes[0]) * 0.29889531 + Double(bytes[1]) * 0.58662247 + Double(bytes[2]) * 0.11448223
                let value = 255 + (luma - 255) * options.alpha * Double(bytes[3]) / 255
                let byte = UInt32(UInt8(max(0, min(255, value)).rounded(.towardZero)))
                memo = GrayMemo(pixel: pixel, word: (byte | byte << 8 | byte << 16 | 0xFF00_0000).littleEndian, valid: true)
            }
            target.storeBytes(of: memo.word, toByteOffset: offset, as: UInt32.self)
            offset &+= 4
        }
    }
}
