#if canImport(Glibc)
import Glibc
#endif
import Support
import Synchronization

/// Two 8-bit RGBA PNGs (not interlaced, of one size) decoded at the same time on two threads,
/// their rows compared while they are decoded.
///
/// Each thread inflates and unfilters one image (`PNGDecoder.inflateRows`) and publishes how many
/// of its rows are in place. The rows are cut into bands; a band is compared once both images
/// have decoded two rows past it (the anti-aliasing test reads a pixel's neighbours' neighbours),
/// by whichever thread is ahead in its own image, and by both once their images are done. So the
/// comparison runs on rows still in cache, and the thread that finishes decoding first does not
/// wait for the other with nothing to do. What comes out is what decoding both and then comparing
/// gives: the same pixels, the same differing rows, the same count, the same errors
/// (`RowPipelinedPairTests`, and `fuzz-compare` holds `compare` on two threads to one thread).
enum RowPipelinedPair {
    /// What the pipeline found.
    struct Outcome {
        var expected: RGBAImage
        var actual: RGBAImage
        /// Rows whose pixels differ.
        var differingRows: [Bool]
        /// The pixelmatch count of differing pixels, when counting was asked for.
        var differing: Int?
    }

    /// Rows per band.
    static let bandRows = 32
    /// A thread ahead in its own image compares a band every this many of its rows.
    static let helpEvery = 16

    /// Decodes and compares `files`, or nil when they are not two 8-bit RGBA images, not
    /// interlaced, of one size (then decode them the usual way). With `count`, the differing
    /// pixels are counted (no diff image wanted); otherwise only the differing rows are found.
    /// Errors in the image data are those decoding each file alone throws, the expected file's
    /// first; a file refused before its data is decoded gives nil (the usual decoding says why). `serial`
    /// decodes one image after the other on the calling thread (what a machine that cannot start
    /// the second thread gets; for tests).
    static func compare(
        _ files: (expected: [UInt8], actual: [UInt8]), names: (expected: String, actual: String),
        options: CompareOptions, count: Bool, serial: Bool = false
    ) throws -> Outcome? {
        try files.expected.withUnsafeBytes { rawA in
            try files.actual.withUnsafeBytes { rawB in
                // A file refused before decoding (chunks, sizes) is left to the usual decoding,
                // which names the expected file's error first whatever the other file holds.
                guard let chunksA = try? PNGChunks.read(rawA, file: names.expected, maxPixels: options.maxPixels),
                    let chunksB = try? PNGChunks.read(rawB, file: names.actual, maxPixels: options.maxPixels)
                else { return nil }
                let (a, b) = (chunksA.header, chunksB.header)
                guard eligible(a), eligible(b), a.width == b.width, a.height == b.height,
                    let layoutA = try? PNGDecoder.layout(chunksA, file: names.expected),
                    let layoutB = try? PNGDecoder.layout(chunksB, file: names.actual)
                else { return nil }
                let images = [
                    Image(
                        header: a, pieces: chunksA.imageRanges.map { UnsafeRawBufferPointer(rebasing: rawA[$0]) },
                        expectedSize: layoutA.expectedSize, pixelBytes: layoutA.pixelBytes, file: names.expected),
                    Image(
                        header: b, pieces: chunksB.imageRanges.map { UnsafeRawBufferPointer(rebasing: rawB[$0]) },
                        expectedSize: layoutB.expectedSize, pixelBytes: layoutB.pixelBytes, file: names.actual)
                ]
                return try run(images, options: options, count: count, serial: serial)
            }
        }
    }

    static func eligible(_ header: PNGHeader) -> Bool {
        header.bitDepth == 8 && header.colorType == .rgba && !header.interlaced
    }

    /// One image to decode.
    struct Image: @unchecked Sendable {
        let header: PNGHeader
        /// The IDAT payloads (they point into the caller's file bytes, alive for the whole run).
        let pieces: [UnsafeRawBufferPointer]
        let expectedSize: Int
        let pixelBytes: Int
        let file: String
        var capacity: Int { max(expectedSize, pixelBytes) }
    }

    /// Both images' memory, allocated as the two result arrays (no copy at the end), and the run:
    /// one thread per image.
    static func run(_ images: [Image], options: CompareOptions, count: Bool, serial: Bool) throws -> Outcome {
        let (width, height) = (images[0].header.width, images[0].header.height)
        var second: [UInt8] = []
        var state: RunState?
        let first = try [UInt8](unsafeUninitializedCapacity: images[0].capacity) { bufferA, countA in
            second = try [UInt8](unsafeUninitializedCapacity: images[1].capacity) { bufferB, countB in
                let bases = [bufferA.baseAddress!, bufferB.baseAddress!]
                for (image, base) in zip(images, bases) { HugePageAdvice.advise(base, count: image.capacity) }
                let run = RunState(
                    images: images, bases: bases, width: width, height: height, options: options.pixelmatch,
                    count: count)
                if serial {
                    run.work(image: 0)
                    run.work(image: 1)
                } else {
                    ThreadPair.run({ run.work(image: 0) }, { run.work(image: 1) })
                }
                try run.rethrow()
                state = run
                countB = images[1].pixelBytes
            }
            countA = images[0].pixelBytes
        }
        let run = state!
        return Outcome(
            expected: RGBAImage(width: width, height: height, pixels: first),
            actual: RGBAImage(width: width, height: height, pixels: second),
            differingRows: run.rows.values, differing: count ? run.differing.values.reduce(0, +) : nil)
    }

