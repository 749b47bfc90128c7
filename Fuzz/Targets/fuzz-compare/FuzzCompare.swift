import Imaging

/// libFuzzer entry: the input split in two PNGs (a 2-byte big-endian length of the first, then
/// both), each decoded and, when both decode to the same size, compared with pixelmatch with and
/// without anti-aliasing detection and a diff image; the comparison must be symmetric in its
/// count of differing pixels when anti-aliasing is counted, and zero for an image against itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompare(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.count >= 2 else { return 0 }
    let split = min(bytes.count - 2, Int(bytes[0]) << 8 | Int(bytes[1]))
    let first = Array(bytes[2..<(2 + split)]), second = Array(bytes[(2 + split)...])
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
