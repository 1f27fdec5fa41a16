/// Something weft says to a person — an error, a summary — in the words of a message ``Catalog``. Its `description`
/// stays English (`text(in: .english)`), for logs and machine output.
public protocol CatalogText {
    /// The words in `catalog`'s language.
    func text(in catalog: Catalog) -> String
}
