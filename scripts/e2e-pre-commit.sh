#!/usr/bin/env bash
# End-to-end check of the shipped CI integrations:
#   - .pre-commit-hooks.yaml with the REAL `pre-commit` (PyPI, in a venv in the temp dir):
#     a throwaway git repository whose .pre-commit-config.yaml names this checkout at its HEAD
#     (pre-commit clones it, so only committed changes count) and builds it with
#     `swift build -c release`; a staged gotcha fails the commit and prints the finding; a clean
#     staged file passes, even with an untracked gotcha file and an unstaged gotcha edit
#     beside it (only the staged version of staged Swift files is linted); `args` with a
#     baseline hide a recorded finding.
#   - action.yml (GitHub composite action; no runner here): parses with PyYAML (pre-commit's own
#     dependency), every `${{ inputs.X }}` is declared, shell steps name a shell, it uses
#     actions/cache on .build and github/codeql-action/upload-sarif; the lint step's script runs
#     under bash against the debug binary (SARIF out, status 1 on findings, the baseline input
#     hides them) and, with a stand-in binary, passes --baseline/--changed-since only when set.
# Prints how long pre-commit's release build took. Exit status: 0 when every check passed.
set -euo pipefail

NAME=e2e-pre-commit
source "$(dirname "${BASH_SOURCE[0]}")/lib/e2e-common.sh"

e2e_build
e2e_workdir
failures=0
ok() { echo "ok   - $*"; }
fail() { echo "FAIL - $*"; failures=$((failures + 1)); }

echo "$NAME: installing pre-commit==4.7.0 into $WORK/venv" >&2
python3 -m venv "$WORK/venv" || { e2e_install python3-venv && python3 -m venv "$WORK/venv"; }
"$WORK/venv/bin/pip" install -q pre-commit==4.7.0 >&2
PRE_COMMIT="$WORK/venv/bin/pre-commit"
export PRE_COMMIT_HOME="$WORK/pre-commit-home"   # a fresh cache: the hook is built from scratch

# --- pre-commit: a throwaway repository using this checkout's hook at HEAD.
REV="$(git rev-parse HEAD)"
if [ -n "$(git status --porcelain -- .pre-commit-hooks.yaml Package.swift Sources)" ]; then
    echo "$NAME: note: uncommitted changes are not tested (pre-commit clones $REV)" >&2
fi
REPO="$WORK/repo"
mkdir -p "$REPO/Views"
git init -q "$REPO"
cat > "$REPO/.pre-commit-config.yaml" <<YAML
repos:
  - repo: $ROOT
    rev: $REV
    hooks:
      - id: swiftui-gotchas
YAML
gotcha='import SwiftUI

struct CounterView: View {
    @ObservedObject var model = CounterModel()

    var body: some View {
        Text("\(model.count)")
    }
}'
clean='import SwiftUI

struct CounterView: View {
    @StateObject private var model = CounterModel()

    var body: some View {
        Text("\(model.count)")
    }
}'
printf '%s\n' "$gotcha" > "$REPO/Views/CounterView.swift"
git -C "$REPO" add .pre-commit-config.yaml Views/CounterView.swift

run_hooks() {   # run_hooks LOG: `pre-commit run` in $REPO; sets status
    set +e
    (cd "$REPO" && "$PRE_COMMIT" run --color never) > "$1" 2>&1
    status=$?
    set -e
}

started=$SECONDS
run_hooks "$WORK/gotcha.log"
build_seconds=$((SECONDS - started))
echo "$NAME: first pre-commit run (clone + swift build -c release + lint) took ${build_seconds}s" >&2
if [ "$status" = 1 ] && grep -q "Views/CounterView.swift:4:5: warning: .*\[observed-object-owned\]" "$WORK/gotcha.log" \
    && grep -qE "^swiftui-gotchas\.+Failed" "$WORK/gotcha.log"; then
    ok "pre-commit: a staged gotcha fails the hook and prints the finding"
