import Testing
import Support

/// The one JSON writer: member order, escaping, number forms and spacing.
@Suite struct JSONWriterTests {
    @Test func objectsKeepMemberOrderInBothSpacings() {
        let value = JSONWriter.Value.object([("z", .int(1)), ("a", .array([.bool(true), .null, .string("x")])), ("m", .object([]))])
        #expect(JSONWriter.compact.text(value) == #"{"z":1,"a":[true,null,"x"],"m":{}}"#)
        #expect(JSONWriter.spaced.text(value) == #"{"z": 1, "a": [true, null, "x"], "m": {}}"#)
        #expect(JSONWriter.spaced.member("k", .array([])) == #""k": []"#)
    }

    @Test func quotesBackslashesAndControlCharactersAreEscaped() {
        #expect(JSONWriter.quoted("say \"hi\" \\ now") == #""say \"hi\" \\ now""#)
        #expect(JSONWriter.quoted("a\nb\rc\td") == #""a\nb\rc\td""#)
        #expect(JSONWriter.quoted("\u{0}\u{1}\u{1F}\u{7F}") == "\"\\u0000\\u0001\\u001f\u{7F}\"")
        #expect(JSONWriter.compact.text(.object([("k\"ey", .string("\u{8}"))])) == #"{"k\"ey":"\u0008"}"#)
    }

    @Test func nonASCIIAndNonBMPCharactersAreWrittenAsThemselves() {
        #expect(JSONWriter.quoted("é 日本 😀") == "\"é 日本 😀\"")
        #expect(Array(JSONWriter.quoted("😀").utf8) == [0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22])
        // A family emoji (scalars joined by U+200D) stays one sequence of the same scalars.
        #expect(JSONWriter.quoted("👨‍👩‍👧").unicodeScalars.count == 5 + 2)
    }

    @Test func numbersUseTheShortestRoundTripForm() {
        let w = JSONWriter.compact
        #expect(w.text(.number(2)) == "2")
        #expect(w.text(.number(-0.0)) == "0")
        #expect(w.text(.number(0.1)) == "0.1")
        #expect(w.text(.number(1.0 / 3)) == "0.3333333333333333")
        #expect(w.text(.number(-2.5)) == "-2.5")
        #expect(w.text(.number(123456789012345)) == "123456789012345")
        #expect(w.text(.number(1e15)) == "1000000000000000.0", "1e15 and above keep the fraction")
        #expect(w.text(.number(1e16)) == "1e+16")
        #expect(w.text(.number(1e-7)) == "1e-07")
        #expect(w.text(.int(-42)) == "-42")
        #expect(w.text(.fraction(0)) == "0.0")
        #expect(w.text(.fraction(1)) == "1.0")
        #expect(w.text(.fraction(0.02)) == "0.02")
        #expect(JSONWriter.number(7) == "7")
    }

    @Test func nonFiniteNumbersAreNull() {
        for n in [Double.nan, .infinity, -.infinity] {
            #expect(JSONWriter.compact.text(.number(n)) == "null")
            #expect(JSONWriter.compact.text(.fraction(n)) == "null")
        }
    }
}
