/// The callbacks a scroll view reports, modelled on UIScrollViewDelegate. One delegate is
/// installed at a time; a coordinator may take the slot and forward to the original.
public protocol ScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: ScrollView)
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// `velocity` in points per second of content offset.
    func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Double)
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate: Bool)
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
}

public extension ScrollViewDelegate {
    func scrollViewDidScroll(_ scrollView: ScrollView) {}
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Double) {}
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate: Bool) {}
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
}
