@testable import CommandLineKit
import Testing

/// A command declared like the real ones, read by the parser.
enum Sample {
    struct Flags: OptionGroup {
        let threshold = Option.number("threshold", value: "T", in: 0...1, help: "matching threshold", default: 0.1)
        let count = Option.integer("count", value: "N", in: 1...10, help: "how many")
        let json = Option.flag("json", help: "print JSON")
        let theme = Option.choice("theme", value: "NAME", ["light", "dark"], help: "colours", default: "light")
        let out = Option.string("out", value: "DIR", help: "output folder", required: true)
        let diff = Option.string("diff", value: "FILE", help: "diff image", allowEmpty: false)
        let at = Option.numbers("at", value: "T1,T2", help: "sample times")
        let only = Option.list("only", value: "NAMES", ["frames", "record"], help: "parts")
        let size = Option<[Int]>.custom("size", value: "WxH", help: "size", expects: "WxH (e.g. 390x844)") { text in
            let parts = text.split(separator: "x").compactMap { Int($0) }
            return parts.count == 2 ? parts : nil
        }
        let secret = Option.string("secret", value: "CASE", help: "internal", hidden: true)
        let mode = Option<Mode>.choice("mode", value: "MODE", help: "how", default: .fast)
    }
    enum Mode: String, CaseIterable, Sendable { case fast, careful, oneByOne = "one-by-one" }
    static let flags = Flags()
    static let threshold = flags.threshold, count = flags.count, json = flags.json, theme = flags.theme, out = flags.out
    static let diff = flags.diff, at = flags.at, only = flags.only, size = flags.size, secret = flags.secret, mode = flags.mode

    static let spec = CommandSpec(
        "tool sample", about: "Does a sample thing.",
        positionals: [Positional("INPUT", help: "the input file")],
        options: flags,
        epilogue: "More words.")

    /// The parsed arguments of a command line that must parse.
    static func parsed(_ words: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> ParsedArguments {
        guard case .run(let a) = try spec.parse(words) else {
            Issue.record("expected arguments, got the help", sourceLocation: sourceLocation)
            throw CommandLineError("help")
        }
        return a
    }

    /// The one-line error of a command line that must not parse.
    static func error(_ words: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        do {
            _ = try spec.parse(words)
            Issue.record("\(words) parsed", sourceLocation: sourceLocation)
            return ""
        } catch {
            #expect(!error.message.contains("\n"), sourceLocation: sourceLocation)
            return error.message
        }
    }
}

@Suite struct ParserTests {
    @Test func valuesAreReadInBothSpellingsAndTyped() throws {
        let a = try Sample.parsed([
            "in.png", "--threshold", "0.25", "--count=3", "--json", "--out=o", "--theme", "dark",
            "--at", "0.1, 0.5", "--only", "record,frames", "--size", "3x4"
        ])
        #expect(a.positionals == ["in.png"])
        #expect(a.value(Sample.threshold) == 0.25)
        #expect(a.value(Sample.count) == 3)
        #expect(a[Sample.json])
        #expect(a.value(Sample.out) == "o")
        #expect(a.value(Sample.theme) == "dark")
        #expect(a.value(Sample.at) == [0.1, 0.5])
        #expect(a.value(Sample.only) == ["record", "frames"])
        #expect(a.value(Sample.size) == [3, 4])
        #expect(a.given == ["threshold", "count", "json", "out", "theme", "at", "only", "size"])
    }

    @Test func absentOptionsGiveTheirDeclaredDefault() throws {
        let a = try Sample.parsed(["in.png", "--out", "o"])
        #expect(a.value(Sample.threshold) == 0.1 && !a.has(Sample.threshold))
        #expect(a.value(Sample.theme) == "light")
        #expect(a.value(Sample.count) == nil && a.value(Sample.diff) == nil)
        #expect(!a[Sample.json])
        #expect(a.given == ["out"])
    }

