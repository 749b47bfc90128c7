import ScrollCore

/// A bad command line: the message names the flag.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Minimal flag parser: `--name value`, `--name=value`, boolean `--name`, and positionals.
/// Unknown flags, missing values and bad numbers are errors naming the flag.
struct Arguments {
    let command: String
    private(set) var values: [String: String] = [:]
    private(set) var switches: Set<String> = []
    private(set) var positionals: [String] = []

    /// `valued`: flags that take a value; `booleans`: flags that don't.
    init(_ args: [String], command: String, valued: Set<String>, booleans: Set<String>) throws(UsageError) {
        self.command = command
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--" { positionals.append(contentsOf: args[(i + 1)...]); break }
            if a.hasPrefix("--") {
                var name = String(a.dropFirst(2))
                var inline: String?
                if let eq = name.firstIndex(of: "=") { inline = String(name[name.index(after: eq)...]); name = String(name[..<eq]) }
                if booleans.contains(name) {
                    guard inline == nil else { throw UsageError(message: "\(command): --\(name) takes no value") }
                    switches.insert(name)
                } else if valued.contains(name) {
                    if let inline { values[name] = inline } else {
                        guard i + 1 < args.count else { throw UsageError(message: "\(command): --\(name) needs a value") }
                        i += 1
                        values[name] = args[i]
                    }
                } else {
                    throw UsageError(message: "\(command): unknown flag --\(name) (see `overscroll \(command) --help`)")
                }
            } else if a.hasPrefix("-") && a.count > 1 && Double(a) == nil {
                if a == "-h" { switches.insert("help") } else {
                    throw UsageError(message: "\(command): unknown flag \(a) (see `overscroll \(command) --help`)")
                }
            } else {
                positionals.append(a)
            }
            i += 1
        }
    }

    func has(_ name: String) -> Bool { switches.contains(name) }
    func string(_ name: String) -> String? { values[name] }

    func double(_ name: String, min lo: Double = -.greatestFiniteMagnitude, max hi: Double = .greatestFiniteMagnitude) throws(UsageError) -> Double? {
        guard let s = values[name] else { return nil }
        guard let v = Double(s), v.isFinite else { throw UsageError(message: "\(command): --\(name) expects a number, got '\(s)'") }
        guard v >= lo, v <= hi else { throw UsageError(message: "\(command): --\(name) \(s) is out of range (\(lo)…\(hi))") }
        return v
    }

    func int(_ name: String, min lo: Int, max hi: Int) throws(UsageError) -> Int? {
        guard let s = values[name] else { return nil }
        guard let v = Int(s) else { throw UsageError(message: "\(command): --\(name) expects a whole number, got '\(s)'") }
        guard v >= lo, v <= hi else { throw UsageError(message: "\(command): --\(name) \(s) is out of range (\(lo)…\(hi))") }
        return v
    }

    func doubles(_ name: String) throws(UsageError) -> [Double]? {
        guard let s = values[name] else { return nil }
        var out: [Double] = []
        for part in s.split(separator: ",", omittingEmptySubsequences: false) {
            guard let v = Double(part.filter { $0 != " " }), v.isFinite else {
                throw UsageError(message: "\(command): --\(name) expects numbers separated by commas, got '\(s)'")
            }
            out.append(v)
        }
        return out
    }

    /// `WxH` in points.
    func size(_ name: String) throws(UsageError) -> Size? {
        guard let s = values[name] else { return nil }
        let parts = s.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1, w <= 8192, h <= 8192 else {
            throw UsageError(message: "\(command): --\(name) expects WxH in points (e.g. 390x844), got '\(s)'")
        }
        return Size(w, h)
    }
}

