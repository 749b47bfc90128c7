/// Reads a `--grep` pattern into `GrepSyntax`. The subset (the README's "Selection"): literal
/// characters; `.`; bracket expressions `[abc]`, `[^a-z]`; the escapes `\d \D \w \W \s \S \b \B
/// \t \n \r` and `\` before any other punctuation for itself; `^` and `$` (start and end of the
/// text); groups `( )`, `(?: )`, `(?<name> )`; `|`; the quantifiers `* + ? {n} {n,} {n,m}`, lazy
/// or not (the same set of matches). Back-references and lookaround are refused: without them
/// every pattern runs in time linear in the text (`GrepPattern`).
struct GrepParser {
    struct Failure: Error, Equatable, CustomStringConvertible {
        /// The 1-based character position in the pattern.
        let position: Int
        let reason: String
        var description: String { "at character \(position): \(reason)" }
    }

    /// The largest count in `{n,m}`.
    static let maxCount = 1000

    private let scalars: [Unicode.Scalar]
    private var i = 0
    private var depth = 0

    static func parse(_ pattern: String) throws(Failure) -> GrepSyntax {
        var p = GrepParser(scalars: Array(pattern.unicodeScalars))
        let tree = try p.alternatives()
        if p.i < p.scalars.count { throw p.fail("unbalanced ')'") }
        return tree
    }

    private init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    private func fail(_ reason: String, at position: Int? = nil) -> Failure {
        Failure(position: (position ?? i) + 1, reason: reason)
    }

    private var next: Unicode.Scalar? { i < scalars.count ? scalars[i] : nil }

