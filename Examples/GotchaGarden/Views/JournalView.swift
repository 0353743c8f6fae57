import SwiftUI

struct JournalView: View {
    @State private var journal = GardenJournal()
    @State private var draft = ""

    var body: some View {
        VStack {
            List(journal.entries, id: \.self) { entry in
                Text(entry)
            }
            TextField("New note", text: $draft)
                .onSubmit { journal.add(draft) }
        }
    }
}
