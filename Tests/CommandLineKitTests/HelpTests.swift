@testable import CommandLineKit
import Testing

/// The help is made from the declarations: every option that is not hidden, with its value,
/// its help and its range, choices and default.
@Suite struct HelpTests {
    @Test func helpListsEveryDeclaredOptionWithItsAnnotation() {
        let help = Sample.spec.help
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "usage: tool sample INPUT --out DIR [options]")
        #expect(help.contains("\nDoes a sample thing.\n"))
        for o in Sample.spec.allOptions where !o.hidden {
            let line = lines.first { $0.hasPrefix("  \(o.synopsis) ") }
            #expect(line?.contains(o.help.split(separator: "\n")[0]) == true, "\(o.flag) missing from the help")
        }
        #expect(!help.contains("--secret"))
        #expect(lines.contains { $0.hasPrefix("  --threshold T") && $0.hasSuffix("matching threshold (0…1, default 0.1)") })
        #expect(lines.contains { $0.hasPrefix("  --count N") && $0.hasSuffix("how many (1…10)") })
        #expect(lines.contains { $0.hasPrefix("  --theme NAME") && $0.hasSuffix("colours (light, dark; default light)") })
        #expect(lines.contains { $0.hasPrefix("  --help") && $0.hasSuffix("this text") })
        #expect(lines.contains { $0.hasPrefix("  INPUT") && $0.hasSuffix("the input file") })
        #expect(help.hasSuffix("More words.\n"))
    }

    @Test func helpColumnsLineUp() {
        let lines = Sample.spec.help.split(separator: "\n").map(String.init)
        var columns: Set<Int> = []
        for o in Sample.spec.allOptions where !o.hidden {
            let text = String(o.help.split(separator: "\n")[0])
            guard let line = lines.first(where: { $0.hasPrefix("  \(o.synopsis) ") }),
                let r = line.dropFirst(2 + o.synopsis.count).firstRange(of: text)
            else {
                Issue.record("\(o.flag) missing")
                continue
            }
            columns.insert(line.distance(from: line.startIndex, to: r.lowerBound))
        }
        #expect(columns.count == 1)
    }

    @Test func aContinuationLineIsIndentedUnderItsText() {
        let spec = CommandSpec("tool wrap", specs: [Option.flag("a", help: "first line\nsecond line").spec])
        let lines = spec.help.split(separator: "\n").map(String.init)
        guard let first = lines.firstIndex(where: { $0.hasPrefix("  --a ") }) else { Issue.record("--a missing"); return }
        let column = lines[first].count - "first line".count
        #expect(lines[first + 1] == String(repeating: " ", count: column) + "second line")
    }

    @Test func anAnnotationThatWouldOverflowTheWidthGetsItsOwnLine() {
        let long = String(repeating: "word ", count: 13) + "last"  // 69 characters
        let spec = CommandSpec(
            "tool wrap",
            specs: [
                Option.choice("mode", value: "MODE", ["none", "missing", "changed", "all"], help: "short\n" + long).spec,
                Option.choice("fits", value: "MODE", ["a", "b"], help: "short").spec
            ])
        let lines = spec.help.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= CommandSpec.width }, "\(lines.filter { $0.count > CommandSpec.width })")
        guard let last = lines.firstIndex(where: { $0.hasSuffix(long) }) else { Issue.record("the long line is missing"); return }
        #expect(String(lines[last + 1].drop { $0 == " " }) == "(none, missing, changed, all)")
        #expect(lines.contains { $0.hasPrefix("  --fits MODE") && $0.hasSuffix("short (a, b)") })
    }

    @Test func theUsageLineShowsOptionalAndRepeatedPositionals() {
        let spec = CommandSpec("tool test", positionals: [Positional("PATH", optional: true, repeats: true)])
        #expect(spec.usageLine == "usage: tool test [PATH…]")
    }

    @Test func commandListHelpAndUnknownCommand() {
        let list = CommandList(
            program: "tool",
            entries: [
                .init("record", "record it", example: "tool record X") { _ in 0 }, .init("verify", "check it") { _ in 0 },
                .init("__worker", "internal", hidden: true) { _ in 0 }
            ])
        #expect(list.help.contains("  record  record it  tool record X\n  verify  check it\n"))
        #expect(list.unknown("recrod") == "unknown command 'recrod'; did you mean 'record'? (record, verify)")
        #expect(list.unknown("zzz") == "unknown command 'zzz' (record, verify)")
    }
}
