import GotchasCore
import Testing
@testable import GotchasLSP

/// The actor keeps the loop and the components that own the state; work in flight (pending
/// requests, baseline waiters, show-document fallbacks, disk-pull memos) lives in those
/// components, not beside them.
@Suite struct ServerShapeTests {
    @Test func theServerActorKeepsAtMostTwelveStoredProperties() {
        let server = LanguageServer(writer: MessageWriter(fileDescriptor: -1))
        let stored = Mirror(reflecting: server).children.compactMap(\.label)
        #expect(stored.count <= 12, "LanguageServer stores \(stored.count): \(stored)")
        #expect(stored.contains("inFlight") && stored.contains("lints"), "\(stored)")
    }
}