else
    fail "pre-commit: a staged gotcha (status $status, expected 1 and the finding):"; cat "$WORK/gotcha.log"
fi

# The clean version staged; beside it an unstaged gotcha edit and an untracked gotcha file.
printf '%s\n' "$clean" > "$REPO/Views/CounterView.swift"
git -C "$REPO" add Views/CounterView.swift
printf '%s\n' "$gotcha" > "$REPO/Views/CounterView.swift"
printf '%s\n' "$gotcha" > "$REPO/Views/Untracked.swift"
started=$SECONDS
run_hooks "$WORK/clean.log"
if [ "$status" = 0 ] && grep -qE "^swiftui-gotchas\.+Passed" "$WORK/clean.log"; then
    ok "pre-commit: a clean staged file passes (built environment reused: $((SECONDS - started))s)"
else
    fail "pre-commit: a clean staged file (status $status, expected 0):"; cat "$WORK/clean.log"
fi
if cmp -s <(printf '%s\n' "$gotcha") "$REPO/Views/CounterView.swift"; then
    ok "pre-commit: the unstaged edit is restored after the run"
else
    fail "pre-commit: the unstaged edit was lost"
fi

# --- action.yml: structure.
"$WORK/venv/bin/python" - "$ROOT/action.yml" "$WORK/lint-step.sh" <<'PY' || failures=$((failures + 1))
import re, sys, yaml
path, script_out = sys.argv[1], sys.argv[2]
action = yaml.safe_load(open(path))
bad = 0
def check(condition, message):
    global bad
    print(("ok   - " if condition else "FAIL - ") + "action.yml: " + message)
    bad += 0 if condition else 1
runs = action.get("runs", {})
steps = runs.get("steps", [])
inputs = action.get("inputs", {})
check(runs.get("using") == "composite" and steps, "a composite action with steps")
check({"paths", "baseline", "changed-since"} <= set(inputs), "inputs paths, baseline, changed-since")
check(all(inputs[name].get("default") == "" for name in ("baseline", "changed-since")), "baseline and changed-since default to empty")
check("--changed-since" in inputs.get("changed-since", {}).get("description", ""), "changed-since says it needs `lint --changed-since`")
text = open(path).read()
used = set(re.findall(r"\$\{\{\s*inputs\.([A-Za-z0-9_-]+)", text)) | set(re.findall(r"\binputs\.([A-Za-z0-9_-]+)", text))
check(used and used <= set(inputs), f"every input used is declared ({sorted(used - set(inputs)) or 'ok'})")
check(all(("run" in s) != ("uses" in s) for s in steps), "each step either runs or uses")
check(all(s.get("shell") for s in steps if "run" in s), "every run step names its shell (required in composite actions)")
uses = {s["uses"].split("@")[0]: s for s in steps if "uses" in s}
cache = uses.get("actions/cache", {}).get("with", {})
check(cache.get("path", "").endswith("/.build"), "actions/cache on the action's .build")
upload = uses.get("github/codeql-action/upload-sarif", {}).get("with", {})
ids = {s.get("id") for s in steps}
check("steps.lint.outputs.sarif-file" in upload.get("sarif_file", "") and "lint" in ids, "upload-sarif uploads the lint step's file")
lint = [s for s in steps if s.get("id") == "lint"]
check(lint and "--format sarif" in lint[0]["run"], "the lint step runs `lint --format sarif`")
if lint:
    open(script_out, "w").write(lint[0]["run"])
sys.exit(1 if bad else 0)
PY

# `args` go between the entry and the file names: a baseline hides the staged gotcha.
mkdir -p "$REPO/ci"
git -C "$REPO" add Views/CounterView.swift
(cd "$REPO" && "$BIN" lint --write-baseline ci/gotchas.baseline Views/CounterView.swift >/dev/null 2>&1)
printf '        args: [--baseline, ci/gotchas.baseline]\n' >> "$REPO/.pre-commit-config.yaml"
git -C "$REPO" add .pre-commit-config.yaml ci/gotchas.baseline
run_hooks "$WORK/baseline.log"
if [ "$status" = 0 ] && grep -qE "^swiftui-gotchas\.+Passed" "$WORK/baseline.log"; then
    ok "pre-commit: args: [--baseline, FILE] hides the recorded finding"
