/// A word for a POSIX shell command line: left as it is when it holds only ASCII characters no
/// shell treats specially, otherwise in single quotes (a `'` inside as `'\''`). The one quoting
/// of every command line the tools print or record (`overscroll accept …`, `git mv …`, the
/// report's command, the run's `command` in results.json and JUnit).
public enum ShellWord {
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:,@%+".contains($0)) }
        if plain { return word }
        var out = "'"
        for c in word { out += c == "'" ? "'\\''" : String(c) }
        return out + "'"
    }

    /// `words` quoted and joined, with `--` before the first of `operands` when one of them starts
    /// with `-` (it would be read as a flag, by our parser and by git's).
    public static func command(_ words: [String], operands: [String]) -> String {
        let separator = operands.contains { $0.hasPrefix("-") } ? ["--"] : []
        return (words + separator + operands).map(quoted).joined(separator: " ")
    }
}
