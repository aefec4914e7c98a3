import Testing
import ValuegenPluginSDK
import ValuegenCore

@Suite("Which types can be Sendable")
struct SendableAnalysisTests {
    /// The names of the file's types that keep the Sendable feature.
    private func sendableTypes(_ path: String, _ text: String, swiftTypes: [SwiftTypeDeclaration] = []) -> [String] {
        let (request, diagnostics) = resolve(path, text, swiftTypes: swiftTypes)
        #expect(diagnostics.isEmpty)
        return request.types.filter { $0.includes("Sendable") }.map(\.name)
    }

    @Test func aValueOfStandardAndFoundationTypesIsSendable() {
        #expect(sendableTypes("Models/User.value", """
        User {
          id: UUID
          names: [String: Set<Int>]
          seen: Date?
          link: URL
        }

        """) == ["User"])
    }

    @Test func aValueHoldingAPercentTypeWithoutSendableIsNot() throws {
        let (request, _) = resolve("Models/User.value", "%type name=Photo library=Media\nUser {\n  photo: Photo\n  name: String\n}\n")
        let user = try #require(request.types.first)
        #expect(!user.canBeSendable)
        #expect(!user.includes("Sendable"))
        #expect(user.attributes.map(\.type.isSendable) == [false, true])
    }

    @Test func aPercentTypeDeclaredSendableKeepsItSendable() {
        #expect(sendableTypes("Models/User.value", "%type name=Photo library=Media sendable=true\nUser {\n  photo: Photo\n}\n") == ["User"])
    }

    @Test func aNonSendableTypeInsideACollectionMakesTheValueNonSendable() {
        #expect(sendableTypes("Models/User.value", "%type name=Photo\nUser {\n  photos: [String: [Photo]]\n}\n") == [])
        #expect(sendableTypes("Models/User.value", "%type name=Photo\nUser {\n  photo: Photo?\n}\n") == [])
    }

    @Test func anExistentialIsNeverSendable() {
        let delegate = swiftTypes("Delegate", kind: "protocol", conformances: ["Sendable"])
        #expect(sendableTypes("Models/User.value", "User {\n  %skipEquality\n  delegate: any Delegate\n}\n", swiftTypes: delegate) == [])
        #expect(sendableTypes("Models/User.value", "User {\n  %skipEquality\n  delegates: [any Delegate]\n}\n", swiftTypes: delegate) == [])
    }

    @Test func aModelOfAnotherFileIsSendableWhenItKeepsSendable() {
        let (requests, diagnostics) = resolveModule([
            ("Models/Message.value", "Message {\n  sender: User\n  attachments: [Attachment]\n}\n"),
            ("Models/User.value", "User {\n  name: String\n}\n"),
            ("Models/Attachment.adtValue", "Attachment {\n  None\n}\n"),
        ])
        #expect(diagnostics.isEmpty)
        #expect(requests.flatMap(\.types).filter { $0.includes("Sendable") }.map(\.name) == ["Message", "User", "Attachment"])
    }

    @Test func aModelOfAnotherFileWithoutSendableMakesTheHolderNonSendable() {
        let (requests, diagnostics) = resolveModule([
            ("Models/Message.value", "Message {\n  sender: User\n  settings: [Settings]\n}\nNote {\n  message: Message?\n}\n"),
            ("Models/User.value", "User excludes(Sendable) {\n  name: String\n}\n"),
            ("Models/Settings.object", "Settings {\n  theme: String\n}\n"),
        ])
        #expect(diagnostics.isEmpty)
        #expect(requests.flatMap(\.types).filter { $0.includes("Sendable") }.map(\.name) == [])
        #expect(requests[0].types[0].attributes.map(\.type.isSendable) == [false, false])
    }

    @Test func aSwiftTypeIsSendableWhenItsDeclarationSaysSo() {
        #expect(sendableTypes("Models/Price.value", "Price {\n  amount: Money\n}\n", swiftTypes: swiftTypes("Money", conformances: ["Hashable", "Sendable"])) == ["Price"])
        #expect(sendableTypes("Models/Price.value", "Price {\n  amount: Money\n}\n", swiftTypes: swiftTypes("Money", conformances: ["Hashable"])) == [])
    }

    @Test func nonSendableTypesOfTheSameFileSpreadToTheTypesHoldingThem() {
        #expect(sendableTypes("Models/User.value", """
        %type name=Photo
        Album {
          cover: Photo
        }
        Gallery {
          albums: [Album]
        }
        Profile {
          gallery: Gallery?
        }
        Plain {
          name: String
        }

        """) == ["Plain"])
    }

    @Test func typesThatHoldEachOtherAreSendableWhenNothingElseStopsThem() {
        #expect(sendableTypes("Models/Tree.value", "Node {\n  children: [Leaf]\n}\nLeaf {\n  parent: Node?\n}\n") == ["Node", "Leaf"])
    }

    @Test func anADTIsSendableWhenEveryPayloadIs() {
        #expect(sendableTypes("Models/Status.adtValue", """
        %type name=Photo
        Status {
          Sent { at: Date }
          Pending
        }
        Attachment {
          Image { photo: Photo }
          Deleted
        }
        Sticker {
          %singleAttributeSubtype attributeType="Photo"
          Custom
          None
        }

        """) == ["Status"])
    }

    @Test func anObjectIsNeverSendable() throws {
        let (request, _) = resolve("Models/Settings.object", "Settings {\n  theme: String\n}\n")
        let settings = try #require(request.types.first)
        #expect(!settings.canBeSendable)
        #expect(!settings.includes("Sendable"))
    }

    @Test func aValueHoldingAnObjectDeclaredWithPercentTypeIsNotSendable() {
        #expect(sendableTypes("Models/Draft.value", "%type name=Settings\nDraft {\n  settings: Settings\n}\n") == [])
    }

    @Test func dropsSendableQuietlyWhenTheTypeDoesNotAskForIt() throws {
        let file = generate("Models/User.value", "%type name=Photo library=Media\nUser {\n  photo: Photo\n}\n")
        #expect(file.diagnostics.isEmpty)
        let contents = try #require(file.contents)
        #expect(!contents.contains("Sendable"))
    }

    @Test func keepsAnExplicitSendableSoThatItsErrorIsReported() throws {
        let (request, _) = resolve("Models/User.value", "%type name=Photo\nUser includes(Sendable) {\n  photo: Photo\n}\n")
        let user = try #require(request.types.first)
        #expect(!user.canBeSendable)
        #expect(user.includes("Sendable"))
    }

    @Test func generatesTheSendableConformance() throws {
        let file = generate("Models/User.value", "User {\n  name: String\n}\n")
        #expect(try #require(file.contents).featureSection("User", "Sendable") == "extension User: Sendable {}")
    }
}
