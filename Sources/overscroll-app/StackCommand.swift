import CommandLineKit
import Desktop
import Foundation
import Rendering
import Support

/// `overscroll stack [--json]`: the rendering stack this program draws with, as `overscroll test`
/// records it (results.json, the report, JUnit, `__snapshots__/stack.json`).
enum StackCommand {
    struct Flags: OptionGroup {
        let json = Option.flag("json", help: "print it as one JSON object (as in results.json)")
    }
    static let flags = Flags()

    static let spec = CommandSpec(
        "overscroll stack",
        about: """
            Prints the versions of cairo, pixman, pango, harfbuzz, freetype, fontconfig, rlottie and SDL
            as the loaded libraries report them (rlottie has no version call: its shared object's file
            name), where each comes from, and the SHA-256 of the font files the pinned fontconfig
            resolves. `overscroll test` records the same in results.json, the report, the JUnit
            properties and __snapshots__/stack.json.
            """,
        options: flags)

    static func run(_ argv: [String]) throws -> Int32 {
        guard let a = try spec.read(argv) else { return 0 }
        let stack = RenderingStack.probe(adding: [SDLLibrary.stackEntry()])
        if a[flags.json] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            StandardStreams.output(String(decoding: try encoder.encode(stack), as: UTF8.self) + "\n")
        } else {
            StandardStreams.output(stack.table.joined(separator: "\n") + "\n")
        }
        return 0
    }
}
