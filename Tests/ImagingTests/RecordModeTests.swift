@testable import Imaging
import Testing

/// `RecordMode`: the one record switch, read from `OVERSCROLL_RECORD`.
@Suite struct RecordModeTests {
    @Test func theEnvironmentVariableNamesAMode() throws {
        #expect(try RecordMode.fromEnvironment([:]) == nil)
        #expect(try RecordMode.fromEnvironment(["OVERSCROLL_RECORD": ""]) == nil, "empty is unset")
        for mode in RecordMode.allCases {
            #expect(try RecordMode.fromEnvironment(["OVERSCROLL_RECORD": mode.rawValue]) == mode)
        }
        #expect(try RecordMode.fromEnvironment(["OVERSCROLL_UPDATE_GOLDENS": "1"]) == nil, "the old variable is gone")
    }

    @Test func anotherValueIsAnErrorNamingTheVariableAndTheChoices() {
        #expect(throws: RecordMode.Invalid(value: "ALL")) { try RecordMode.fromEnvironment(["OVERSCROLL_RECORD": "ALL"]) }
        let error = RecordMode.Invalid(value: "1\u{1B}[2J")
        #expect(error.description == #"OVERSCROLL_RECORD=1\x1B[2J: expected one of none, missing, changed, all"#)
    }

    @Test func eachModeWritesWhatItSays() {
        // (missing, matches) for: a missing golden, a mismatch (or unreadable golden), a match.
        let cases = [(true, false), (false, false), (false, true)]
        #expect(cases.map { RecordMode.none.writes(missing: $0.0, matches: $0.1) } == [false, false, false])
        #expect(cases.map { RecordMode.missing.writes(missing: $0.0, matches: $0.1) } == [true, false, false])
        #expect(cases.map { RecordMode.changed.writes(missing: $0.0, matches: $0.1) } == [true, true, false])
        #expect(cases.map { RecordMode.all.writes(missing: $0.0, matches: $0.1) } == [true, true, true])
    }
}
