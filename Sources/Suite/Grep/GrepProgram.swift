/// A `GrepSyntax` compiled for `GrepPattern`'s matcher: a list of instructions of a
/// non-deterministic automaton (Thompson's construction). Repetitions with counts are unrolled,
/// so the program is refused past `maxInstructions`.
struct GrepProgram {
    enum Instruction: Equatable {
        /// Consume one character that passes the test, then go on at the next instruction.
        case consume(GrepScalarTest)
        /// Go on at both targets.
        case split(Int, Int)
        case jump(Int)
        /// Go on at the next instruction only if the assertion holds here.
        case check(GrepAssertion)
        case match
    }

    /// The most instructions a pattern may compile to (`a{1000}{1000}` would be a million).
    static let maxInstructions = 50_000

    struct TooLarge: Error {}

    private(set) var instructions: [Instruction] = []

    init(_ syntax: GrepSyntax) throws(TooLarge) {
        try emit(syntax)
        try append(.match)
    }

    private mutating func append(_ instruction: Instruction) throws(TooLarge) {
        guard instructions.count < Self.maxInstructions else { throw TooLarge() }
        instructions.append(instruction)
    }

    /// Appends a placeholder to patch once its target is known.
    private mutating func placeholder() throws(TooLarge) -> Int {
        try append(.jump(-1))
        return instructions.count - 1
    }

    private mutating func emit(_ syntax: GrepSyntax) throws(TooLarge) {
        switch syntax {
        case .empty:
            break
        case .scalar(let test):
            try append(.consume(test))
        case .assertion(let a):
            try append(.check(a))
        case .sequence(let items):
            for item in items { try emit(item) }
        case .alternatives(let branches):
            var exits: [Int] = []
            for (k, branch) in branches.enumerated() {
                if k == branches.count - 1 {
                    try emit(branch)
                } else {
                    let split = try placeholder()
                    try emit(branch)
                    exits.append(try placeholder())
                    instructions[split] = .split(split + 1, instructions.count)
                }
            }
            for e in exits { instructions[e] = .jump(instructions.count) }
        case let .repetition(body, min, max):
            for _ in 0..<min { try emit(body) }
            if let max {
                // Each optional copy may be skipped, ending the repetition.
                var skips: [Int] = []
                for _ in min..<max {
                    skips.append(try placeholder())
                    try emit(body)
                }
                for s in skips { instructions[s] = .split(s + 1, instructions.count) }
            } else {
                let loop = try placeholder()
                try emit(body)
                try append(.jump(loop))
                instructions[loop] = .split(loop + 1, instructions.count)
            }
        }
    }
}
