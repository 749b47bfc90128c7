import CommandLineKit
import Scenes
import ScrollEngine
import Support

/// `overscroll feel [--physics NAME]`: prints the whole default feel file, every field with its
/// default, so a user starts from it (`run --feel FILE`, the scenario field `feel`).
enum FeelCommand {
    struct Flags: OptionGroup {
        let physics = Option.choice(
            "physics", value: "NAME", PhysicsRegistry.names,
            help: "the physics profile whose numbers the file lists", default: PhysicsRegistry.defaultName,
            ignoringCase: true)
        let fields = Option.flag("fields", help: "print the table of fields (unit, range, default, meaning) in Markdown instead")
    }
    static let flags = Flags()

    static let spec = CommandSpec(
        "overscroll feel",
        about: """
            Prints the default feel file: the physics profile and its numbers, the wheel step, the
            refresh numbers, the spinner's numbers, the Lottie file and the theme, each at its
            default. Save it, change what you tune, and open it with `overscroll run --feel FILE`
            (saving it again applies it to the open window) or name it in a scenario ("feel": FILE).
            A field left out keeps its default; the README lists every field's unit and range.
            """,
        options: flags)

    static func run(_ argv: [String]) throws -> Int32 {
        guard let a = try spec.read(argv) else { return 0 }
        if a[flags.fields] {
            StandardStreams.output(FeelText.markdownTable())
            return 0
        }
        let name = (a.value(flags.physics) ?? PhysicsRegistry.defaultName).lowercased()
        StandardStreams.output(FeelText.file(Feel(physics: name)))
        return 0
    }
}
