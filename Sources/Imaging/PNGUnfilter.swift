import CDeflate

/// Fast in-place reversal of the PNG row filters: Up 16 bytes at a time; Paeth on 3-, 4-, 6- and
/// 8-byte pixels one pixel per step (SSE2 lanes on x86-64, see CDeflate/paeth.h; registers for 3
/// and 4 bytes elsewhere);
/// Sub and Average in tight byte loops. Other strides use `PNGFilter.unfilter`. Results are
/// identical to `PNGFilter.unfilter` byte for byte (tested).
enum PNGUnfilter {
    /// Reverses `filter` in place on `row` (`count` bytes) given the reconstructed previous row
    /// (`nil` for the first row of a pass) and the filter stride in bytes.
    @inline(__always)
    static func unfilter(
        _ filter: PNGFilter, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?,
        count: Int, stride: Int
    ) {
        switch filter {
        case .none:
            return
        case .up:
            guard let previous else { return }
            up(row: row, previous: previous, count: count)
        case .sub, .average, .paeth:
            switch stride {
            case 4: pixels4(filter, row: row, previous: previous, count: count)
            case 3: pixels3(filter, row: row, previous: previous, count: count)
            case 6: wide(filter, row: row, previous: previous, count: count, stride: 6)
            case 8: wide(filter, row: row, previous: previous, count: count, stride: 8)
            default: filter.unfilter(row: row, previous: previous, count: count, stride: stride)
            }
        }
    }

    /// `row[i] += previous[i]`, 16 bytes at a time.
    static func up(row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int) {
        let out = UnsafeMutableRawPointer(row), above = UnsafeRawPointer(previous)
        var i = 0
        while i + 16 <= count {
            let sum =
                out.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                &+ above.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            out.storeBytes(of: sum, toByteOffset: i, as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < count { row[i] &+= previous[i]; i += 1 }
    }

    /// |v| without the overflow trap of `abs` (never reached here: |v| ≤ 510).
    @inline(__always)
    static func magnitude(_ v: Int) -> Int {
        let sign = v &>> 63
        return (v ^ sign) &- sign
    }

    /// The Paeth predictor without branches.
    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let pa = Self.magnitude(b &- c), pb = Self.magnitude(a &- c), pc = Self.magnitude(a &+ b &- c &- c)
        let bc = pb <= pc ? b : c
        return pa <= pb && pa <= pc ? a : bc
    }

    /// Sub, Average or Paeth on `stride` (3 or 4) bytes per pixel, one byte at a time with the
    /// bytes to the left and upper left read back from the rows (the loop the compiler keeps
    /// tight when the stride is a literal).
    @inline(__always)
    private static func bytes(
        _ filter: PNGFilter, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?,
        count: Int, stride: Int
    ) {
        switch (filter, previous) {
        case (.sub, _), (.paeth, nil):
            var i = stride
            while i < count { row[i] &+= row[i &- stride]; i &+= 1 }
        case (.average, nil):
            var i = stride
            while i < count { row[i] &+= row[i &- stride] >> 1; i &+= 1 }
        case (.average, let previous?):
            for i in 0..<stride { row[i] &+= previous[i] >> 1 }
            var i = stride
            while i < count {
                row[i] &+= UInt8(truncatingIfNeeded: (Int(row[i &- stride]) &+ Int(previous[i])) >> 1)
                i &+= 1
            }
        case (.paeth, let previous?):
            for i in 0..<stride { row[i] &+= previous[i] }
            var i = stride
            while i < count {
                let p = paeth(Int(row[i &- stride]), Int(previous[i]), Int(previous[i &- stride]))
                row[i] &+= UInt8(truncatingIfNeeded: p)
                i &+= 1
            }
        default:
            return
        }
    }

    static func pixels3(_ filter: PNGFilter, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int) {
        if filter == .paeth, let previous {
            #if arch(x86_64)
            overscroll_unpaeth(row, previous, count, 3)
            #else
            paeth3(row: row, previous: previous, count: count)
            #endif
        } else {
            bytes(filter, row: row, previous: previous, count: count, stride: 3)
        }
    }

    /// Paeth on 3-byte pixels with the left and upper-left pixel kept in registers.
    static func paeth3(row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int) {
        var a0 = 0, a1 = 0, a2 = 0, c0 = 0, c1 = 0, c2 = 0
        var r = row, p = previous
        let end = row + count
        while r < end {
            let b0 = Int(p[0]), b1 = Int(p[1]), b2 = Int(p[2])
            a0 = Int(r[0] &+ UInt8(truncatingIfNeeded: paeth(a0, b0, c0)))
            a1 = Int(r[1] &+ UInt8(truncatingIfNeeded: paeth(a1, b1, c1)))
            a2 = Int(r[2] &+ UInt8(truncatingIfNeeded: paeth(a2, b2, c2)))
            r[0] = UInt8(truncatingIfNeeded: a0)
            r[1] = UInt8(truncatingIfNeeded: a1)
            r[2] = UInt8(truncatingIfNeeded: a2)
            c0 = b0; c1 = b1; c2 = b2
            r += 3
            p += 3
        }
    }

    static func pixels4(_ filter: PNGFilter, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int) {
        #if arch(x86_64)
        if filter == .paeth, let previous {
            overscroll_unpaeth(row, previous, count, 4)
            return
        }
        #endif
        bytes(filter, row: row, previous: previous, count: count, stride: 4)
    }

    /// 16-bit RGB (6 bytes) and RGBA (8 bytes) pixels.
    static func wide(
        _ filter: PNGFilter, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?,
        count: Int, stride: Int
    ) {
        #if arch(x86_64)
        if filter == .paeth, let previous {
            overscroll_unpaeth(row, previous, count, stride)
            return
        }
        #endif
        if stride == 6 {
            bytes(filter, row: row, previous: previous, count: count, stride: 6)
        } else {
            bytes(filter, row: row, previous: previous, count: count, stride: 8)
        }
    }
}
