/// A word for a POSIX shell command line: left as it is when it holds only characters no shell
/// treats specially, otherwise in single quotes (a `'` inside as `'\''`). The command lines the
/// tools print for pasting (`overscroll accept …`, the report's command) use it.
public enum ShellWord {
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:,@%+".contains($0)) }
        if plain { return word }
        var out = "'"
        for c in word { out += c == "'" ? "'\\''" : String(c) }
        return out + "'"
    }
}