    @Test func theLastOfARepeatedOptionWins() throws {
        #expect(try Sample.parsed(["i", "--out", "a", "--out", "b"]).value(Sample.out) == "b")
    }

    @Test func aValueThatLooksLikeAFlagNeedsTheEqualsSpelling() throws {
        let a = try Sample.parsed(["--out=-x", "-5", "--diff=--json"])
        #expect(a.value(Sample.out) == "-x")
        #expect(a.value(Sample.diff) == "--json" && !a[Sample.json])
        #expect(a.positionals == ["-5"])
        #expect(try Sample.parsed(["-", "--out", "o"]).positionals == ["-"])
        // `--diff --json` is a forgotten value, not the text "--json".
        for words in [["i", "--out", "o", "--diff", "--json"], ["i", "--out", "-x"]] {
            #expect(throws: CommandLineError.self, "\(words)") { try Sample.parsed(words) }
            do { _ = try Sample.parsed(words) } catch {
                #expect("\(error)".contains("needs a value, got the flag") && "\(error)".contains("=-"), "\(error)")
            }
        }
        #expect(try Sample.parsed(["i", "--out", "-3"]).value(Sample.out) == "-3", "a negative number is a value")
    }

    @Test func doubleDashEndsTheOptions() throws {
        let a = try Sample.parsed(["--out", "o", "--", "--json"])
        #expect(a.positionals == ["--json"] && !a[Sample.json])
        #expect(try Sample.parsed(["--out", "o", "--", "-h"]).positionals == ["-h"])
    }

    @Test func helpIsAskedWithEitherSpelling() throws {
        for words in [["--help"], ["-h"], ["in", "--out", "o", "--help"], ["--help", "--no-such-flag"]] {
            guard case .help = try Sample.spec.parse(words) else { Issue.record("\(words)"); continue }
        }
    }

    @Test func anUnknownFlagNamesItAndSuggestsTheNearestDeclaredOne() {
        #expect(
            Sample.error(["in", "--out", "o", "--thresold", "0.2"])
                == "unknown flag --thresold; did you mean --threshold? (see `tool sample --help`)")
        #expect(Sample.error(["in", "--out", "o", "--jsno"]).contains("did you mean --json?"))
        #expect(Sample.error(["in", "--out", "o", "--thres=1"]).contains("unknown flag --thres; did you mean --threshold?"))
        #expect(Sample.error(["in", "--out", "o", "-json"]).contains("unknown flag -json; did you mean --json?"))
        let far = Sample.error(["in", "--out", "o", "--frobnicate"])
        #expect(far == "unknown flag --frobnicate (see `tool sample --help`)")
        // A hidden option is accepted but never suggested.
        #expect(!Sample.error(["in", "--out", "o", "--secrte"]).contains("did you mean"))
    }

