import Foundation
import Testing

/// A flag several commands take is declared once (#34 item 7): `compare`, `verify` and `test`
/// describe `--max-diff-pixels` and `--max-diff-ratio` with the same words and the same range
/// (they were two declarations with different ranges and help), and a value one takes the others
/// take too.
@Suite struct SharedFlagDeclarationTests {
    /// The help lines of `flag` (its line and the continuation lines under it).
    static func helpBlock(_ help: String, _ flag: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("  \(flag) ") }) else { return [] }
        var block = [lines[start]]
        var i = start + 1
        while i < lines.count, lines[i].hasPrefix("      "), !lines[i].trimmingCharacters(in: .whitespaces).hasPrefix("-") {
            block.append(lines[i]); i += 1
        }
        return block
    }

    @Test func toleranceFlagsReadTheSameInEveryCommand() throws {
        var helps: [String: String] = [:]
        for command in ["compare", "verify", "test"] {
            let r = try CommandLineRunner.run([command, "--help"])
            #expect(r.status == 0, "\(command) --help: \(r.err)")
            helps[command] = r.out
        }
        for flag in ["--max-diff-pixels", "--max-diff-ratio"] {
            let blocks = helps.mapValues { Self.helpBlock($0, flag) }
            #expect(blocks["compare"]?.isEmpty == false, "compare lists \(flag)")
            #expect(blocks["compare"] == blocks["test"] && blocks["compare"] == blocks["verify"], "\(flag): \(blocks)")
        }
        // The same largest value is taken by both commands and one past it refused by both.
        for command in ["compare", "test"] {
            let r = try CommandLineRunner.run([command, "--max-diff-pixels", "2147483648", "a", "b"])
            #expect(r.status == 2, "\(command): \(r.out)\(r.err)")
            #expect(r.err.contains("--max-diff-pixels"), "\(command): \(r.err)")
        }
    }
}
