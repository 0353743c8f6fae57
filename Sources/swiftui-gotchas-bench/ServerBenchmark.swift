import GotchasCorpus

/// Latency and memory of the language server. Filled in once the server lands.
struct ServerBenchmark {
    let corpus: SyntheticCorpus

    func run() -> String {
        "4–5. server latency/memory: not measured yet (the language server is not in this build)"
    }
}
