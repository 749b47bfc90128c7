import ScrollEngine

extension Scenario {
    /// `record --compare NAME`: the scenario recorded side by side with `physics` in a second pane
    /// to the right (`Session`'s comparison): the frames are twice as wide, each pane the
    /// scenario's size, and the events (in the scenario's coordinates) drive both panes.
    public mutating func compare(with physics: any ScrollPhysics) {
        size = Size(size.width * 2, size.height)
        options.size = size
        options.compare = physics
    }
}
