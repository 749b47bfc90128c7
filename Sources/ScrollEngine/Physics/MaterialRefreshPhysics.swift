/// A physics whose refresh is Material's (Android): a refresh scene under it pulls the Material
/// indicator over still content (`MaterialRefreshMachine`) instead of moving its content. A
/// parented physics is asked through its parent (`ScrollPhysics.nearest(_:)`).
public protocol MaterialRefreshPhysics: ScrollPhysics {
    var materialRefresh: MaterialRefreshConfig { get }
}
