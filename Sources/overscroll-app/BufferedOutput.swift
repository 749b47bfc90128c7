import Support

/// Standard output in 64 KB blocks: long streams of rows are written as they are made, in a
/// bounded buffer, never trapping on a closed or full output.
final class BufferedOutput {
    private var buffer = ""
    private let blockSize = 64 * 1024

    func append(_ text: String) {
        buffer += text
        if buffer.utf8.count >= blockSize { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        StandardStreams.output(buffer)
        buffer = ""
    }
}

/// A series of points with at most `limit` kept: when full, every other point is dropped and
/// only every `stride`-th new point is taken, so a long series keeps an even spread in bounded memory.
struct ThinnedSeries {
    let limit: Int
    private(set) var points: [(Double, Double)] = []
    private var stride = 1
    private var seen = 0

    init(limit: Int) { self.limit = max(2, limit) }

    mutating func add(_ point: (Double, Double)) {
        defer { seen += 1 }
        guard seen % stride == 0 else { return }
        points.append(point)
        if points.count >= limit {
            points = points.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            stride *= 2
        }
    }
}
