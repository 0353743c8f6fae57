import Foundation
import GotchasCore
import Testing

/// What `GotchasCore/System` gives in place of Foundation's full library answers as that
/// library does (the tests may link it; the executable does not).
@Suite struct SystemTextTests {
    static let texts = ["", " ", "\t\n", "abc", "  abc ", "\n a b \t", "é ", " 日本 ", "x\u{2028}", "\r\nContent-Length: 12\r\n",
                        "Content-length:3 junk CONTENT-LENGTH: 9", "no field", "content-lengthcontent-length"]

    @Test func trimmingWhitespaceIsFoundationsTrimOfWhitespaceAndNewlines() {
        for text in Self.texts {
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
            #expect(text.dropFirst(0).trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test func lastRangeIsFoundationsBackwardsSearch() {
        for text in Self.texts + ["a // b // c", "//", "a/b"] {
            for needle in ["//", "b", "Content-Length", "日"] {
                #expect(text.lastRange(of: needle) == text.range(of: needle, options: .backwards), "\(text.debugDescription) \(needle)")
            }
        }
    }

    @Test func lastRangeIgnoringASCIICaseIsFoundationsCaseInsensitiveBackwardsSearch() {
        for text in Self.texts + ["ÉCONTENT-LENGTH: 1", "日本content-Length:2"] {
            let expected = text.range(of: "content-length", options: [.caseInsensitive, .backwards])
            #expect(text.lastRange(ofIgnoringASCIICase: "content-length") == expected, "\(text.debugDescription)")
        }
        #expect("Content-Length: 1".lastRange(ofIgnoringASCIICase: "length") != nil)
        #expect("Content-Length: 1".lastRange(ofIgnoringASCIICase: "lengthy") == nil)
    }

    @Test func decimalTextIsPrintfsFixedPointAwayFromTies() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            // Off a tie by 0.0001: printf and `rounded()` round exact halves differently.
            let value = Double(Int.random(in: 0...100_000, using: &generator)) / 1_000 + 0.0001
            for places in 0...3 {
                #expect(value.decimalText(places: places) == String(format: "%.\(places)f", value), "\(value) \(places)")
            }
        }
        #expect((0.0).decimalText(places: 1) == "0.0")
        #expect((-0.01).decimalText(places: 1) == "0.0")  // printf writes "-0.0"
        #expect((-2.26).decimalText(places: 1) == "-2.3")
    }

    @Test func paddedFillsToTheWidthAndNeverCuts() {
        #expect("iOS 17".padded(toWidth: 9) == "iOS 17   ")
        #expect("macOS 15.0".padded(toWidth: 4) == "macOS 15.0")
        #expect("日本".padded(toWidth: 3) == "日本".padding(toLength: 3, withPad: " ", startingAt: 0))
    }

    @Test func pathKindTellsDirectoriesFilesAndNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("path-kind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("A.swift")
        try Data("struct A {}".utf8).write(to: file)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/link", withDestinationPath: directory.path)
        #expect(PathKind.of(directory.path) == .directory)
        #expect(PathKind.of(directory.path + "/link") == .directory)  // followed, as `fileExists` does
        #expect(PathKind.of(file.path) == .file)
        #expect(PathKind.of("/dev/null") == .other)
        #expect(PathKind.of(directory.path + "/missing") == .missing)
    }

    @Test func systemErrorTextSaysWhatTheSystemSays() {
        do {
            _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))
            Issue.record("read a file that does not exist")
        } catch {
            let text = SystemErrorText.describe(error)
            #expect(text.lowercased().contains("no such file") || text.lowercased().contains("doesn’t exist") || text.lowercased().contains("couldn’t be opened"), "\(text)")
        }
        #expect(SystemErrorText.describe(POSIXError(.EACCES)) == String(cString: strerror(EACCES)))
    }

    @Test func readToEndReadsEveryByteOfAPipe() throws {
        let pipe = Pipe()
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let writer = Thread {
            pipe.fileHandleForWriting.write(Data(bytes))
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        #expect(FileDescriptorInput.readToEnd(pipe.fileHandleForReading.fileDescriptor) == bytes)
    }
}