    /// The shared state of one run: each image's progress, the next band, the results.
    /// `@unchecked Sendable`: the two buffers are written only by their decoding thread, and read
    /// only in rows that thread has published (release / acquire on `progress`); every other
    /// field is an atomic or a lock.
    final class RunState: @unchecked Sendable {
        let images: [Image]
        let bases: [UnsafeMutablePointer<UInt8>]
        let width: Int
        let height: Int
        let count: Bool
        let kernel: PixelmatchKernel
        let bands: Int
        /// Rows in place, per image.
        let progressA = Atomic<Int>(0)
        let progressB = Atomic<Int>(0)
        /// Threads that started decoding.
        let started = Atomic<Int>(0)
        let nextBand = Atomic<Int>(0)
        /// An image failed to decode: nothing more is compared, and the actual image's thread
        /// stops (the expected image is decoded to its end, for its own error).
        let failed = Atomic<Bool>(false)
        let errors = OutcomeSlots<ImagingError?>(count: 2, initial: nil)
        let rows: BandResults<Bool>
        let differing: BandResults<Int>

        init(
            images: [Image], bases: [UnsafeMutablePointer<UInt8>], width: Int, height: Int,
            options: PixelmatchOptions, count: Bool
        ) {
            self.images = images
            self.bases = bases
            self.width = width
            self.height = height
            self.count = count
            kernel = PixelmatchKernel(
                first: UnsafePointer(bases[0]), second: UnsafePointer(bases[1]), output: nil, width: width,
                height: height, options: options)
            bands = (height + RowPipelinedPair.bandRows - 1) / RowPipelinedPair.bandRows
            rows = BandResults(count: height, initial: false)
            differing = BandResults(count: bands, initial: 0)
        }

        func progress(of image: Int) -> Int {
            image == 0 ? progressA.load(ordering: .acquiring) : progressB.load(ordering: .acquiring)
        }

        func publish(_ image: Int, _ rows: Int) {
            if image == 0 { progressA.store(rows, ordering: .releasing) } else { progressB.store(rows, ordering: .releasing) }
        }

        /// One thread: decode `image`, comparing bands when ahead of the other image; then
        /// compare the bands left. The two calls may also run one after the other on one thread
        /// (a busy or one-core machine): a thread waits for the other image only while the other
        /// thread is decoding it, and the thread that ends decoding last compares every band left.
        func work(image: Int) {
            let other = 1 - image
            let source = images[image]
            started.add(1, ordering: .acquiringAndReleasing)
            do {
                _ = try PNGDecoder.inflateRows(
                    source.header, pieces: source.pieces, expectedSize: source.expectedSize, into: bases[image],
                    capacity: source.capacity, file: source.file
                ) { [self] done in
                    publish(image, done)
                    // The expected image is decoded to its end even when the other failed, so
                    // its own error, if any, is the one reported (as decoding each alone does).
                    if image == 1 && failed.load(ordering: .relaxed) { return false }
                    if done % RowPipelinedPair.helpEvery == 0 && done > progress(of: other) { _ = compareNextBand() }
                    return true
                }
            } catch {
                errors.set(image, error as? ImagingError ?? .io(file: source.file, detail: "\(error)"))
                failed.store(true, ordering: .relaxed)
                return
            }
            while !failed.load(ordering: .relaxed) {
                switch compareNextBand() {
                case .compared: continue
                case .allTaken: return
                case .notReady:
                    // The other image is not decoded yet: wait while its thread runs; if it has
                    // not started, it ends last and compares the rest.
                    if started.load(ordering: .acquiring) < 2 { return }
                    sched_yield()
                }
            }
        }

        enum Step { case compared, notReady, allTaken }

        /// Takes the next band if both images have decoded past it, and compares it.
        func compareNextBand() -> Step {
            while true {
                let band = nextBand.load(ordering: .relaxed)
                if band >= bands { return .allTaken }
                let lower = band * RowPipelinedPair.bandRows
                let upper = min(height, lower + RowPipelinedPair.bandRows)
                // Counting reads two rows past the band in both images; marking rows only the band.
                let needed = count ? min(height, upper + 2) : upper
                guard min(progress(of: 0), progress(of: 1)) >= needed else { return .notReady }
                guard nextBand.compareExchange(expected: band, desired: band + 1, ordering: .relaxed).exchanged else { continue }
                compare(band: band, rows: lower..<upper)
                return .compared
            }
        }

        private func compare(band: Int, rows range: Range<Int>) {
            let rowBytes = width * 4
            var any = false
            for y in range where memcmp(bases[0] + y * rowBytes, bases[1] + y * rowBytes, rowBytes) != 0 {
                rows.set(y, true)
                any = true
            }
            if count && any { differing.set(band, kernel.differing(rows: range)) }
        }

        /// The first decoding error, the expected image's first.
        func rethrow() throws {
            let values = errors.values
            if let error = values[0] ?? values[1] { throw error }
        }
    }

    /// Results written by band, each slot by one thread, read once every thread has ended.
    final class BandResults<Value: Sendable>: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<Value>
        init(count: Int, initial: Value) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: initial)
        }
        deinit { slots.deallocate() }
        func set(_ index: Int, _ value: Value) { slots[index] = value }
        var values: [Value] { Array(slots) }
    }
}
