// Compiled with the generated code of RecursiveValueCompileTests (as main.swift) and
// DriverChecks.swift, then run: values that hold themselves (`%storage indirect`) through an
// Optional, an array and a dictionary, through every feature; and chains 10,000 deep, which
// each reader refuses with its depth error and which ==, hashing, description and release
// handle without overflowing the stack.
import Foundation
import ValuegenRuntime

let jsonEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
}()

let original = Status(id: 1, text: "original")
let reply = Status(id: 3, text: "reply", replies: [original])
let retweet = Status(id: 2, text: "RT", retweetedStatus: original, replies: [reply], quoted: ["q": original])
let thread = Comment(text: "third", parent: Comment(text: "second", parent: Comment(text: "first")))

section("JSON") {
    let text = #"{"id":2,"text":"RT","retweeted_status":{"id":1,"text":"original","replies":[],"quoted":{}},"replies":[{"id":3,"text":"reply","replies":[{"id":1,"text":"original","replies":[],"quoted":{}}],"quoted":{}}],"quoted":{"q":{"id":1,"text":"original","replies":[],"quoted":{}}}}"#
    check(String(decoding: retweet.jsonData(), as: UTF8.self) == text, String(decoding: retweet.jsonData(), as: UTF8.self))
    check(try Status(jsonData: Data(text.utf8)) == retweet, "reads back")
    check(try Comment(jsonData: thread.jsonData()) == thread, "a chain of comments")
}

section("Coding") {
    check(try JSONDecoder().decode(Status.self, from: jsonEncoder.encode(retweet)) == retweet, "Codable round trip")
    check(try JSONDecoder().decode(Status.self, from: retweet.jsonData()) == retweet, "Codable reads the JSON feature's text")
    check(try JSONDecoder().decode(Comment.self, from: jsonEncoder.encode(thread)) == thread, "a chain of comments")
}

section("Binary") {
    check(try Status(binaryData: retweet.binaryData()) == retweet, "round trip")
    check(try Comment(binaryData: thread.binaryData()) == thread, "a chain of comments")
}

section("Dictionary") {
    let tree = retweet.dictionaryRepresentation
    check(try Status(dictionary: tree) == retweet, "round trip")
    let json = try JSONSerialization.jsonObject(with: retweet.jsonData()) as! [String: Any]
    check(try Status(dictionary: json) == retweet, "reads what JSONSerialization makes of the JSON")
    let list = try PropertyListSerialization.data(fromPropertyList: thread.dictionaryRepresentation, format: .binary, options: 0)
    let read = try PropertyListSerialization.propertyList(from: list, format: nil) as! [String: Any]
    check(try Comment(dictionary: read) == thread, "a chain of comments through a binary property list")
}

section("Equality") {
    let same = Comment(text: "third", parent: Comment(text: "second", parent: Comment(text: "first")))
    check(thread == same && thread.hashValue == same.hashValue, "equal chains in different boxes")
    check(thread != Comment(text: "third", parent: Comment(text: "second", parent: Comment(text: "other"))), "a difference at the end of the chain")
    check(thread != Comment(text: "third", parent: Comment(text: "second")), "a shorter chain")
    check(Set([retweet, Status(id: 2, text: "RT", retweetedStatus: original, replies: [reply], quoted: ["q": original]), original]).count == 2, "in a set")
}

