/// The result of comparing one frame (one pair of PNG files).
public struct FrameComparison: Sendable, Equatable {
    /// The frame's file name.
    public var name: String
    /// Image width and height in pixels.
    public var width: Int
    public var height: Int
    /// Pixels counted as different.
    public var differing: Int
    /// True when decided by the fast path (identical files or identical decoded pixels).
    public var identical: Bool
    /// True when `differing` is within the tolerance.
    public var match: Bool

    /// Differing pixels ÷ total pixels (0…1).
    public var ratio: Double {
        width * height == 0 ? 0 : Double(differing) / Double(width * height)
    }

    public init(name: String, width: Int, height: Int, differing: Int, identical: Bool, match: Bool) {
        self.name = name
        self.width = width
        self.height = height
        self.differing = differing
        self.identical = identical
        self.match = match
    }
}
