import Imaging

/// libFuzzer entry: arbitrary bytes → a decoded image or an `ImagingError`, under a small pixel
/// cap so the fuzzer explores structure rather than allocation size.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let image = try PNGDecoder.decode(bytes, file: "fuzz.png", maxPixels: 1 << 22)
        precondition(image.pixels.count == image.width * image.height * 4)
        _ = try PNGDecoder.validate(bytes, file: "fuzz.png", maxPixels: 1 << 22)
    } catch let error as ImagingError {
        precondition(!error.description.contains("\n"), "multi-line error: \(error)")
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    return 0
}