section("Description") {
    check(thread.description == #"Comment(text: "third", parent: Comment(text: "second", parent: Comment(text: "first", parent: nil)))"#, thread.description)
}

section("Diffing") {
    check(thread.changedAttributes(from: thread.with(parent: nil)) == [.parent], "\(thread.changedAttributes(from: thread.with(parent: nil)))")
    check(retweet.changedAttributes(from: retweet.with(text: "x").with(replies: [])) == [.text, .replies], "two attributes")
}

section("Validation") {
    let empty = #"{"text":"third","parent":{"text":"second","parent":{"text":""}}}"#
    do {
        _ = try Comment(jsonData: Data(empty.utf8))
        check(false, "an empty text deep in the chain was read")
    } catch {
        check("\(error)" == "Comment.text: is empty at byte 62 ($.parent.parent)", "\(error)")
    }
    check((try? Comment.builder().build()) == nil, "the builder refuses a missing text")
    var builder = thread.toBuilder()
    builder.text = ""
    check((try? builder.build()) == nil, "the builder refuses an empty text")
}

// MARK: - 10,000 levels

let levels = 10_000
let nestedJSON = String(repeating: #"{"text":"x","parent":"#, count: levels) + #"{"text":"x"}"# + String(repeating: "}", count: levels)
func chain(_ count: Int) -> Comment {
    var comment = Comment(text: "0")
    for index in 1..<count {
        comment = Comment(text: "\(index)", parent: comment)
    }
    return comment
}

/// The error's text with its path's repeated component counted rather than written out:
/// `… ($)` and 512 for `… ($.parent.parent…)`.
func refusal(_ error: any Error, repeating component: String) -> String {
    let text = "\(error)"
    return "\(text.replacingOccurrences(of: component, with: "")) with \(text.components(separatedBy: component).count - 1) × \(component)"
}

section("reading 10,000 levels gives each reader's depth error") {
    do {
        _ = try Comment(jsonData: Data(nestedJSON.utf8))
        check(false, "JSON read 10,000 levels")
    } catch {
        print("JSON: \(refusal(error, repeating: ".parent"))")
        check(refusal(error, repeating: ".parent") == "nesting deeper than 512 levels at byte 10752 ($) with 512 × .parent", refusal(error, repeating: ".parent"))
    }
    do {
        _ = try Comment(binaryData: chain(levels).binaryData())
        check(false, "Binary read 10,000 levels")
    } catch {
        print("Binary: \(refusal(error, repeating: ".2"))")
        check(refusal(error, repeating: ".2") == "nesting deeper than 512 levels at byte 5125 ($) with 512 × .2", refusal(error, repeating: ".2"))
    }
    do {
        _ = try JSONDecoder().decode(Comment.self, from: Data(nestedJSON.utf8))
        check(false, "Coding read 10,000 levels")
    } catch DecodingError.dataCorrupted(let context) {
        let underlying = context.underlyingError.map { "\($0)" } ?? ""
        print("Coding: \(context.debugDescription) \(underlying)")
        check(context.debugDescription == "The given data was not valid JSON.", context.debugDescription)
    } catch {
        check(false, "\(error)")
    }
    var tree: [String: Any] = ["text": "x"]
    for _ in 0..<levels {
        tree = ["text": "x", "parent": tree]
    }
    do throws(DictionaryError) {
        _ = try Comment(dictionary: tree)
        check(false, "Dictionary read 10,000 levels")
    } catch {
        print("Dictionary: \(refusal(error, repeating: ".parent"))")
        check(error.message == "nesting too deep for this thread's stack (read deeply nested data on a thread with a larger stack)", "\(error.message)")
        check(error.path.count > 512 && error.path.count < levels, "\(error.path.count)")
    }
}

section("==, hashing, description and release of a 10,000-deep chain") {
    let first = chain(levels)
    let second = chain(levels)
    check(first == second, "equal")
    check(first != chain(levels - 1), "not equal to a shorter chain")
    check(first.hashValue == second.hashValue, "hash")
    check(first.description.hasPrefix(#"Comment(text: "9999", parent: Comment(text: "9998", parent: "#) && first.description.hasSuffix(#"parent: nil)"# + String(repeating: ")", count: levels - 1)), "description")
    check(first.jsonData().count == 248_880, "written by the JSON feature: \(first.jsonData().count)")
}

section("a chain of 1,000,000 is released on a 512 KB stack") {
    let done = DispatchSemaphore(value: 0)
    let releasing = Thread {
        var comment: Comment? = chain(1_000_000)
        precondition(comment?.text == "999999")
        comment = nil
        done.signal()
    }
    releasing.stackSize = 512 * 1024
    releasing.start()
    done.wait()
}

finishChecks()
