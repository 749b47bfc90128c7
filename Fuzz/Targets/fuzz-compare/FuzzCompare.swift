import Imaging

/// libFuzzer entry: the input split in two PNGs (a 2-byte big-endian length of the first, then
/// both). `compare` of the two as files must give the same outcome (comparison or error line,
/// diff image) on one thread and on two (two RGBA images are then decoded side by side and
/// compared as they are decoded), with a diff image, a diff mask or none, and on every target of
/// the comparison's scan this CPU runs (`PixelmatchVectorPath.available`) as on the scalar one.
/// Then each is decoded and, when both decode to the same size, compared with pixelmatch with and without
/// anti-aliasing detection and a diff image; the comparison must be symmetric in its count of
/// differing pixels when anti-aliasing is counted, and zero for an image against itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompare(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.count >= 2 else { return 0 }
    let split = min(bytes.count - 2, Int(bytes[0]) << 8 | Int(bytes[1]))
    let first = Array(bytes[2..<(2 + split)]), second = Array(bytes[(2 + split)...])
    for (wantDiff, mask) in [(false, false), (true, false), (true, true)] {
        var options = CompareOptions()
        options.maxPixels = 1 << 20
        options.pixelmatch.diffMask = mask
        let names = (expected: "a.png", actual: "b.png")
        let one = CompareRunner.compare(png: (first, second), names: names, options: options, wantDiff: wantDiff, threads: 1)
        let two = CompareRunner.compare(png: (first, second), names: names, options: options, wantDiff: wantDiff, threads: 2)
        precondition(one.comparison == two.comparison, "one thread and two compared differently")
        precondition(one.error == two.error, "one thread and two failed differently: \(one.error ?? "-") / \(two.error ?? "-")")
        precondition(one.diffPNG == two.diffPNG, "one thread and two drew different diffs")
        // Every target of the scan this CPU runs gives the scalar target's outcome.
        options.pixelmatch.vectorPath = .scalar
        let reference = CompareRunner.compare(png: (first, second), names: names, options: options, wantDiff: wantDiff, threads: 2)
        for path in PixelmatchVectorPath.available {
            options.pixelmatch.vectorPath = path
            for threads in [1, 2] {
                let other = CompareRunner.compare(
                    png: (first, second), names: names, options: options, wantDiff: wantDiff, threads: threads)
                precondition(other.comparison == reference.comparison, "\(path) compared differently from scalar")
                precondition(other.error == reference.error, "\(path) failed differently from scalar")
                precondition(other.diffPNG == reference.diffPNG, "\(path) drew a different diff from scalar")
            }
        }
    }
    guard let a = try? PNGDecoder.decode(first, file: "a.png", maxPixels: 1 << 20),
        let b = try? PNGDecoder.decode(second, file: "b.png", maxPixels: 1 << 20)
    else { return 0 }
    do {
        var options = PixelmatchOptions()
        let same = try Pixelmatch.compare(a, a, options: options, makeDiff: true)
        precondition(same.differing == 0, "an image differs from itself")
        guard a.width == b.width, a.height == b.height else {
            do {
                _ = try Pixelmatch.compare(a, b, options: options)
                preconditionFailure("sizes differ but the comparison succeeded")
            } catch {}
            return 0
        }
        let withAA = try Pixelmatch.compare(a, b, options: options, makeDiff: true, threads: 2)
        options.includeAA = true
        let counted = try Pixelmatch.compare(a, b, options: options)
        let reverse = try Pixelmatch.compare(b, a, options: options)
        precondition(counted.differing == reverse.differing, "includeAA count is not symmetric")
        precondition(withAA.differing <= counted.differing, "ignoring anti-aliasing counted more pixels")
        precondition(counted.differing <= a.width * a.height)
    } catch {
        preconditionFailure("comparison of equal-size images threw: \(error)")
    }
    return 0
}
