import Recording
import Testing

/// The strict JSON parser behind scenarios: duplicate keys, surrogate pairs and the nesting limit.
@Suite struct JSONParserTests {
    func failure(_ text: String) -> JSONParser.Failure? {
        do { _ = try JSONParser.parse(text); return nil } catch { return error }
    }

    @Test func duplicateKeysAreRefusedWithTheirPosition() throws {
        let f = try #require(failure("{\"a\": 1,\n \"a\": 2}"))
        #expect(f.reason == "duplicate key \"a\"")
        #expect(f.line == 2)
        // The same key spelled with an escape is the same key.
        #expect(failure(#"{"a": 1, "\u0061": 2}"#)?.reason == "duplicate key \"a\"")
        // Duplicates in different objects, or nested, are fine.
        #expect(
            try JSONParser.parse(#"{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}"#)
                == .object([
                    ("a", .object([("a", .number(1))])),
                    ("b", .array([.object([("a", .number(1))]), .object([("a", .number(2))])]))
                ]))
    }

    @Test func keysThatDifferInCodePointsAreDistinct() throws {
        // "é" precomposed and decomposed are canonically equivalent but different JSON keys.
        let value = try JSONParser.parse(#"{"\u00e9": 1, "e\u0301": 2}"#)
        guard case let .object(pairs) = value else { Issue.record("expected an object, got \(value)"); return }
        #expect(pairs.map { Array($0.0.unicodeScalars) } == [["\u{E9}"], ["e", "\u{301}"]])
    }

    @Test func surrogatePairsDecodeToOneScalar() throws {
        #expect(try JSONParser.parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try JSONParser.parse(#""\uD834\uDD1E x""#) == .string("\u{1D11E} x"))
        #expect(try JSONParser.parse("\"😀\"") == .string("😀"))
        #expect(try JSONParser.parse(#""\u00e9\u4e2d""#) == .string("é中"))
    }

    @Test(arguments: [
        #""\ud83d""#,  // high surrogate at the end
        #""\ud83d x""#,  // high surrogate followed by text
        #""\ud83d\u0041""#,  // high surrogate followed by a non-surrogate escape
        #""\ud83d\ud83d""#,  // two high surrogates
        #""\ude00""#,  // a lone low surrogate
        #""\ude00\ud83d""#  // a pair in the wrong order
    ])
    func unpairedSurrogatesAreRefused(_ text: String) throws {
        let f = try #require(failure(text))
        #expect(f.reason == "unpaired surrogate", "\(text)")
    }

    @Test(arguments: [#""\u12""#, #""\u+041""#, #""\u-041""#, #""\u 041""#, #""\uzzzz""#])
    func malformedEscapesAreRefused(_ text: String) throws {
        let f = try #require(failure(text))
        #expect(f.reason == "invalid \\u escape", "\(text)")
    }

    @Test func nestingLimitIs64ArraysOrObjects() throws {
        #expect(JSONParser.maxDepth == 64)
        func nested(_ depth: Int, open: String, close: String, inner: String = "1") -> String {
            String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
        }
        // The limit counts containers, whatever they hold.
        for inner in ["1", "", "\"s\"", "null"] {
            #expect(failure(nested(64, open: "[", close: "]", inner: inner)) == nil, "\(inner)")
            #expect(failure(nested(65, open: "[", close: "]", inner: inner))?.reason == "nesting too deep", "\(inner)")
        }
        #expect(failure(nested(64, open: "{\"k\":", close: "}")) == nil)
        #expect(failure(nested(65, open: "{\"k\":", close: "}"))?.reason == "nesting too deep")
        #expect(failure(nested(32, open: "[{\"k\":", close: "}]")) == nil)
        #expect(failure("[" + nested(32, open: "[{\"k\":", close: "}]") + "]")?.reason == "nesting too deep")
        // Far deeper input fails the same way, without exhausting the stack.
        let deep = try #require(failure(String(repeating: "[", count: 100_000)))
        #expect(deep.reason == "nesting too deep")
        #expect(deep.line == 1 && deep.column == 65)
    }
}