    /// #44 item 14: `test --update` alone lists its modes; `--update-missing` points at `--update=missing`.
    @Test func aChoiceWithoutItsValueListsTheChoicesAndAJoinedValueIsPointedAtTheEqualsForm() {
        #expect(Sample.error(["in", "--out", "o", "--theme"]) == "--theme needs a value (light, dark)")
        #expect(Sample.error(["in", "--out", "o", "--theme", "--json"]).hasPrefix("--theme needs a value (light, dark), got the flag"))
        #expect(Sample.error(["in", "--out", "o", "--count"]) == "--count needs a value")
        #expect(
            Sample.error(["in", "--out", "o", "--mode-careful"])
                == "unknown flag --mode-careful; did you mean --mode=careful? (see `tool sample --help`)")
    }

    @Test func echoedWordsStayOnOneLineWithoutEscapeSequences() {
        #expect(
            Sample.error(["in", "--out", "o", "--threshold", "1\n\u{1B}[2J"]) == "--threshold must be a number in 0…1, got '1\\n\\x1B[2J'")
        #expect(Sample.error(["in", "--out", "o", "--b\u{7}"]) == "unknown flag --b\\x07 (see `tool sample --help`)")
        #expect(CommandList(program: "p", entries: []).unknown("a\tb") == "unknown command 'a\\tb' ()")
    }

    @Test func aMissingValueOrAValueGivenToAFlagIsRefused() {
        #expect(Sample.error(["in", "--out"]) == "--out needs a value")
        #expect(Sample.error(["in", "--out", "o", "--json=yes"]) == "--json takes no value")
    }

    @Test func numbersAreCheckedAgainstTheDeclaredRange() {
        #expect(Sample.error(["in", "--out", "o", "--threshold", "2"]) == "--threshold must be a number in 0…1, got '2'")
        #expect(Sample.error(["in", "--out", "o", "--threshold", "nan"]) == "--threshold must be a number in 0…1, got 'nan'")
        #expect(Sample.error(["in", "--out", "o", "--threshold", "-0.5"]) == "--threshold must be a number in 0…1, got '-0.5'")
        #expect(Sample.error(["in", "--out", "o", "--count", "0"]) == "--count must be a whole number in 1…10, got '0'")
        #expect(Sample.error(["in", "--out", "o", "--count", "2.5"]) == "--count must be a whole number in 1…10, got '2.5'")
        let open = CommandSpec(
            "tool open",
            specs: [
                Option.integer("n", value: "N", in: 1...Int.max, help: "n").spec,
                Option.number("x", value: "X", help: "x").spec
            ])
        #expect(throws: CommandLineError("--n must be a whole number ≥ 1, got '0'")) { try open.parse(["--n", "0"]) }
        #expect(throws: CommandLineError("--x must be a number, got 'inf'")) { try open.parse(["--x", "inf"]) }
        #expect(Sample.error(["in", "--out", "o", "--at", "1,x"]) == "--at expects numbers separated by commas, got '1,x'")
    }

    @Test func choicesAndCustomValuesNameTheFlag() {
        #expect(Sample.error(["in", "--out", "o", "--theme", "drak"]) == "--theme 'drak' is unknown (light, dark); did you mean 'dark'?")
        #expect(Sample.error(["in", "--out", "o", "--theme", "sepia"]) == "--theme 'sepia' is unknown (light, dark)")
        #expect(Sample.error(["in", "--out", "o", "--only", "frames,soak"]) == "--only 'soak' is unknown (frames, record)")
        #expect(Sample.error(["in", "--out", "o", "--size", "12"]) == "--size expects WxH (e.g. 390x844), got '12'")
        #expect(Sample.error(["in", "--out", "o", "--diff", ""]) == "--diff needs a non-empty path")
    }

    @Test func aChoiceIgnoringCaseAcceptsAnyCaseAndStillSuggests() throws {
        let scene = Option.choice("scene", value: "NAME", ["coordinator", "list"], help: "scene", ignoringCase: true)
        let spec = CommandSpec("tool run", specs: [scene.spec])
        guard case .run(let a) = try spec.parse(["--scene", "Coordinator"]) else { Issue.record("help"); return }
        #expect(a.value(scene) == "coordinator", "the declared spelling")
        guard case .run(let b) = try spec.parse(["--scene", "LIST"]) else { Issue.record("help"); return }
        #expect(b.value(scene) == "list")
        #expect(throws: CommandLineError("--scene 'lst' is unknown (coordinator, list); did you mean 'list'?")) {
            try spec.parse(["--scene", "lst"])
        }
        #expect(throws: CommandLineError("--scene 'Coordinater' is unknown (coordinator, list); did you mean 'coordinator'?")) {
            try spec.parse(["--scene", "Coordinater"])
        }
        // Without it, case still matters (themes, outcomes).
        #expect(Sample.error(["in", "--out", "o", "--theme", "Dark"]) == "--theme 'Dark' is unknown (light, dark); did you mean 'dark'?")
    }

    @Test func requiredOptionsAndPositionalCountsAreChecked() {
        #expect(Sample.error(["in"]) == "--out DIR is required (see `tool sample --help`)")
        #expect(Sample.error(["--out", "o"]) == "expected one argument INPUT, got 0 (see `tool sample --help`)")
        #expect(Sample.error(["a", "b", "--out", "o"]) == "expected one argument INPUT, got 2: unexpected 'b' (see `tool sample --help`)")
        let none = CommandSpec("tool none")
        #expect(throws: CommandLineError("unexpected argument 'x' (see `tool none --help`)")) { try none.parse(["x"]) }
        let many = CommandSpec("tool many", positionals: [Positional("DIR", repeats: true)])
        #expect(throws: CommandLineError("expected at least one DIR…, got 0 (see `tool many --help`)")) { try many.parse([]) }
        guard case .run(let a) = try? many.parse(["a", "b", "c"]) else { Issue.record("three DIRs"); return }
        #expect(a.positionals == ["a", "b", "c"])
    }

    @Test func aCaseIterableChoiceReadsTheCaseAndListsEveryCase() throws {
        #expect(try Sample.parsed(["i", "--out", "o", "--mode", "one-by-one"]).value(Sample.mode) == .oneByOne)
        #expect(try Sample.parsed(["i", "--out", "o"]).value(Sample.mode) == .fast)
        #expect(Sample.mode.spec.choices == ["fast", "careful", "one-by-one"])
        #expect(
            Sample.error(["i", "--out", "o", "--mode", "carefull"])
                == "--mode 'carefull' is unknown (fast, careful, one-by-one); did you mean 'careful'?")
        // The kit escapes what it echoes, for every kind of option (a raw ESC never reaches the terminal).
        #expect(Sample.error(["i", "--out", "o", "--mode", "\u{1B}[2J"]) == "--mode '\\x1B[2J' is unknown (fast, careful, one-by-one)")
    }

    @Test func aCustomParserThatThrowsGetsAMessageBuiltAndEscapedByTheKit() {
        struct Refused: Error, CustomStringConvertible { let text: String; var description: String { "bad \(text)" } }
        let f = Option<Int>.custom("frames", value: "SEL", help: "frames", expects: "all or numbers") { text in
            if text == "all" { return 0 }
            throw Refused(text: text)
        }
        let spec = CommandSpec("tool frames", specs: [f.spec])
        #expect(throws: CommandLineError("--frames expects all or numbers, got 'x\\x1B': bad x\\x1B")) {
            try spec.parse(["--frames", "x\u{1B}"])
        }
        guard case .run(let a) = try? spec.parse(["--frames", "all"]) else { Issue.record("all"); return }
        #expect(a.value(f) == 0)
    }

    @Test func positionalChoicesAreCheckedWithASuggestion() {
        let spec = CommandSpec("tool curve", positionals: [Positional("KIND", choices: ["spring", "fling"])])
        #expect(throws: CommandLineError("KIND 'sprign' is unknown (spring, fling); did you mean 'spring'?")) { try spec.parse(["sprign"]) }
        #expect(throws: CommandLineError("KIND 'a\\tb' is unknown (spring, fling)")) { try spec.parse(["a\tb"]) }
    }

    @Test func groupsListTheirOptionsInDeclarationOrderWithNestedGroupsInPlace() {
        struct Inner: OptionGroup { let b = Option.flag("b", help: "b"); let c = Option.flag("c", help: "c") }
        struct Outer: OptionGroup { let a = Option.flag("a", help: "a"); let inner = Inner(); let d = Option.flag("d", help: "d") }
        #expect(Outer().optionSpecs.map(\.name) == ["a", "b", "c", "d"])
        #expect(
            Sample.spec.options.map(\.name) == [
                "threshold", "count", "json", "theme", "out", "diff", "at", "only", "size", "secret", "mode"
            ])
    }
}
