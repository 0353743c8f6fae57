import Foundation
import GotchasCore
import Testing

@Suite struct FileURITests {
    @Test func absolutePathsBecomeFileURIsThatDecodeBack() throws {
        let path = "/tmp/a b+c@d é/100%/View (1).swift"
        let uri = FileURI.reference(toPath: path)
        #expect(uri == "file:///tmp/a%20b%2Bc%40d%20%C3%A9/100%25/View%20%281%29.swift")
        let url = try #require(URL(string: uri))
        #expect(url.isFileURL && url.path == path)
    }

    @Test func relativePathsStayRelativeWithoutDotSlash() {
        #expect(FileURI.reference(toPath: "./././Sources/My View.swift") == "Sources/My%20View.swift")
        #expect(FileURI.reference(toPath: "Sources/A-b_c.~d.swift") == "Sources/A-b_c.~d.swift")
    }
}
