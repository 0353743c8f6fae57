#!/usr/bin/env bash
# End-to-end check of the SwiftPM command plugin (Plugins/LintGotchas): a throwaway package in
# a temp directory depends on this checkout by local `path:` (uncommitted changes count) and
#   - `swift package plugin --list` shows `lint-gotchas`;
#   - `swift package lint-gotchas` builds the tool inside that package, lints its targets' Swift
#     sources, prints the finding in swiftc's format and fails (status 1);
#   - `swift package plugin lint-gotchas --target Clean` (the other spelling) lints only that
#     target and passes; lint options pass through (`--format json`); a path given is linted
#     as given (relative to the current directory) instead of the targets;
#   - `--fix` is refused (the plugin declares no write permission) and names the binary.
# Prints how long the first plugin run (the full build of the tool) took.
# Exit status: 0 when every check passed.
set -euo pipefail

NAME=e2e-plugin
source "$(dirname "${BASH_SOURCE[0]}")/lib/e2e-common.sh"

e2e_workdir
failures=0
ok() { echo "ok   - $*"; }
fail() { echo "FAIL - $*"; failures=$((failures + 1)); }

APP="$WORK/app"
mkdir -p "$APP/Sources/App" "$APP/Sources/Clean"
cat > "$APP/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: "$ROOT")],
    targets: [.target(name: "App"), .target(name: "Clean")]
)
SWIFT
cat > "$APP/Sources/App/CounterView.swift" <<'SWIFT'
import SwiftUI

struct CounterView: View {
    @ObservedObject var model = CounterModel()

    var body: some View {
        Text("\(model.count)")
    }
}
SWIFT
cat > "$APP/Sources/Clean/Title.swift" <<'SWIFT'
import SwiftUI

struct Title: View {
    var body: some View {
        Text("Plants")
    }
}
SWIFT
cd "$APP"

# run OUT_FILE COMMAND…: stdout to OUT_FILE, stderr to OUT_FILE.err, sets STATUS.
run() {
    local out="$1"; shift
    set +e
    "$@" >"$out" 2>"$out.err"
    STATUS=$?
    set -e
}

run "$WORK/list.txt" swift package plugin --list
if grep -q "lint-gotchas" "$WORK/list.txt"; then ok "swift package plugin --list shows lint-gotchas"
else fail "plugin --list: $(cat "$WORK/list.txt" "$WORK/list.txt.err")"; fi

started=$(date +%s)
run "$WORK/lint.txt" swift package lint-gotchas
echo "$NAME: first \`swift package lint-gotchas\` (builds the tool in the dependent package): $(( $(date +%s) - started )) s" >&2
if [ "$STATUS" -eq 1 ] && grep -q "Sources/App/CounterView.swift:4:5: warning: .*\[observed-object-owned\]" "$WORK/lint.txt"; then
    ok "lint-gotchas reports the finding and fails"
else
    fail "lint-gotchas: status $STATUS, $(cat "$WORK/lint.txt"; tail -5 "$WORK/lint.txt.err")"
fi

run "$WORK/clean.txt" swift package plugin lint-gotchas --target Clean
if [ "$STATUS" -eq 0 ] && grep -q "No problems found in 1 file" "$WORK/clean.txt"; then
    ok "swift package plugin lint-gotchas --target Clean lints only that target and passes"
else
    fail "--target Clean: status $STATUS, $(cat "$WORK/clean.txt"; tail -5 "$WORK/clean.txt.err")"
fi

run "$WORK/json.txt" swift package lint-gotchas --format json
if [ "$STATUS" -eq 1 ] && grep -q '"rule":"observed-object-owned"' "$WORK/json.txt"; then
    ok "lint options pass through (--format json)"
else
    fail "--format json: status $STATUS, $(cat "$WORK/json.txt"; tail -5 "$WORK/json.txt.err")"
fi

cd "$APP/Sources"
run "$WORK/path.txt" swift package lint-gotchas Clean
cd "$APP"
if [ "$STATUS" -eq 0 ] && grep -q "No problems found in 1 file" "$WORK/path.txt"; then
    ok "a path given is linted instead of the targets, relative to the current directory"
else
    fail "path Clean: status $STATUS, $(cat "$WORK/path.txt"; tail -5 "$WORK/path.txt.err")"
fi

run "$WORK/fix.txt" swift package lint-gotchas --fix
if [ "$STATUS" -ne 0 ] && grep -q "only reports; for --fix run the binary" "$WORK/fix.txt.err" \
    && grep -q "@ObservedObject" "$APP/Sources/App/CounterView.swift"; then
    ok "--fix is refused and nothing is written"
else
    fail "--fix: status $STATUS, $(cat "$WORK/fix.txt" "$WORK/fix.txt.err")"
fi

[ "$failures" -eq 0 ] || { echo "$NAME: $failures check(s) failed"; exit 1; }
echo "$NAME: all checks passed"
