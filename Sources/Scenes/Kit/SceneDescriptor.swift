import ScrollEngine

/// Everything the shell needs to know about one scene before it exists: its name (`--scene`,
/// scenarios), the key that opens it in the window, whether it shows the bundled Lottie
/// animation when no spinner style is chosen, whether it refreshes (F5, Ctrl+R and Esc do
/// something there), and how to build it.
public struct SceneDescriptor: Sendable {
    public let name: String
    /// The digit key (1–9) that opens the scene: the keys `Key` has and the SDL adapter maps.
    public let key: Int

    /// The digit keys a scene can be opened with; a scene outside them is refused when it is
    /// declared (it would otherwise silently open with no key).
    public static let keys: ClosedRange<Int> = 1...9
    public let prefersLottie: Bool
    /// The scene has a refresh: F5 / Ctrl+R start one and Esc cancels it.
    public let refreshes: Bool
    public let make: @Sendable (SceneContext) -> any Scene

    public init(
        name: String, key: Int, prefersLottie: Bool = false, refreshes: Bool = false, make: @escaping @Sendable (SceneContext) -> any Scene
    ) {
        precondition(Self.keys.contains(key), "scene \(name): key \(key) is not a digit key 1–9")
        self.name = name
        self.key = key
        self.prefersLottie = prefersLottie
        self.refreshes = refreshes
        self.make = make
    }
}
