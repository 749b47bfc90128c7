/// The callbacks a scroll view reports, modelled on UIScrollViewDelegate, each with the time of
/// the event that caused it (`ScrollView.eventTime`), so no delegate keeps a clock of its own.
/// One delegate is installed at a time; a coordinator may take the slot and forward to the original.
public protocol ScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: ScrollView, at t: Double)
    func scrollViewWillBeginDragging(_ scrollView: ScrollView, at t: Double)
    /// `velocity` in points per second of content offset.
    func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Double, at t: Double)
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate: Bool, at t: Double)
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView, at t: Double)
}

public extension ScrollViewDelegate {
    func scrollViewDidScroll(_ scrollView: ScrollView, at t: Double) {}
    func scrollViewWillBeginDragging(_ scrollView: ScrollView, at t: Double) {}
    func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Double, at t: Double) {}
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate: Bool, at t: Double) {}
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView, at t: Double) {}
}
