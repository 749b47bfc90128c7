@testable import CommandLineKit
import Foundation
import Testing

/// The man pages and the shell completions are made from the same declarations as the parser
/// and the help: every option that is not hidden appears in each, with its choices.
@Suite struct GeneratorTests {
    static let list = CommandList(
        program: "tool", summary: "does tool things",
        entries: [
            .init("sample", "a sample thing", spec: Sample.spec) { _ in 0 },
            .init("curve", "a curve", spec: CommandSpec("tool curve", positionals: [Positional("KIND", choices: ["spring", "fling"])])) {
                _ in 0
            },
            .init("help", "this text") { _ in 0 },
            .init("__worker", "internal", spec: CommandSpec("tool __worker"), hidden: true) { _ in 0 }
        ])
    static let header = ManPage.Header(source: "tool 1.0", date: "2026-12-01", manual: "Tool Manual")

    @Test func theCommandPageHasEveryOptionItsValueAndItsAnnotation() {
        let page = ManPage.command(Sample.spec, summary: "a sample thing", list: Self.list, header: Self.header)
        #expect(page.contains(".TH \"TOOL\\-SAMPLE\" 1 \"2026\\-12\\-01\" \"tool 1.0\" \"Tool Manual\"\n"))
        #expect(page.contains(".SH NAME\ntool\\-sample \\- a sample thing\n"))
        for o in Sample.spec.allOptions where !o.hidden {
            #expect(page.contains(".TP\n\\fB\(ManPage.escape(o.flag))\\fR"), "\(o.flag) missing from the man page")
        }
        #expect(!page.contains("secret"))
        #expect(page.contains("matching threshold (0…1, default 0.1)"))
        #expect(page.contains("how (fast, careful, one\\-by\\-one; default fast)"))
        #expect(page.contains(".SH SEE ALSO\n\\fBtool\\fR(1)\n"))
    }

    @Test func theProgramPageListsTheShownCommandsAndLinksTheirPages() {
        let pages = ManPage.pages(Self.list, description: "First.\n\n  table row\nLast.", header: Self.header)
        #expect(pages.map(\.file) == ["tool.1", "tool-sample.1", "tool-curve.1"])
        let page = pages[0].text
        #expect(page.contains(".TP\n.B sample\na sample thing; see \\fBtool\\-sample\\fR(1).\n"))
        #expect(page.contains(".TP\n.B help\nthis text.\n"))
        #expect(!page.contains("__worker"))
        #expect(page.contains("\\fB\\-\\-version\\fR"))
        #expect(page.contains("First.\n.PP\n.nf\n  table row\n.fi\nLast.\n"))
    }

    @Test func roffTextIsEscaped() {
        #expect(ManPage.escape(".starts with a dot") == "\\&.starts with a dot")
        #expect(ManPage.escape("'quote") == "\\&'quote")
        #expect(ManPage.escape("a\\b --c") == "a\\eb \\-\\-c")
        #expect(ManPage.escape("bell\u{7}") == "bell")
        #expect(ManPage.escape("run `x --help` now", code: true) == "run \\fBx \\-\\-help\\fR now")
    }

    @Test func everyCompletionHasEveryOptionOfEveryCommand() {
        for shell in Completion.Shell.allCases {
            let script = Completion.script(shell, Self.list)
            for o in Sample.spec.allOptions where !o.hidden {
                let expected =
                    switch shell {
                    case .bash: o.flag
                    case .zsh: "'\(o.flag)["
                    case .fish: "-n '__fish_seen_subcommand_from sample' -l \(o.name)"
                    }
                #expect(script.contains(expected), "\(shell): \(o.flag) missing")
            }
            #expect(!script.contains("secret") && !script.contains("__worker"), "\(shell)")
            #expect(script.contains("one-by-one"), "\(shell): the choices of --mode")
            #expect(script.contains("spring fling"), "\(shell): the choices of KIND")
        }
    }

    /// Runs the bash script's completion function on `line` (the word being completed last) and
    /// returns what it offers.
    static func bashComplete(_ script: String, _ line: [String]) throws -> [String] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("tool")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let words = line.map { "'" + $0 + "'" }.joined(separator: " ")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = [
            "--norc", "--noprofile", "-c",
            "source \"$1\"; COMP_WORDS=(\(words)); COMP_CWORD=\(line.count - 1); _tool; printf '%s\\n' \"${COMPREPLY[@]}\"", "bash",
            file.path
        ]
        p.currentDirectoryURL = dir
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsFlagsChoicesAndPositionals() throws {
        let script = Completion.script(.bash, Self.list)
        #expect(try Self.bashComplete(script, ["tool", "sa"]) == ["sample"])
        #expect(try Self.bashComplete(script, ["tool", ""]) == ["sample", "curve", "help"])
        #expect(try Self.bashComplete(script, ["tool", "sample", "--th"]) == ["--threshold", "--theme"])
        #expect(try Self.bashComplete(script, ["tool", "sample", "--theme", ""]) == ["light", "dark"])
        #expect(try Self.bashComplete(script, ["tool", "sample", "--mode", "o"]) == ["one-by-one"])
        #expect(try Self.bashComplete(script, ["tool", "curve", "f"]) == ["fling"])
        // After a value-taking flag and its value, the next word is the first positional again.
        #expect(try Self.bashComplete(script, ["tool", "curve", "--help", "s"]) == ["spring"])
    }
}

/// Issue #29 item 15: `help COMMAND` and `--flag=` completion.
@Suite struct HelpCommandAndEqualsCompletionTests {
    @Test func helpWithACommandPrintsThatCommandsHelp() {
        let list = GeneratorTests.list
        #expect(list.help(for: []).text == list.help)
        #expect(list.help(for: ["sample"]).text == Sample.spec.help)
        #expect(list.help(for: ["__worker"]).text == nil)
        #expect(list.help(for: ["sampel"]).error?.contains("did you mean 'sample'") == true)
    }

    @Test func bashCompletesTheValueAfterAnEqualsSign() throws {
        let script = Completion.script(.bash, GeneratorTests.list)
        #expect(try GeneratorTests.bashComplete(script, ["tool", "sample", "--theme", "="]) == ["light", "dark"])
        #expect(try GeneratorTests.bashComplete(script, ["tool", "sample", "--theme", "=", "d"]) == ["dark"])
    }
}
