/// An opaque 8-bit colour used for diff-image markings.
public struct RGBColor: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `R,G,B` with decimal components.
    public var description: String { "\(red),\(green),\(blue)" }
}
