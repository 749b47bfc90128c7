import Scenes
import ScrollEngine

/// One line of `trace.jsonl`: frame number, time, then the session's fields in order.
public enum TraceLine {
    public static func json(frame: Int, t: Double, fields: TraceFields) -> String {
        var parts = ["\"frame\":\(frame)", "\"t\":\(TraceValue.double(t).json)"]
        for (k, v) in fields { parts.append("\(TraceValue.quote(k)):\(v.json)") }
        return "{" + parts.joined(separator: ",") + "}"
    }
}
