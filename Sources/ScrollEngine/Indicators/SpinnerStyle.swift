/// How the vector spinner loops while refreshing (docs/BEHAVIOUR.md, "Refresh indicators"): one
/// of the styles in `registered`, each a `SpinnerStyleDefinition` declared in its own file.
public struct SpinnerStyle: Sendable, Equatable {
    /// The styles `init(name:)` accepts, in the order `names` lists them. One line per style.
    public static let registered: [SpinnerStyle] = [
        SpinnerStyle(SeedSpinnerStyle()),
        SpinnerStyle(MaterialSpinnerStyle()),
        SpinnerStyle(IOSSpinnerStyle())
    ]

    /// The style's declaration: its name, numbers, loop and drawing.
    public let definition: any SpinnerStyleDefinition

    public init(_ definition: some SpinnerStyleDefinition) { self.definition = definition }

    /// Style names accepted by `init(name:)` (`--spinner`, the scenario field `spinner` and
    /// their error messages read them).
    public static var names: [String] { registered.map(\.name) }

    /// Parses a registered style's name, in any case (the `--spinner` flag and the scenario field).
    public init?(name: String) { self.init(name: name, in: Self.registered) }

    /// Parses one of `styles`' names, in any case, to that style's default value.
    public init?(name: String, in styles: [SpinnerStyle]) {
        let wanted = name.lowercased()
        guard let style = styles.first(where: { $0.name == wanted }) else { return nil }
        self = style
    }

    /// The style's name (`seed`, `material`, `ios`).
    public var name: String { definition.name }

    /// Seconds of the style's first cycle: the time over which the loop blends out of the pull
    /// arc (continuity at the progress → loop switch).
    public var firstCycleSeconds: Double { definition.firstCycleSeconds }

    public static func == (a: SpinnerStyle, b: SpinnerStyle) -> Bool { a.definition.isEqual(to: b.definition) }
}
