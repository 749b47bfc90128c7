import Testing
@testable import Recording
@testable import Suite

/// `--grep`'s matcher: the documented subset matches as a regular expression does, refuses what
/// it does not support with the position, and never backtracks: `(a+)+$` on a long text costs
/// steps linear in the text (a backtracking matcher took 79 s at 20 characters).
@Suite struct GrepPatternTests {
    func matches(_ pattern: String, _ text: String) throws -> Bool { try GrepPattern(pattern).matches(text) }

    @Test(arguments: [
        ("", "anything", true), ("pull", "suite/pull-refresh.json", true), ("^pull", "suite/pull.json", false),
        ("^suite/", "suite/pull.json", true), ("json$", "a.json", true), ("json$", "a.json.bak", false),
        ("a.c", "abc", true), ("a.c", "a\nc", false), ("a\\.c", "abc", false), ("a\\.c", "a.c", true),
        ("/(alpha|gamma)\\.json$", "s/gamma.json", true), ("/(alpha|gamma)\\.json$", "s/beta.json", false),
        ("ph?a\\.", "alpa.json", true), ("colou?r", "color", true), ("colou?r", "colouur", false),
        ("^a{2,3}$", "a", false), ("^a{2,3}$", "aa", true), ("^a{2,3}$", "aaa", true), ("^a{2,3}$", "aaaa", false),
        ("^a{2}$", "aa", true), ("^a{2,}$", "aaaaa", true), ("a{", "a{", true), ("x{1,2", "x{1,2", true),
        ("[0-9]+x", "frame 12x", true), ("[^/]+\\.json$", "dir/a.json", true), ("^[^/]+$", "dir/a", false),
        ("\\d\\d", "a1b", false), ("\\d\\d", "a12", true), ("\\w+-\\w+", "pull-to", true), ("\\s", "a b", true),
        ("\\bpull\\b", "a pull b", true), ("\\bpull\\b", "pulled", false), ("\\Bull", "pull", true),
        ("(?:ab)+c", "ababc", true), ("(?<name>ab)c", "abc", true), ("a*?b", "aab", true), ("(a|)b", "b", true),
        ("[a\\-z]", "-", true), ("[-a]", "-", true), ("[a-]", "-", true), ("[\\d_]", "_", true), ("[]a]", "]", true),
        ("é", "café", true), ("^.$", "😀", true), ("(a*)*b", "aaab", true), ("(a*)*$", "", true)
    ])
    func matchesAsARegularExpression(_ pattern: String, _ text: String, _ expected: Bool) throws {
        #expect(try matches(pattern, text) == expected, "'\(pattern)' on '\(text)'")
    }

    @Test(arguments: [
        ("(", "at character 1: unbalanced '('"), (")", "at character 1: unbalanced ')'"),
        ("*a", "at character 1: nothing to repeat"), ("a**", "at character 3: a quantifier after a quantifier (write a group: (a*)*)"),
        ("(a)\\1", "at character 4: back-references are not supported"),
        ("(?=a)", "at character 1: lookaround and inline options are not supported"),
        ("(?i)a", "at character 1: lookaround and inline options are not supported"),
        ("[a", "at character 1: unterminated '['"), ("[z-a]", "at character 4: a range out of order"),
        ("a{3,2}", "at character 2: {3,2}: the maximum is below the minimum"), ("a{1001}", "at character 2: a count over 1000"),
        ("\\q", "at character 1: unknown escape '\\q'"), ("a\\", "at character 2: a '\\' at the end"),
        ("a*+", "at character 3: possessive quantifiers are not supported")
    ])
    func unsupportedOrBrokenPatternsAreRefused(_ pattern: String, _ reason: String) {
        do {
            _ = try GrepPattern(pattern)
            Issue.record("'\(pattern)' was accepted")
        } catch {
            #expect(error.description == reason, "'\(pattern)'")
        }
    }

    @Test func countsThatWouldUnrollPastTheLimitAreRefused() {
        #expect(throws: GrepPattern.Failure.self) { try GrepPattern("((a{1000}){1000}){1000}") }
    }

    @Test func nestedQuantifiersRunInLinearSteps() throws {
        for pattern in ["(a+)+$", "^(a|a)*$", "^(a*)*$", "(a|aa)+$", "^(\\w+\\s?)*$"] {
            let p = try GrepPattern(pattern)
            for n in [20, 10_000] {
                let text = String(repeating: "a", count: n) + "!"
                let run = p.run(text)
                #expect(!run.matched, "'\(pattern)'")
                // At most every instruction once per position: a backtracking matcher needs 2^n.
                #expect(run.steps <= 20 * (n + 2), "'\(pattern)' on \(n + 1) characters: \(run.steps) steps")
            }
        }
    }
}
