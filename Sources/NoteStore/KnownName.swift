/// An episode or show known by name: its id and the name margin last saw.
public struct KnownName: Sendable, Equatable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
