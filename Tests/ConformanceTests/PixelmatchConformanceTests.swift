import Foundation
import Imaging
import Testing

/// Reproduces every case of the pixelmatch v7.2.0 fixtures kept in the repository with their
/// licence (`Tests/Fixtures/pixelmatch/cases.tsv`): the mismatch count and the diff image byte for
/// byte. A missing fixture fails.
@Suite struct PixelmatchConformanceTests {
    /// `Tests/Fixtures/pixelmatch`, found from this source file's path.
    static let fixtures: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ConformanceTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures/pixelmatch")

    struct Case: CustomStringConvertible, Sendable {
        let first: String
        let second: String
        let optionsJSON: String
        let expectedCount: Int
        let expectedDiff: String
        var description: String { "\(first) vs \(second) \(optionsJSON)" }
    }

    static func loadCases() throws -> [Case] {
        let text = try String(contentsOf: fixtures.appendingPathComponent("cases.tsv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let count = Int(fields[3]) else { return nil }
            return Case(
                first: fields[0], second: fields[1], optionsJSON: fields[2], expectedCount: count,
                expectedDiff: fields[4])
        }
    }

    static func options(from json: String) throws -> PixelmatchOptions {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
        func color(_ key: String) -> RGBColor? {
            guard let values = object[key] as? [NSNumber], values.count == 3 else { return nil }
            return RGBColor(values[0].uint8Value, values[1].uint8Value, values[2].uint8Value)
        }
        var options = PixelmatchOptions()
        if let value = object["threshold"] as? NSNumber { options.threshold = value.doubleValue }
        if let value = object["alpha"] as? NSNumber { options.alpha = value.doubleValue }
        if let value = object["includeAA"] as? Bool { options.includeAA = value }
        if let value = object["diffMask"] as? Bool { options.diffMask = value }
        if let value = color("aaColor") { options.aaColor = value }
        if let value = color("diffColor") { options.diffColor = value }
        if let value = color("diffColorAlt") { options.diffColorAlt = value }
        return options
    }

    /// The first byte where `a` and `b` differ (nil when equal), with memcmp first: a
    /// byte-by-byte generic loop at -Onone took most of this test's time.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        guard a.count == b.count else { return min(a.count, b.count) }
        let equal = a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
        if equal { return nil }
        return a.indices.first { a[$0] != b[$0] }
    }

    @Test func allCasesMatchPixelmatch() throws {
        let cases = try Self.loadCases()
        #expect(cases.count == 12)
        for testCase in cases {
            let path = { (name: String) in Self.fixtures.appendingPathComponent(name).path }
            let first = try PNGDecoder.decodeFile(atPath: path(testCase.first))
            let second = try PNGDecoder.decodeFile(atPath: path(testCase.second))
            let expected = try PNGDecoder.decodeFile(atPath: path(testCase.expectedDiff))
            var options = try Self.options(from: testCase.optionsJSON)
            // On every target of the scan this CPU runs (scalar, AVX2, AVX-512).
            for vectorPath in PixelmatchVectorPath.available {
                options.vectorPath = vectorPath
                for threads in [1, 2] {
                    let result = try Pixelmatch.compare(first, second, options: options, makeDiff: true, threads: threads)
                    #expect(result.differing == testCase.expectedCount, "\(testCase) \(vectorPath) threads \(threads)")
                    let diff = try #require(result.diff)
                    #expect(diff.width == expected.width && diff.height == expected.height, "\(testCase)")
                    #expect(
                        Self.firstDifference(diff.pixels, expected.pixels) == nil,
                        "\(testCase): diff image differs first at byte \(Self.firstDifference(diff.pixels, expected.pixels) ?? -1)")
                }
                let countOnly = try Pixelmatch.compare(first, second, options: options)
                #expect(countOnly.differing == testCase.expectedCount, "\(testCase) \(vectorPath) without diff image")
            }
        }
    }

    /// The same cases as `compare` of the files gets them: from the PNG bytes, on every target of
    /// the scan this CPU runs, on one thread and on two (two RGBA files are then decoded side by
    /// side and compared as they are decoded), with and without a diff image.
    @Test func allCasesMatchPixelmatchAsFiles() throws {
        for testCase in try Self.loadCases() {
            let read = { (name: String) in try Data(contentsOf: Self.fixtures.appendingPathComponent(name)) }
            let files = ([UInt8](try read(testCase.first)), [UInt8](try read(testCase.second)))
            let expected = try PNGDecoder.decodeFile(atPath: Self.fixtures.appendingPathComponent(testCase.expectedDiff).path)
            var options = CompareOptions()
            options.pixelmatch = try Self.options(from: testCase.optionsJSON)
            for vectorPath in PixelmatchVectorPath.available {
                options.pixelmatch.vectorPath = vectorPath
                for threads in [1, 2] {
                    for wantDiff in [false, true] {
                        let result = CompareRunner.compare(
                            png: files, names: (testCase.first, testCase.second), options: options, wantDiff: wantDiff,
                            threads: threads)
                        #expect(result.error == nil, "\(testCase)")
                        #expect(result.comparison?.differing == testCase.expectedCount, "\(testCase) \(vectorPath) threads \(threads)")
                        guard wantDiff, testCase.expectedCount > 0 else { continue }
                        let diff = try PNGDecoder.decode(try #require(result.diffPNG, "\(testCase)"))
                        #expect(Self.firstDifference(diff.pixels, expected.pixels) == nil, "\(testCase) \(vectorPath) threads \(threads)")
                    }
                }
            }
        }
    }
}
