/// A product from a loosely typed shop API: numbers as strings, flags as 0/1, keys that come
/// and go, and price tables with the odd bad entry.

public import SerializeCoding

/// A product as a shop API sends it.
///
/// ```json
/// {"id": "1042", "inStock": 1, "price": "19.90", "name": "Kettle",
///  "pricesByCurrency": {"EUR": 19.9, "USD": "call us"}, "variants": [{"sku": "K-1"}, {"sku": 7}]}
/// ```
///
/// - ``id``, ``inStock`` and ``price`` are ``Lossless``: `"1042"`, `1` and `"19.90"` decode as
///   `1042`, `true` and `19.9`, and with `userInfo[.losslessEncoding] = .originalForm` they are
///   written back as they came.
/// - ``tags``, ``isFeatured`` and ``availability`` are ``Default``: a missing key or a null
///   takes `[]`, `false` and ``ProductAvailability/unknown``.
/// - ``pricesByCurrency`` is a ``LossyDictionary`` and ``variants`` a ``LossyArray``: a bad entry
///   is left out and recorded in the ``DecodingReport``, not fatal.
public struct ShopProduct: Codable, Equatable, Sendable {
    @Lossless public var id: Int
    @Lossless public var inStock: Bool
    @Lossless public var price: Double
    public var name: String
    @Default<DefaultEmpty<[String]>> public var tags: [String]
    @Default<DefaultFalse> public var isFeatured: Bool
    @Default<DefaultCase<ProductAvailability>> public var availability: ProductAvailability
    @LossyDictionary public var pricesByCurrency: [String: Double]
    @LossyArray public var variants: [ProductVariant]

    public init(
        id: Int, inStock: Bool, price: Double, name: String, tags: [String] = [], isFeatured: Bool = false,
        availability: ProductAvailability = .unknown, pricesByCurrency: [String: Double] = [:],
        variants: [ProductVariant] = []
    ) {
        self._id = Lossless(wrappedValue: id)
        self._inStock = Lossless(wrappedValue: inStock)
        self._price = Lossless(wrappedValue: price)
        self.name = name
        self._tags = Default(wrappedValue: tags)
        self._isFeatured = Default(wrappedValue: isFeatured)
        self._availability = Default(wrappedValue: availability)
        self._pricesByCurrency = LossyDictionary(wrappedValue: pricesByCurrency)
        self._variants = LossyArray(wrappedValue: variants)
    }
}

/// Whether a product can be ordered; an unknown value decodes as ``unknown``.
public enum ProductAvailability: String, DefaultCaseCodable, CaseIterable, Hashable, Sendable {
    case available, preorder, discontinued, unknown
    public static let defaultCase = ProductAvailability.unknown
}

/// One variant of a product.
public struct ProductVariant: Codable, Hashable, Sendable {
    public var sku: String

    public init(sku: String) {
        self.sku = sku
    }
}
