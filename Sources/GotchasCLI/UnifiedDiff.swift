/// A unified diff of two texts, line by line (Myers' O(ND) algorithm), for `--diff`.
enum UnifiedDiff {
    static func make(old: String, new: String, path: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        let script = editScript(a, b)
        guard script.contains(where: { $0 != .same }) else { return "" }
        let shown = path.hasPrefix("/") ? String(path.dropFirst()) : path
        var output = "--- a/\(shown)\n+++ b/\(shown)\n"
        // Walk the script and cut it into hunks with `context` lines around changes.
        var entries: [(op: Op, aIndex: Int, bIndex: Int)] = []
        var i = 0, j = 0
        for op in script {
            entries.append((op, i, j))
            switch op {
            case .same: i += 1; j += 1
            case .delete: i += 1
            case .insert: j += 1
            }
        }
        var index = 0
        while index < entries.count {
            guard let firstChange = entries[index...].firstIndex(where: { $0.op != .same }) else { break }
            let start = max(index, firstChange - context)
            var end = firstChange
            var lastChange = firstChange
            while end < entries.count {
                if entries[end].op != .same { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            end = min(entries.count, lastChange + context + 1)
            let hunk = entries[start..<end]
            let oldCount = hunk.filter { $0.op != .insert }.count
            let newCount = hunk.filter { $0.op != .delete }.count
            let oldStart = (hunk.first?.aIndex ?? 0) + (oldCount == 0 ? 0 : 1)
            let newStart = (hunk.first?.bIndex ?? 0) + (newCount == 0 ? 0 : 1)
            output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for entry in hunk {
                switch entry.op {
                case .same: output += " " + a[entry.aIndex] + "\n"
                case .delete: output += "-" + a[entry.aIndex] + "\n"
                case .insert: output += "+" + b[entry.bIndex] + "\n"
                }
            }
            index = end
        }
        return output
    }

    enum Op: Equatable { case same, delete, insert }

    private static func lines(_ text: String) -> [Substring] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false)
        if result.last == "" { result.removeLast() }
        return result
    }

    /// Shortest edit script turning `a` into `b`.
    static func editScript(_ a: [Substring], _ b: [Substring]) -> [Op] {
        let n = a.count, m = b.count
        let maxD = n + m
        let offset = maxD
        var v = [Int](repeating: 0, count: 2 * maxD + 2)
        var trace: [[Int]] = []
        var found = false
        for d in 0...max(0, maxD) {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { found = true; break }
            }
            if found { break }
        }
        // Backtrack through the saved frontiers.
        var ops: [Op] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = d == 0 ? 0 : v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                ops.append(.same); x -= 1; y -= 1
            }
            if d > 0 {
                if x == previousX { ops.append(.insert) } else { ops.append(.delete) }
            }
            x = previousX
            y = previousY
        }
        while x > 0 && y > 0 { ops.append(.same); x -= 1; y -= 1 }
        return ops.reversed()
    }
}
