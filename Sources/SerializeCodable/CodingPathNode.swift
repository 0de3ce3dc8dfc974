/// The coding path as a linked list built one level at a time and rendered only for an error
/// (swift-foundation's `_CodingPathNode`).

package import SerializeCore

/// Where a container is: its parent and the key or index that leads to it.
///
/// Descending costs one small allocation; the `[CodingKey]` array Codable's `codingPath` asks
/// for, and the ``ValuePath`` errors print, are built only when something asks for them.
indirect enum CodingPathNode: Sendable {
    case root
    case key(String, Int?, CodingPathNode)
    case index(Int, CodingPathNode)

    func appending(_ key: some CodingKey) -> CodingPathNode {
        .key(key.stringValue, key.intValue, self)
    }

    func appending(index: Int) -> CodingPathNode { .index(index, self) }

    /// The path as Codable spells it, root first; indices as `Index n` keys, as Foundation does.
    var codingPath: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while true {
            switch node {
            case .root: return keys.reversed()
            case let .key(string, int, parent):
                keys.append(PathKey(stringValue: string, intValue: int))
                node = parent
            case let .index(index, parent):
                keys.append(PathKey(index: index))
                node = parent
            }
        }
    }

    /// The path as the document sees it (keys as written, after any key strategy).
    var valuePath: ValuePath { ValuePath(codingPath: codingPath) }
}

/// A coding path whose last step is not made into a node yet: a value's decoder and keyed
/// container hold one, and make the node only when something asks for it (an error, or a
/// nested value whose own path needs this one as its parent), so a container of scalars
/// costs no allocation for its path.
struct PendingPath {
    enum Step {
        case none
        case key(String, Int?)
        case index(Int)
    }

    let parent: CodingPathNode
    let step: Step

    /// The path `node` itself.
    @inline(__always)
    init(_ node: CodingPathNode) {
        parent = node
        step = .none
    }

    /// `parent`, then `key`.
    @inline(__always)
    init(_ parent: CodingPathNode, key: some CodingKey) {
        self.parent = parent
        step = .key(key.stringValue, key.intValue)
    }

    /// `parent`, then the element at `index`.
    @inline(__always)
    init(_ parent: CodingPathNode, index: Int) {
        self.parent = parent
        step = .index(index)
    }

    static var root: PendingPath { PendingPath(.root) }

    /// The path as a node (made here, one allocation, unless there is no last step).
    var node: CodingPathNode {
        switch step {
        case .none: parent
        case let .key(string, int): .key(string, int, parent)
        case let .index(index): .index(index, parent)
        }
    }
}

extension ValuePath {
    /// The document path of a Codable coding path: `Index n` keys (and keys that are only an
    /// integer) become array indices, every other key a dictionary key.
    package init(codingPath: [any CodingKey]) {
        self.init(codingPath.map { key in
            if let index = key.intValue, key.stringValue == "Index \(index)" { return .index(index) }
            return .key(key.stringValue)
        })
    }

    /// This path as Codable coding keys.
    package var codingKeys: [any CodingKey] {
        components.map { component in
            switch component {
            case let .index(index): PathKey(index: index)
            case let .key(key): PathKey(stringValue: key, intValue: nil)
            }
        }
    }
}

/// A coding key of a path: a key as written, or an array index spelled `Index n` as Foundation does.
struct PathKey: CodingKey, Sendable {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String, intValue: Int?) {
        self.stringValue = stringValue
        self.intValue = intValue
    }

    init(index: Int) { self.init(stringValue: "Index \(index)", intValue: index) }
    init?(stringValue: String) { self.init(stringValue: stringValue, intValue: nil) }
    init?(intValue: Int) { self.init(stringValue: String(intValue), intValue: intValue) }

    /// The key `super`, under which `superEncoder()` and `superDecoder()` nest.
    static let `super` = PathKey(stringValue: "super", intValue: nil)
}
