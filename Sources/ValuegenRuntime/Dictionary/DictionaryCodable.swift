import Foundation

/// A type that reads itself from a property-list value: what `PropertyListSerialization` and
/// `JSONSerialization` give (`[String: Any]`, `[Any]`, `String`, `NSNumber`, `Bool`, `Date`,
/// `Data`, `NSNull`), or what ``DictionaryEncodable/propertyListValue`` wrote.
///
/// Errors name the key path from the value being read (`$.users[3].nickname`), as
/// ``JSONError`` does; a container adds its key or index as the error passes out.
public protocol DictionaryDecodable {
    init(propertyListValue: Any) throws(DictionaryError)
}

/// A type that writes itself as a property-list value: a tree of `[String: Any]`, `[Any]`,
/// `String`, numbers, `Bool`, `Date` and `Data` that `PropertyListSerialization` accepts.
/// A nil optional is left out of the dictionary that holds it; only a nil inside a collection
/// (`[Int?]`) has no property-list form and is written as `NSNull`, as JSON writes `null`.
public protocol DictionaryEncodable {
    var propertyListValue: Any { get }
}

/// Both directions: what the generated `Dictionary` feature conforms models to.
public typealias DictionaryCodable = DictionaryDecodable & DictionaryEncodable
