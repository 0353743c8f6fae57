import GotchasCore

/// The LSP suites' usual document: one `foregroundColor` finding.
let sample = """
import SwiftUI

struct Greeting: View {
    var body: some View {
        Text("Hi").foregroundColor(.red)
    }
}

"""
