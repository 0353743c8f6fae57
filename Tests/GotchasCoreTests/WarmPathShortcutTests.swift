import Foundation
@testable import GotchasCore
import GotchasCorpus
import Testing

/// The shortcuts a warm `lint` takes through the workspace-input layer, each against the
/// slow path it replaces, on random inputs built from the pieces where the two could part:
/// non-ASCII text, combining marks after `/` and `-`, canonically equivalent characters
/// (KELVIN SIGN ≡ K), Unicode line breaks, `\r\n`, comments, wildcards.
@Suite struct WarmPathShortcutTests {
    static func randomText(_ random: inout SplitMix64, pieces: [String], count: Int) -> String {
        (0..<count).map { _ in pieces[random.next(upTo: pieces.count)] }.joined()
    }

    // MARK: Globs (`.gitignore`, include/exclude)

    static let patternPieces = ["*", "?", "**", "/", "a", "b", ".swift", "Build", "é", "e\u{301}", "-", "\u{301}", "x.", "/**"]
    static let pathPieces = ["/", "a", "b", "ab", ".swift", "Build", "é", "e\u{301}", "-", "\u{301}", "x.", "//", "c/"]

    @Test func compiledGlobsMatchAsTheScalarMatcherDid() {
        var random = SplitMix64(seed: 17)
        var matched = 0
        for _ in 0..<3_000 {
            let glob = Glob(Self.randomText(&random, pieces: Self.patternPieces, count: 1 + random.next(upTo: 5)))
            for _ in 0..<8 {
                let path = Self.randomText(&random, pieces: Self.pathPieces, count: 1 + random.next(upTo: 6))
                #expect(glob.matchesWhole(path) == glob.matchesWholeByScalars(path), "\(glob.pattern) on \(path.debugDescription)")
                #expect(glob.matches(path) == glob.matchesByScalars(path), "\(glob.pattern) on \(path.debugDescription)")
                if glob.matchesWholeByScalars(path) { matched += 1 }
            }
        }
        #expect(matched > 500)  // the inputs do match, not only miss
    }

