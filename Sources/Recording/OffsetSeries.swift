import Foundation
import Support

/// A scroll offset over time, read from a `trace.jsonl` (as `record --trace` writes it: one JSON
/// object a line with `t` and `offset`) or a CSV of `t,offset` rows (a header line of two
/// non-numbers may come first; `#` starts a comment line). Times in seconds, strictly
/// increasing; offsets in points.
public struct OffsetSeries: Sendable, Equatable {
    public var times: [Double]
    public var offsets: [Double]
    /// Each sample's `phase` (a trace.jsonl's `dragging`, `decelerating`, …); nil for a CSV.
    public var phases: [String]?

    public init(times: [Double], offsets: [Double], phases: [String]? = nil) {
        precondition(times.count == offsets.count && (phases?.count ?? times.count) == times.count)
        self.times = times; self.offsets = offsets; self.phases = phases
    }

    public var count: Int { times.count }
    public var points: [(Double, Double)] { Array(zip(times, offsets)) }

    /// An input that is not a usable series: one line naming the file (and the line).
    public struct Failure: Error, CustomStringConvertible, Sendable, Equatable {
        public let message: String
        public var description: String { message }
    }

    /// The most bytes read from a reference or a trace (a capture of an hour at 120 Hz is ~40 MB).
    public static let maxBytes = 256 << 20

    /// Reads `path`: a `.csv` file as CSV, anything else as JSON lines.
    public static func load(_ path: String) throws(Failure) -> OffsetSeries {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, maxBytes: maxBytes) } catch {
            switch error {
            case let .missing(p): throw Failure(message: "\(p): no such file")
            default: throw Failure(message: error.description)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Failure(message: "\(path): not UTF-8 text") }
        return try parse(text, file: path, csv: path.lowercased().hasSuffix(".csv"))
    }

    /// Parses `text` (named `file` in messages) as CSV or as JSON lines.
    public static func parse(_ text: String, file: String, csv: Bool) throws(Failure) -> OffsetSeries {
        var times: [Double] = [], offsets: [Double] = [], phases: [String] = []
        var lineNumber = 0
        // "\r\n" is one Character in Swift: both line ends split.
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            var line = Substring(raw)
            if line.hasSuffix("\r") { line = line.dropLast() }
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let sample: (Double, Double)?
            if csv {
                sample = try csvSample(trimmed, file: file, line: lineNumber, isFirst: times.isEmpty)
            } else {
                let json = try jsonSample(String(trimmed), file: file, line: lineNumber)
                sample = (json.t, json.offset)
                phases.append(json.phase ?? "")
            }
            guard let (t, x) = sample else { continue }
            if let last = times.last, t <= last {
                throw Failure(
                    message: "\(file): line \(lineNumber): time \(NumberFormat.short(t)) s does not come after \(NumberFormat.short(last))"
                        + " s (times must increase)")
            }
            times.append(t); offsets.append(x)
        }
        if times.isEmpty {
            throw Failure(message: "\(file): no samples (expected \(csv ? "rows of t,offset" : "JSON lines with \"t\" and \"offset\""))")
        }
        return OffsetSeries(times: times, offsets: offsets, phases: csv ? nil : phases)
    }

    /// One `t,offset` row; nil for a header (two non-numbers on the first row).
    static func csvSample(_ line: Substring, file: String, line n: Int, isFirst: Bool) throws(Failure) -> (Double, Double)? {
        let cells = line.split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmingSpaces) }
        guard cells.count == 2 else {
            throw Failure(message: "\(file): line \(n): expected 2 comma-separated values (t,offset), found \(cells.count)")
        }
        let t = Double(cells[0]), x = Double(cells[1])
        if isFirst, t == nil, x == nil { return nil }
        guard let t, t.isFinite else {
            throw Failure(message: "\(file): line \(n): time '\(TerminalText.escaped(cells[0]))' is not a finite number")
        }
        guard let x, x.isFinite else {
            throw Failure(message: "\(file): line \(n): offset '\(TerminalText.escaped(cells[1]))' is not a finite number")
        }
        return (t, x)
    }

    /// One JSON line; must be an object with numbers `t` and `offset` (and may have a `phase`).
    static func jsonSample(_ line: String, file: String, line n: Int) throws(Failure) -> (t: Double, offset: Double, phase: String?) {
        let value: JSONValue
        do { value = try JSONParser.parse(line) } catch {
            throw Failure(message: "\(file): line \(n): not valid JSON (column \(error.column): \(error.reason))")
        }
        guard case let .object(fields) = value else {
            throw Failure(message: "\(file): line \(n): expected an object, found \(value.typeName)")
        }
        func number(_ key: String) throws(Failure) -> Double {
            guard let v = fields.first(where: { $0.0 == key })?.1 else {
                throw Failure(message: "\(file): line \(n): missing field '\(key)'")
            }
            guard case let .number(d) = v, d.isFinite else {
                throw Failure(message: "\(file): line \(n): field '\(key)' is \(v.typeName), expected a number")
            }
            return d
        }
        var phase: String?
        if case let .string(p)? = fields.first(where: { $0.0 == "phase" })?.1 { phase = p }
        return (try number("t"), try number("offset"), phase)
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return s
    }
}

/// Short number text for messages: up to 4 decimals, no trailing zeros.
package enum NumberFormat {
    package static func short(_ v: Double) -> String {
        var s = String(format: "%.4f", v == 0 ? 0 : v)
        while s.contains("."), s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
