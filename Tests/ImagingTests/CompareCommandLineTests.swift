import CommandLineKit
import CompareCommand
import Imaging
import Testing

/// `compare`'s declarations: the help lists each of them, `--` protects paths that look like flags.
@Suite struct CompareCommandLineTests {
    @Test func usageListsEveryDeclaredOption() {
        let usage = CompareCommandLine.usage
        #expect(usage.hasPrefix("usage: overscroll compare EXPECTED ACTUAL [options]\n"))
        for option in CompareCommandLine.spec.allOptions {
            #expect(usage.contains("\n  \(option.synopsis) "), "\(option.flag)")
        }
        #expect(usage.contains("(0…1, default 0.1)"))
        #expect(usage.contains("(default 255,0,0)"))
    }

    /// The hand-written list (kept for start-up time) is every declared option, in declaration order.
    @Test func handListedOptionsAreTheDeclaredOnes() {
        let flags = CompareCommandLine.flags
        let listed = flags.optionSpecs.map { [$0.name, $0.valueName ?? "", $0.help, $0.annotation ?? ""] }
        let declared = flags.reflectedOptionSpecs.map { [$0.name, $0.valueName ?? "", $0.help, $0.annotation ?? ""] }
        #expect(declared.count == 13)
        #expect(listed == declared)
    }

    @Test func pathsAfterDoubleDashAreNotFlags() throws {
        guard case .run(let invocation) = try CompareCommandLine.parse(["--threshold=0.2", "--", "--json", "-h"]) else {
            Issue.record("expected a run")
            return
        }
        #expect(invocation.expected == "--json" && invocation.actual == "-h" && !invocation.json)
        #expect(invocation.options.pixelmatch.threshold == 0.2)
    }

    @Test func defaultsAreThoseOfTheComparison() throws {
        guard case .run(let invocation) = try CompareCommandLine.parse(["a", "b"]) else {
            Issue.record("expected a run")
            return
        }
        #expect(invocation.options == CompareOptions())
        #expect(!invocation.json)
    }

    @Test func aMistypedFlagGetsTheNearestOne() {
        do {
            _ = try CompareCommandLine.parse(["a", "b", "--max-diff-pixel", "3"])
            Issue.record("parsed")
        } catch {
            #expect(error.description == "unknown flag --max-diff-pixel; did you mean --max-diff-pixels? (see `overscroll compare --help`)")
        }
    }
}