    @Test func ignoreFilesAnswerAsTheScalarMatcherDid() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<300 {
            let lines = (0..<(1 + random.next(upTo: 8))).map { _ in
                (random.next(upTo: 4) == 0 ? "!" : "") + Self.randomText(&random, pieces: Self.patternPieces, count: 1 + random.next(upTo: 4))
                    + (random.next(upTo: 3) == 0 ? "/" : "")
            }
            let file = IgnoreFile(text: lines.joined(separator: "\n"))
            for _ in 0..<20 {
                let path = Self.randomText(&random, pieces: Self.pathPieces, count: 1 + random.next(upTo: 5))
                for isDirectory in [false, true] {
                    #expect(file.isIgnored(path, isDirectory: isDirectory) == file.isIgnoredByScalars(path, isDirectory: isDirectory))
                }
            }
        }
    }

    // MARK: Settings files read by lines

    static let settingsPieces = [
        "SWIFT_DEFAULT_ACTOR_ISOLATION", " = ", "=", "MainActor", ";", "\n", "\r\n", "\r", "\u{2028}", "\u{85}", "\u{0B}",
        "// ", "/", "é", " ", "\t", "\u{A0}", "IPHONEOS_DEPLOYMENT_TARGET", "MACOSX_DEPLOYMENT_TARGET[sdk=macosx*]", "17.0",
        "15.4", "SDKROOT", "SD\u{212A}ROOT", "iphoneos", "SUPPORTED_PLATFORMS", "\"", "macosx xros", "$(inherited)", "x",
        "\u{301}", "defaultIsolation(", "MainActor.self)", "\u{212A}",
    ]

    /// Mostly `KEY = value;` lines (with noise around them), joined by every kind of line break.
    static func settingsText(_ random: inout SplitMix64) -> String {
        let keys = ["SWIFT_DEFAULT_ACTOR_ISOLATION", "IPHONEOS_DEPLOYMENT_TARGET", "MACOSX_DEPLOYMENT_TARGET[sdk=macosx*]", "SDKROOT",
                    "SD\u{212A}ROOT", "SUPPORTED_PLATFORMS", "\"XROS_DEPLOYMENT_TARGET\"", "OTHER_SETTING", "IPHONEOS_DEPLOYMENT_TARGETé"]
        let values = ["MainActor", "Main Actor", "17.0", "15.4", "iphoneos", "\"macosx xros\"", "$(inherited)", "é", "MainActor // x", "1\u{301}6.0"]
        let separators = [" = ", "=", " =\t", " \u{A0}= ", " "]
        let ends = [";", "", " ;", " // é", "\u{A0}"]
        let prefixes = ["", "", "\t", "// ", "é ", "\u{301}", "\u{2028}"]
        let breaks = ["\n", "\r\n", "\r", "\u{2028}", "\u{85}", "\n\n", "\u{0C}"]
        var text = ""
        for _ in 0..<(1 + random.next(upTo: 8)) {
            if random.next(upTo: 5) == 0 {
                text += randomText(&random, pieces: settingsPieces, count: 1 + random.next(upTo: 6))
            } else {
                for part in [prefixes, keys, separators, values, ends] { text += part[random.next(upTo: part.count)] }
            }
            text += breaks[random.next(upTo: breaks.count)]
        }
        return text
    }

    @Test func settingsLinesReadByBytesSayWhatTheCharacterPathSays() {
        var random = SplitMix64(seed: 29)
        var setsMainActor = 0
        var withTargets = 0
        for _ in 0..<3_000 {
            let text = Self.settingsText(&random)
            #expect(ProjectSettings.squeezedByLines(text) == ProjectSettings.squeezedByCharacters(text[...]), "\(text.debugDescription)")
            for path in ["Package.swift", "A.xcconfig", "A.xcodeproj/project.pbxproj"] {
                let answer = ProjectSettings.defaultIsolationIsMainActor(path: path, text: text)
                #expect(answer == ProjectSettings.squeezedByCharacters(text[...]).contains(
                    path == "Package.swift" ? "defaultIsolation(MainActor.self)" : "SWIFT_DEFAULT_ACTOR_ISOLATION=MainActor"))
                if answer == true { setsMainActor += 1 }
            }
            for path in ["A.xcconfig", "A.xcodeproj/project.pbxproj"] {
                let fast = SettingsFileFacts(path: path, text: text, skippingLinesWithoutKeys: true)
                #expect(fast == SettingsFileFacts(path: path, text: text, skippingLinesWithoutKeys: false), "\(text.debugDescription)")
                if fast?.deploymentTargets.isEmpty == false || fast?.sdkPlatforms.isEmpty == false { withTargets += 1 }
            }
        }
        #expect(setsMainActor > 300)
        #expect(withTargets > 1_000)
    }

    @Test func aKeySpelledWithAnEquivalentCharacterIsStillRead() {
        // KELVIN SIGN is canonically equivalent to K: the Character path reads SDKROOT.
        let text = "SD\u{212A}ROOT = iphoneos;\nA = B;"
        let facts = SettingsFileFacts(path: "A.xcodeproj/project.pbxproj", text: text)
        #expect(facts?.sdkPlatforms == [.iOS])
        #expect(facts == SettingsFileFacts(path: "A.xcodeproj/project.pbxproj", text: text, skippingLinesWithoutKeys: false))
    }

    // MARK: Names and paths

    @Test func settingsFileKindsByBytesAreTheCharacterAnswers() {
        var random = SplitMix64(seed: 3)
        let pieces = ["/", "Package", ".swift", "Package@swift-", "5.9", ".xcconfig", "project.pbxproj", "App.xcodeproj", "\u{301}",
                      "é", "-", "t", "//", "a"]
        var found = 0
        for _ in 0..<20_000 {
            let path = Self.randomText(&random, pieces: pieces, count: 1 + random.next(upTo: 5))
            #expect(ProjectSettings.kind(ofPath: path) == ProjectSettings.kindByCharacters(ofPath: path), "\(path.debugDescription)")
            if ProjectSettings.kind(ofPath: path) != nil { found += 1 }
        }
        #expect(found > 1_000)
    }

    @Test func cleanPathsStandardizeAsURLDoes() {
        let paths = ["/", "/a", "/a/", "/a/b.swift", "/a//b", "/a/./b", "/a/../b", "/a/b/..", "/a/b/.", "a/b", "./a", "/a b/c",
                     "/é/x", "/a%20b", "/.hidden/x", "/a/.../b", "/a/..b/c", "//a", "/a/b//"]
        for path in paths {
            #expect(StandardizedPath.of(path) == URL(fileURLWithPath: path).standardizedFileURL.path, "\(path)")
            #expect(ConfigurationLookup.standardizedDirectory(ofFile: path)
                    == URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path, "\(path)")
        }
    }

    // MARK: Configuration files found once per directory chain

    @Test func theRememberedWalkUpFindsWhatFindFinds() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("warm-shortcuts-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directories = ["a", "a/b", "a/b/c", "a/b/c/d", "e", "e/f", "g"]
        for directory in directories {
            try FileManager.default.createDirectory(atPath: root + "/" + directory, withIntermediateDirectories: true)
        }
        for configured in ["a/b", "e"] {
            FileManager.default.createFile(atPath: root + "/" + configured + "/" + ConfigurationFile.fileName, contents: Data("{}".utf8))
        }
        var files = directories.map { root + "/" + $0 + "/X.swift" } + [root + "/a/b/c/../X.swift", root + "/e/./f/X.swift", root + "/X.swift"]
        files += files.reversed()  // asked again, in another order
        var lookup = ConfigurationLookup(rules: [], remembersNearestFile: true)
        for file in files {
            #expect(lookup.nearestFile(forFile: file) == ConfigurationFile.find(forFile: file), "\(file)")
        }
    }

    @Test func theInnermostFolderHoldingAPathIsAPrefixByComponents() {
        let folders = ["/w", "/w/app/", "/wx", "/w/app/Packages/../Packages/Foo"]
        #expect(StandardizedPath.innermostFolder(holding: "/w/app/Sources/A.swift", among: folders) == "/w/app")
        #expect(StandardizedPath.innermostFolder(holding: "/w/app/Packages/Foo/Sources/F.swift", among: folders) == "/w/app/Packages/Foo")
        #expect(StandardizedPath.innermostFolder(holding: "/wx/B.swift", among: folders) == "/wx")
        // "/w" is no folder of "/wxy/C.swift", and a folder does not hold itself.
        #expect(StandardizedPath.innermostFolder(holding: "/wxy/C.swift", among: folders) == nil)
        #expect(StandardizedPath.innermostFolder(holding: "/w", among: ["/w"]) == nil)
        #expect(StandardizedPath.innermostFolder(holding: "/etc/hosts", among: ["/"]) == "/")
        #expect(StandardizedPath.innermostFolder(holding: "/w/./app/../B.swift", among: folders) == "/w")
    }
}
