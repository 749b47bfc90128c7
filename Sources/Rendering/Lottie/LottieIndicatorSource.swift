import Foundation
import ScrollEngine
import Support

/// A Lottie file checked and ready for the indicator: its info plus the JSON text the render
/// thread parses again (from rlottie's cache) for its own animation object.
public struct LottieIndicatorSource: Sendable {
    public let info: LottieAnimationInfo
    let json: String
    /// rlottie cache key: the content's hash, so the same text is parsed once.
    let key: String
    /// Folder of the file, where rlottie looks for image assets.
    let resourcePath: String

    /// Seconds the parse may take before the file is rejected (it runs on its own thread).
    public static let defaultParseTimeout: Double = 2

    /// The largest Lottie file read (the indicators in use are a few kB to a few hundred kB).
    public static let maxFileBytes = 64 << 20

    /// Reads and parses `path` and checks it has frames, a frame rate and a canvas. Call at
    /// start-up; on error print `error.message` and use the vector spinner.
    public static func load(
        path: String, segments: LottieSegmentChoices = LottieSegmentChoices(),
        parseTimeout: Double = defaultParseTimeout
    ) throws(LottieLoadError) -> LottieIndicatorSource {
        // Only a regular file is read: a FIFO would block, /dev/zero never end.
        let data: Data
        do { data = Data(try InputFile.read(path, maxBytes: maxFileBytes)) } catch {
            switch error {
            case .missing: throw .missing(path: path)
            case let .notRegular(_, kind): throw .unreadable(path: path, reason: "it is \(kind), not a regular file")
            case let .tooLarge(_, size, limit):
                throw .unreadable(path: path, reason: "\(InputFile.megabytes(size)), over the limit of \(InputFile.megabytes(limit))")
            case let .unreadable(_, reason): throw .unreadable(path: path, reason: reason)
            }
        }
        guard let json = String(data: data, encoding: .utf8) else {
            throw .unreadable(path: path, reason: "not UTF-8 text")
        }
        guard !json.contains("\0") else { throw .unparsable(path: path) }
        let key = "overscroll-lottie-\(fnv1a(data))"
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent().path + "/"

        // The probe thread's answer; nil until it arrives.
        let probe = WaitableState<ProbeOutcome?>(nil)
        let thread = Thread {
            let outcome: ProbeOutcome
            if let a = RlottieAnimation(json: json, key: key, resourcePath: dir) {
                outcome = .parsed(frames: a.frameCount, fps: a.frameRate, width: a.width, height: a.height, markers: a.markers)
            } else {
                outcome = .rejected
            }
            probe.change { $0 = outcome }
        }
        thread.stackSize = LottieRenderWorker.threadStackBytes
        thread.name = "lottie-probe"
        thread.start()
        let deadline = ContinuousClock.now + .seconds(parseTimeout)
        guard let outcome = probe.wait(until: deadline, for: { $0 != nil }, then: { $0 }) else {
            throw .timedOut(path: path, seconds: parseTimeout)
        }
        guard case let .parsed(frames, fps, w, h, markers) = outcome else { throw .unparsable(path: path) }
        guard frames > 0 else { throw .zeroFrames(path: path) }
        guard fps > 0, fps.isFinite else { throw .zeroFrameRate(path: path) }
        guard w > 0, h > 0 else { throw .emptyCanvas(path: path) }
        var info = LottieAnimationInfo(
            path: path, frameCount: frames, frameRate: fps,
            width: Double(w), height: Double(h))
        if !segments.isEmpty {
            do {
                info.segments = try LottieSegments.resolve(segments, markers: markers, inPoint: inPoint(of: data), frameCount: frames)
            } catch { throw .segment(path: path, reason: error.description) }
        }
        return LottieIndicatorSource(info: info, json: json, key: key, resourcePath: dir)
    }

    /// The file's in-point (`ip`, the composition frame of the renderer's frame 0; rlottie's C
    /// API does not give it, and its markers are in composition frames).
    static func inPoint(of data: Data) -> Int {
        let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        guard let ip = (root?["ip"] as? NSNumber)?.doubleValue, ip.isFinite, abs(ip) < 1e9 else { return 0 }
        return Int(ip.rounded(.down))
    }

    /// 64-bit FNV-1a of the bytes, in hex.
    private static func fnv1a(_ data: Data) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in data { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return String(h, radix: 16)
    }
}

/// What the probe thread found in a Lottie file.
private enum ProbeOutcome: Sendable {
    case parsed(frames: Int, fps: Double, width: Int, height: Int, markers: [LottieMarker])
    case rejected
}

extension LottieIndicatorSource {
    /// File name of the project's own refresh animation in `Assets/`.
    public static let bundledAnimationName = "refresh.json"

    /// Loads `Assets/refresh.json` (the `coordinator` scene's default indicator).
    public static func loadBundled(segments: LottieSegmentChoices = LottieSegmentChoices()) throws(LottieLoadError) -> LottieIndicatorSource
    {
        let found: URL?
        do { found = try AssetLocator.asset(bundledAnimationName) } catch {
            throw .unreadable(path: "Assets/" + bundledAnimationName, reason: error.description)
        }
        guard let url = found else { throw .missing(path: "Assets/" + bundledAnimationName) }
        return try load(path: url.path, segments: segments)
    }
}
