@testable import CommandLineKit
import Testing

/// `OptionList`: options made at run time from a list (the result formats) are declared where
/// the list stands, parsed, listed in help and completed like any other.
@Suite struct OptionListTests {
    struct Flags: OptionGroup {
        let out = Option.string("out", value: "DIR", help: "output folder")
        let files = OptionList(["junit", "tap"].map { Option.string($0, value: "FILE", help: "also write \($0)") })
        let quiet = Option.flag("quiet", help: "say less")
    }

    @Test func listedOptionsStandWhereTheListIsDeclared() throws {
        let flags = Flags()
        let spec = CommandSpec("tool merge", options: flags)
        #expect(spec.options.map(\.name) == ["out", "junit", "tap", "quiet"])
        guard case .run(let a) = try spec.parse(["--tap", "t.txt", "--out", "o"]) else {
            Issue.record("expected arguments")
            return
        }
        #expect(flags.files.options.map { a.value($0) } == [nil, "t.txt"])
        #expect(spec.help.contains("--junit FILE") && spec.help.contains("also write tap"))
        #expect(spec.options.first { $0.name == "tap" }?.valueKind == .file(extension: nil))
        #expect(throws: CommandLineError.self) { try spec.parse(["--junit"]) }
    }
}
