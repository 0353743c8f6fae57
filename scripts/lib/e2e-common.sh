# Shared setup of the end-to-end scripts (sourced, not run). Each script sets NAME first.
# Provides: e2e_install PACKAGE… (Debian, `apt-get update` only when needed),
# e2e_build (sets BIN to the debug `swiftui-gotchas`), e2e_workdir (sets WORK, removed at
# exit after killing every server whose pid a wrapper wrote to $WORK/*.pid: Neovim >= 0.10
# and Emacs start servers in their own sessions), and e2e_project (a project in
# $WORK/project with a file from Examples/ and a configuration turning work-in-body off).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
# The elisp every batch-Emacs session loads (e2e-check, e2e-wait).
export E2E_CHECKS_EL="$ROOT/scripts/lib/e2e-checks.el"

# Runs one batch-Emacs session of checks (LABEL: a name for messages, SECONDS: its time
# limit, ELISP, OUTPUT; SERVER_LOG: shown on a failure when given), prints its ok/FAIL lines,
# and on a failure, a time-out or no check at all prints the rest of Emacs's output and exits 1.
# Variables for the session go before the call (NAME=value e2e_emacs_session …).
e2e_emacs_session() {
    local label=$1 seconds=$2 elisp=$3 output=$4 server_log=${5:-} status=0
    # SIGPIPE ignored (and so for Emacs): when another server of the session (sourcekit-lsp beside
    # ours) quits first, Emacs's next write to it fails with EPIPE, which lsp-mode handles, instead of
    # killing the batch session before it prints its checks (seen once as status 141).
    (trap '' PIPE; exec timeout "$seconds" emacs --batch -l "$elisp" </dev/null > "$output" 2>&1) || status=$?
    grep -aE "^(ok|FAIL)" "$output" || true
    if [ "$status" != 0 ] || grep -aq "^FAIL" "$output" || ! grep -aq "^ok" "$output"; then
        echo "$label FAILED (status $status); emacs output:" >&2
        grep -avE "^(ok|FAIL)" "$output" | tail -20 >&2 || true
        if [ -n "$server_log" ]; then
            echo "server log:" >&2
            tail -20 "$server_log" >&2 || true
        fi
        exit 1
    fi
}

e2e_install() {
    echo "$NAME: installing $*" >&2
    apt-get install -y "$@" >/dev/null || { apt-get update >/dev/null && apt-get install -y "$@" >/dev/null; }
}

e2e_build() {
    local log
    log="$(mktemp)"
    if ! swift build >"$log" 2>&1; then
        grep -E "error" "$log" >&2 || tail -20 "$log" >&2
        rm -f "$log"
        echo "$NAME: swift build failed" >&2
        exit 1
    fi
    rm -f "$log"
    BIN="$ROOT/.build/debug/swiftui-gotchas"
    [ -x "$BIN" ] || { echo "$NAME: $BIN was not built" >&2; exit 1; }
}

e2e_cleanup() {
    for pid_file in "$WORK"/*.pid; do
        [ -s "$pid_file" ] || continue
        pid="$(cat "$pid_file")"
        if kill -0 "$pid" 2>/dev/null; then kill "$pid" 2>/dev/null || true; fi
    done
    rm -rf "$WORK"
}

e2e_workdir() {
    WORK="$(mktemp -d)"
    trap e2e_cleanup EXIT
}

e2e_project() {
    PROJECT="$WORK/project"
    mkdir -p "$PROJECT/Views"
    cp Examples/GotchaGarden/Views/PlantDetailView.swift "$PROJECT/Views/"
    echo '{ "rules": { "work-in-body": "off", "symbol-variant-by-name": "warning" } }' > "$PROJECT/.swiftui-gotchas.json"
    git init -q "$PROJECT"   # a project root for the editors' root detection
}
