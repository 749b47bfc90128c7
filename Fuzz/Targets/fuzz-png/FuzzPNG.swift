import Imaging

/// libFuzzer entry: arbitrary bytes → a decoded image or an `ImagingError`, under a small pixel
/// cap so the fuzzer explores structure rather than allocation size; a decoded image is encoded
/// again (`PNGEncoder.fast`: the row deflater) and must decode to the same pixels.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let image = try PNGDecoder.decode(bytes, file: "fuzz.png", maxPixels: 1 << 22)
        precondition(image.pixels.count == image.width * image.height * 4)
        _ = try PNGDecoder.validate(bytes, file: "fuzz.png", maxPixels: 1 << 22)
        let again = try PNGDecoder.decode(PNGEncoder.fast.encode(image), file: "again.png")
        precondition(again == image, "the re-encoded image decodes to other pixels")
    } catch let error as ImagingError {
        precondition(!error.description.contains("\n"), "multi-line error: \(error)")
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    return 0
}