    private mutating func alternatives() throws(Failure) -> GrepSyntax {
        var branches = [try sequence()]
        while next == "|" {
            i += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternatives(branches)
    }

    private mutating func sequence() throws(Failure) -> GrepSyntax {
        var items: [GrepSyntax] = []
        while let c = next, c != "|", c != ")" {
            var item = try atom()
            while let q = try quantifier() {
                if case .assertion = item { throw fail("nothing to repeat", at: q.at) }
                if case .repetition = item, q.at > 0, !Self.isGrouped(scalars[q.at - 1]) {
                    throw fail("a quantifier after a quantifier (write a group: (a*)*)", at: q.at)
                }
                item = .repetition(item, min: q.min, max: q.max)
            }
            items.append(item)
        }
        return items.isEmpty ? .empty : (items.count == 1 ? items[0] : .sequence(items))
    }

    private static func isGrouped(_ c: Unicode.Scalar) -> Bool { c == ")" }

    private mutating func quantifier() throws(Failure) -> (min: Int, max: Int?, at: Int)? {
        guard let c = next else { return nil }
        let at = i
        var result: (min: Int, max: Int?)
        switch c {
        case "*": i += 1; result = (0, nil)
        case "+": i += 1; result = (1, nil)
        case "?": i += 1; result = (0, 1)
        case "{":
            guard let counted = braces() else { return nil }  // a literal '{'
            result = counted
            if let m = result.max, m < result.min { throw fail("{\(result.min),\(m)}: the maximum is below the minimum", at: at) }
            if result.min > Self.maxCount || (result.max ?? 0) > Self.maxCount {
                throw fail("a count over \(Self.maxCount)", at: at)
            }
        default: return nil
        }
        if next == "?" { i += 1 }  // lazy: the same matches
        if next == "+" { throw fail("possessive quantifiers are not supported") }
        return (result.min, result.max, at)
    }

    /// `{n}`, `{n,}`, `{n,m}` (the index moved past it), or nil (nothing moved).
    private mutating func braces() -> (min: Int, max: Int?)? {
        var j = i + 1
        func number() -> Int? {
            let s = j
            var v = 0
            while j < scalars.count, (0x30...0x39).contains(scalars[j].value) {
                v = min(v * 10 + Int(scalars[j].value - 0x30), Int(Int32.max))
                j += 1
            }
            return j > s ? v : nil
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if j < scalars.count, scalars[j] == "," {
            j += 1
            high = number()
        }
        guard j < scalars.count, scalars[j] == "}" else { return nil }
        i = j + 1
        return (low, high)
    }

    private mutating func atom() throws(Failure) -> GrepSyntax {
        let c = scalars[i]
        switch c {
        case "(":
            let open = i
            i += 1
            if next == "?" {
                i += 1
                if next == ":" {
                    i += 1
                } else if next == "<", i + 1 < scalars.count, scalars[i + 1] != "=", scalars[i + 1] != "!" {
                    while let n = next, n != ">" { i += 1 }
                    guard next == ">" else { throw fail("unterminated group name", at: open) }
                    i += 1
                } else {
                    throw fail("lookaround and inline options are not supported", at: open)
                }
            }
            depth += 1
            guard depth <= 100 else { throw fail("groups nested over 100 deep", at: open) }
            let inner = try alternatives()
            depth -= 1
            guard next == ")" else { throw fail("unbalanced '('", at: open) }
            i += 1
            return inner
        case "[":
            return .scalar(.set(try bracket()))
        case ".":
            i += 1
            return .scalar(.any)
        case "^":
            i += 1
            return .assertion(.start)
        case "$":
            i += 1
            return .assertion(.end)
        case "\\":
            return try escape()
        case "*", "+", "?":
            throw fail("nothing to repeat")
        case "{":
            if braces() != nil { throw fail("nothing to repeat") }
            i += 1
            return .scalar(.literal(c))
        default:
            i += 1
            return .scalar(.literal(c))
        }
    }

    private mutating func escape() throws(Failure) -> GrepSyntax {
        let at = i
        i += 1
        guard let e = next else { throw fail("a '\\' at the end", at: at) }
        i += 1
        switch e {
        case "b": return .assertion(.wordBoundary)
        case "B": return .assertion(.notWordBoundary)
        default: return .scalar(try escapedScalar(e, at: at))
        }
    }

    /// The test of `\e` (after the backslash), in or out of brackets.
    private func escapedScalar(_ e: Unicode.Scalar, at: Int) throws(Failure) -> GrepScalarTest {
        switch e {
        case "d": return .set(.digit)
        case "D": return .set(GrepScalarSet(ranges: GrepScalarSet.digit.ranges, negated: true))
        case "w": return .set(.word)
        case "W": return .set(GrepScalarSet(ranges: GrepScalarSet.word.ranges, negated: true))
        case "s": return .set(.space)
        case "S": return .set(GrepScalarSet(ranges: GrepScalarSet.space.ranges, negated: true))
        case "t": return .literal("\t")
        case "n": return .literal("\n")
        case "r": return .literal("\r")
        case "1"..."9": throw fail("back-references are not supported", at: at)
        default:
            if e.properties.isAlphabetic || e.properties.numericType != nil {
                throw fail("unknown escape '\\\(e)'", at: at)
            }
            return .literal(e)
        }
    }

    private mutating func bracket() throws(Failure) -> GrepScalarSet {
        let open = i
        i += 1
        var set = GrepScalarSet()
        if next == "^" { set.negated = true; i += 1 }
        var first = true
        while let c = next, c != "]" || first {
            first = false
            let low: UInt32
            if c == "\\" {
                let at = i
                i += 1
                guard let e = next else { break }
                i += 1
                switch try escapedScalar(e, at: at) {
                case .literal(let l): low = l.value
                case .set(let s) where !s.negated: set.ranges += s.ranges; continue
                default: throw fail("a negated class escape inside brackets is not supported", at: at)
                }
            } else {
                i += 1
                low = c.value
            }
            if next == "-", i + 1 < scalars.count, scalars[i + 1] != "]" {
                i += 1
                var high = scalars[i].value
                i += 1
                if scalars[i - 1] == "\\" {
                    guard let e = next else { break }
                    i += 1
                    guard case .literal(let l) = try escapedScalar(e, at: i - 2) else {
                        throw fail("a class escape cannot end a range", at: i - 2)
                    }
                    high = l.value
                }
                guard low <= high else { throw fail("a range out of order", at: i - 1) }
                set.ranges.append(low...high)
            } else {
                set.ranges.append(low...low)
            }
        }
        guard next == "]" else { throw fail("unterminated '['", at: open) }
        i += 1
        return set
    }
}
