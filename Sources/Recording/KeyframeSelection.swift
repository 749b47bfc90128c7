import Foundation

/// Which frames of a recording `overscroll verify` checks (`--frames`): every frame, a list of
/// frame numbers (`0,30,60`), or every n-th frame from 0 (`every:10`) plus the last one, so the
/// end state is always checked. Keyframes keep golden folders small.
public enum KeyframeSelection: Sendable, Equatable {
    case all
    case list([Int])
    case every(Int)

    /// A `--frames` value that cannot be read or names a frame the scenario doesn't have.
    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public let message: String
        public var description: String { message }
    }

    /// Parses `all`, `0,30,60` or `every:N` (N ≥ 1).
    public static func parse(_ text: String) throws(Invalid) -> KeyframeSelection {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t == "all" { return .all }
        if t.hasPrefix("every:") {
            guard let n = Int(t.dropFirst(6)), n >= 1 else {
                throw Invalid(message: "--frames: expected every:N with a whole N ≥ 1, got '\(text)'")
            }
            return .every(n)
        }
        var frames: [Int] = []
        for part in t.split(separator: ",", omittingEmptySubsequences: false) {
            guard let n = Int(part.trimmingCharacters(in: .whitespaces)), n >= 0 else {
                throw Invalid(message: "--frames: expected frame numbers like 0,30,60 or every:10, got '\(text)'")
            }
            frames.append(n)
        }
        return .list(frames)
    }

    /// The chosen frame numbers, sorted and unique, for a recording of `frameCount` frames.
    public func frames(of frameCount: Int) throws(Invalid) -> [Int] {
        switch self {
        case .all:
            return Array(0..<frameCount)
        case let .every(n):
            var out = Array(stride(from: 0, to: frameCount, by: n))
            if let last = out.last, last != frameCount - 1 { out.append(frameCount - 1) }
            return out
        case let .list(list):
            if let bad = list.first(where: { $0 >= frameCount }) {
                throw Invalid(message: "--frames: frame \(bad) is past the last frame (\(frameCount - 1)) of this scenario")
            }
            return Array(Set(list)).sorted()
        }
    }
}