else
    fail "pre-commit: with a baseline (status $status, expected 0):"; cat "$WORK/baseline.log"
fi

# --- action.yml: the lint step's script, as the runner would run it (bash -e, inputs in env).
run_lint_step() {   # run_lint_step PATH_DIR PATHS BASELINE CHANGED_SINCE: sets status, $WORK/out
    : > "$WORK/github-output"
    set +e
    (cd "$REPO" && PATH="$1:$PATH" INPUT_PATHS="$2" INPUT_BASELINE="$3" INPUT_CHANGED_SINCE="$4" \
        SARIF_FILE="$WORK/out.sarif" GITHUB_OUTPUT="$WORK/github-output" \
        bash --noprofile --norc -eo pipefail "$WORK/lint-step.sh") > "$WORK/step.log" 2>&1
    status=$?
    set -e
}
sarif_results() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["runs"][0]["results"]; print(" ".join(x["ruleId"] for x in r))' "$1"; }

run_lint_step "$(dirname "$BIN")" "Views" "" ""
if [ "$status" = 0 ] && grep -qx "status=1" "$WORK/github-output" && [ "$(sarif_results "$WORK/out.sarif")" = "observed-object-owned observed-object-owned" ]; then
    ok "action lint step: SARIF with both files' findings, status=1 output, step itself succeeds"
else
    fail "action lint step (status $status):"; cat "$WORK/step.log" "$WORK/github-output"
fi
(cd "$REPO" && "$BIN" lint --write-baseline gotchas.baseline Views >/dev/null 2>&1)
run_lint_step "$(dirname "$BIN")" "Views" "gotchas.baseline" ""
if [ "$status" = 0 ] && grep -qx "status=0" "$WORK/github-output" && [ -z "$(sarif_results "$WORK/out.sarif")" ]; then
    ok "action lint step: the baseline input hides recorded findings"
else
    fail "action lint step with baseline (status $status):"; cat "$WORK/step.log" "$WORK/github-output"
fi
run_lint_step "$(dirname "$BIN")" "Views" "missing.baseline" ""
if [ "$status" = 2 ] && ! grep -q "sarif-file=" "$WORK/github-output"; then
    ok "action lint step: a usage/I/O error (status 2) fails the step before upload"
else
    fail "action lint step with a missing baseline (status $status, expected 2)"; cat "$WORK/step.log"
fi

# A stand-in binary that records its arguments, one a line.
mkdir -p "$WORK/stand-in"
printf '#!/bin/sh\nprintf "%%s\\n" "$@" > "%s"\n' "$WORK/args" > "$WORK/stand-in/swiftui-gotchas"
chmod +x "$WORK/stand-in/swiftui-gotchas"
run_lint_step "$WORK/stand-in" "Views App
Widgets" "" ""
if [ "$(tr '\n' ' ' < "$WORK/args")" = "lint --format sarif Views App Widgets " ]; then
    ok "action lint step: empty baseline/changed-since are not passed; paths split on spaces and newlines"
else
    fail "action lint step arguments: $(tr '\n' ' ' < "$WORK/args")"
fi
run_lint_step "$WORK/stand-in" "." "ci/gotchas.baseline" "origin/main"
if [ "$(tr '\n' ' ' < "$WORK/args")" = "lint --format sarif --baseline ci/gotchas.baseline --changed-since origin/main . " ]; then
    ok "action lint step: baseline and changed-since are passed when set"
else
    fail "action lint step arguments: $(tr '\n' ' ' < "$WORK/args")"
fi

if [ "$failures" != 0 ]; then
    echo "$NAME: FAILED" >&2
    exit 1
fi
echo "$NAME: all checks passed"
