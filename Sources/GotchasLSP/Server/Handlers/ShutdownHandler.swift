/// `shutdown` (refuse new requests) and `exit` (status 0 after shutdown, 1 otherwise).
extension LanguageServer {
    func handleShutdown() -> Result<JSON, ResponseError> {
        // Requests still running are answered when they finish; new ones are refused.
        phase = .shuttingDown
        return .success(.null)
    }

    func handleExit() {
        exitCode = phase == .shuttingDown ? 0 : 1
    }
}
