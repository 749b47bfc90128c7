import Recording

/// libFuzzer entry: scenario JSON text → a scenario or a `ScenarioError`; anything else (a trap,
/// a sanitizer report, a hang, runaway memory) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    do {
        let scenario = try ScenarioParser.parse(text)
        _ = scenario.fps
    } catch {
        _ = error.description
    }
    return 0
}
