/// Document codecs on serialize's own readers and writers (SerializeDocument).

public import SerializeDocument

extension DocumentCodec {
    /// serialize's reader and writer for `format`: exact 64-bit integers, ordered keys, and a
    /// named error wherever the format cannot hold a value under `writing`.
    public static func serialize(
        _ format: Format, reading: ReadingOptions = ReadingOptions(), writing: WritingOptions = WritingOptions()
    ) -> DocumentCodec {
        DocumentCodec(
            name: format.rawValue, format: format,
            read: { data in try format.read(data, options: reading) },
            write: { document in try format.write(document, options: writing) })
    }
}
