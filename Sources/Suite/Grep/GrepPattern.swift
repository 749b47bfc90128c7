/// A `--grep` / `--grep-invert` regular expression (the subset `GrepParser` reads), matched
/// anywhere in a text by simulating its automaton on all states at once (a Pike VM without
/// captures): time is linear in the text times the pattern's size, never exponential —
/// `(a+)+$` on a long run of `a`s followed by `b` costs what `a+$` does.
struct GrepPattern {
    let source: String
    private let program: GrepProgram

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(_ source: String) throws(Failure) {
        self.source = source
        let syntax: GrepSyntax
        do { syntax = try GrepParser.parse(source) } catch { throw Failure(description: error.description) }
        do { program = try GrepProgram(syntax) } catch {
            throw Failure(description: "the pattern is too large (over \(GrepProgram.maxInstructions) steps once its counts are unrolled)")
        }
    }

    /// Whether the pattern matches somewhere in `text`.
    func matches(_ text: String) -> Bool { run(text).matched }

    /// `matches`, and the automaton states visited (the tests bound it).
    func run(_ text: String) -> (matched: Bool, steps: Int) {
        let code = program.instructions
        let chars = Array(text.unicodeScalars)
        var current: [Int] = [], next: [Int] = []
        // The position (plus one) at which each instruction was last added: a state is added
        // once per position, which is what keeps the run linear.
        var seenAt = [Int](repeating: 0, count: code.count)
        var stack: [Int] = []
        var steps = 0

        func wordBefore(_ pos: Int) -> Bool { pos > 0 && GrepScalarSet.isWord(chars[pos - 1]) }
        func wordAfter(_ pos: Int) -> Bool { pos < chars.count && GrepScalarSet.isWord(chars[pos]) }

        /// Adds `pc` and every state reached from it without consuming; true on a match.
        func add(_ pc: Int, at pos: Int, to list: inout [Int]) -> Bool {
            stack.append(pc)
            while let s = stack.popLast() {
                guard seenAt[s] != pos + 1 else { continue }
                seenAt[s] = pos + 1
                steps += 1
                switch code[s] {
                case .match: stack.removeAll(); return true
                case .consume: list.append(s)
                case .jump(let t): stack.append(t)
                case .split(let a, let b): stack.append(b); stack.append(a)
                case .check(let a):
                    let holds: Bool
                    switch a {
                    case .start: holds = pos == 0
                    case .end: holds = pos == chars.count
                    case .wordBoundary: holds = wordBefore(pos) != wordAfter(pos)
                    case .notWordBoundary: holds = wordBefore(pos) == wordAfter(pos)
                    }
                    if holds { stack.append(s + 1) }
                }
            }
            return false
        }

        for pos in 0...chars.count {
            // A match may start at any position.
            if add(0, at: pos, to: &current) { return (true, steps) }
            guard pos < chars.count else { break }
            next.removeAll(keepingCapacity: true)
            for s in current {
                guard case .consume(let test) = code[s], test.accepts(chars[pos]) else { continue }
                if add(s + 1, at: pos + 1, to: &next) { return (true, steps) }
            }
            swap(&current, &next)
        }
        return (false, steps)
    }
}
