/// The modules a toolchain or an Apple SDK provides, which `%import` and `%type library=` may
/// name without the module being a dependency: a name a typo away from one of them
/// (`Fondation`) is reported at the schema, rather than by swiftc as `no such module`.
enum KnownModules {
    /// What the Swift toolchain ships on Linux (`usr/lib/swift/linux`), Glibc's and Musl's C
    /// modules, and the toolchain's test modules.
    static let toolchain: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "Dispatch", "Observation", "Synchronization", "RegexBuilder", "Distributed", "Glibc", "Musl",
        "Cxx", "CxxStdlib", "XCTest", "Testing", "WinSDK",
    ]

    /// The frameworks of Apple's SDKs a model is likely to name a type of.
    static let appleSDKs: Set<String> = [
        "Accelerate", "Accessibility", "ActivityKit", "AppIntents", "AppKit", "AuthenticationServices", "AVFoundation",
        "AVKit", "BackgroundTasks", "CallKit", "Charts", "CloudKit", "Combine", "Compression", "Contacts", "ContactsUI",
        "CoreAudio", "CoreBluetooth", "CoreData", "CoreFoundation", "CoreGraphics", "CoreHaptics", "CoreImage",
        "CoreLocation", "CoreML", "CoreMedia", "CoreMotion", "CoreNFC", "CoreServices", "CoreSpotlight",
        "CoreTelephony", "CoreText", "CoreTransferable", "CoreVideo", "CryptoKit", "Darwin", "EventKit",
        "GameController", "GameKit", "GameplayKit", "HealthKit", "HomeKit", "ImageIO", "Intents", "LocalAuthentication",
        "MapKit", "MediaPlayer", "MessageUI", "Metal", "MetalKit", "MultipeerConnectivity", "NaturalLanguage",
        "Network", "ObjectiveC", "OSLog", "os", "PassKit", "PDFKit", "Photos", "PhotosUI", "QuartzCore", "QuickLook",
        "RealityKit", "SafariServices", "SceneKit", "Security", "Speech", "SpriteKit", "StoreKit", "SwiftData",
        "SwiftUI", "SystemConfiguration", "TipKit", "UIKit", "UniformTypeIdentifiers", "UserNotifications", "Vision",
        "WatchConnectivity", "WatchKit", "WebKit", "WidgetKit",
    ]

    static let all = toolchain.union(appleSDKs)
    static let sorted = all.sorted()

    /// The known module a name is a typo of, if it is one (case counts: `foundation` is one).
    static func misspelling(of name: String) -> String? {
        guard !all.contains(name) else { return nil }
        return Suggestion.closest(to: name, among: sorted, maximumDistance: name.count <= 6 ? 1 : 2)
    }
}
