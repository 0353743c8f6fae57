#!/usr/bin/env bash
# End-to-end check of `swiftui-gotchas lsp` with Emacs 28 + Eglot 1.9 (Debian 12) in
# batch mode: attach, receive the `foreground-color` diagnostic through Flymake,
# apply the preferred quick fix (Eglot 1.9 has no codeAction/resolve: the action must
# carry its edit), check the buffer, type an edit and see the diagnostics update.
# Exit status: 0 when every check passed, non-zero otherwise.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if ! command -v emacs >/dev/null 2>&1 || [ ! -d /usr/share/emacs/site-lisp/elpa/eglot-1.9 ] && ! ls -d /usr/share/emacs/site-lisp/elpa/eglot-* >/dev/null 2>&1; then
    echo "e2e-emacs: installing emacs-nox and elpa-eglot" >&2
    apt-get install -y emacs-nox elpa-eglot >/dev/null || { apt-get update >/dev/null && apt-get install -y emacs-nox elpa-eglot >/dev/null; }
fi

BUILD_LOG="$(mktemp)"
if ! swift build >"$BUILD_LOG" 2>&1; then
    grep -E "error" "$BUILD_LOG" >&2 || tail -20 "$BUILD_LOG" >&2
    rm -f "$BUILD_LOG"
    echo "e2e-emacs: swift build failed" >&2
    exit 1
fi
rm -f "$BUILD_LOG"
BIN="$ROOT/.build/debug/swiftui-gotchas"
[ -x "$BIN" ] || { echo "e2e-emacs: $BIN was not built" >&2; exit 1; }

WORK="$(mktemp -d)"
SERVER_PID_FILE="$WORK/server.pid"
cleanup() {
    if [ -s "$SERVER_PID_FILE" ]; then
        pid="$(cat "$SERVER_PID_FILE")"
        if kill -0 "$pid" 2>/dev/null; then kill "$pid" 2>/dev/null || true; fi
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

mkdir -p "$WORK/project"
SAMPLE="$WORK/project/Greeting.swift"
cat > "$SAMPLE" <<'SWIFT'
import SwiftUI

struct Greeting: View {
    var body: some View {
        Text("Hello").foregroundColor(.red)
    }
}
SWIFT

cat > "$WORK/server.sh" <<SH
#!/bin/sh
echo \$\$ > "$SERVER_PID_FILE"
exec "$BIN" lsp --log-file "$WORK/server.log"
SH
chmod +x "$WORK/server.sh"

cat > "$WORK/test.el" <<'ELISP'
(require 'package)
(package-initialize)
(require 'eglot)
(require 'flymake)
(setq eglot-sync-connect t eglot-connect-timeout 30 eglot-autoshutdown nil)
(define-derived-mode swift-mode prog-mode "Swift")
(defvar e2e-failures 0)
(defun e2e-check (ok message)
  (princ (format "%s - %s\n" (if ok "ok  " "FAIL") message))
  (unless ok (setq e2e-failures (1+ e2e-failures)))
  ok)
(defun e2e-wait (predicate seconds)
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      ;; Eglot sends didChange from an idle timer, and batch Emacs is never idle: send it now.
      (when (eglot-current-server) (eglot--signal-textDocument/didChange))
      (accept-process-output nil 0.05)
      (when flymake-mode (flymake-start)))
    (funcall predicate)))
(defun e2e-line (n) (save-excursion (goto-char (point-min)) (forward-line (1- n))
                                    (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
(let* ((work (getenv "E2E_WORK"))
       (file (getenv "E2E_FILE")))
  (find-file file)
  (swift-mode)
  (eglot '(swift-mode) (cons 'transient (file-name-directory file)) 'eglot-lsp-server
         (list (concat work "/server.sh")) "swift")
  (e2e-check (eglot-current-server) "eglot attached")
  (flymake-mode 1)
  (flymake-start)
  (when (e2e-check (e2e-wait (lambda () (flymake-diagnostics)) 20) "diagnostics received")
    (let ((diagnostic (car (flymake-diagnostics))))
      (e2e-check (string-match-p "foregroundColor" (flymake-diagnostic-text diagnostic)) "diagnostic text")
      (e2e-check (= (line-number-at-pos (flymake-diagnostic-beg diagnostic)) 5) "diagnostic on line 5")))
  ;; The preferred quick fix at the word at point.
  (goto-char (point-min))
  (search-forward "foregroundColor")
  (let* ((actions (eglot-code-actions (match-beginning 0) (match-end 0) "quickfix" nil))
         (preferred (cl-find-if (lambda (a) (plist-get a :isPreferred)) actions)))
    (e2e-check (>= (length actions) 4) (format "%d quick fixes offered" (length actions)))
    (when (e2e-check (and preferred (plist-get preferred :edit)) "preferred action carries its edit")
      (eglot--apply-workspace-edit (plist-get preferred :edit))
      (e2e-check (equal (e2e-line 5) "        Text(\"Hello\").foregroundStyle(.red)") (format "fix applied: %s" (e2e-line 5)))))
  (e2e-check (e2e-wait (lambda () (null (flymake-diagnostics))) 20) "diagnostics cleared after the fix")
  ;; Type an edit.
  (goto-char (point-min))
  (forward-line 4)
  (end-of-line)
  (insert "\n        Text(\"😀\").foregroundColor(.blue)")
  (e2e-check (e2e-wait (lambda () (= (length (flymake-diagnostics)) 1)) 20) "diagnostic for the typed line")
  (let ((diagnostic (car (flymake-diagnostics))))
    (when diagnostic
      (e2e-check (= (line-number-at-pos (flymake-diagnostic-beg diagnostic)) 6) "new diagnostic on line 6")
      (e2e-check (equal (buffer-substring-no-properties (flymake-diagnostic-beg diagnostic) (flymake-diagnostic-end diagnostic))
                        ".foregroundColor(.blue)")
                 "new diagnostic covers the call (UTF-16 columns after an emoji)")))
  (ignore-errors (eglot-shutdown (eglot-current-server)))
  (kill-emacs (if (> e2e-failures 0) 1 0)))
ELISP

echo "e2e-emacs: $(emacs --version | head -1), server $BIN"
status=0
E2E_WORK="$WORK" E2E_FILE="$SAMPLE" timeout 150 emacs --batch -l "$WORK/test.el" </dev/null > "$WORK/emacs.out" 2>&1 || status=$?
grep -E "^(ok|FAIL)" "$WORK/emacs.out" || true
if [ "$status" != 0 ] || grep -q "^FAIL" "$WORK/emacs.out" || ! grep -q "^ok" "$WORK/emacs.out"; then
    echo "e2e-emacs: FAILED (status $status); emacs output:" >&2
    grep -vE "^(ok|FAIL)" "$WORK/emacs.out" | tail -20 >&2 || true
    echo "server log:" >&2
    tail -20 "$WORK/server.log" >&2 || true
    exit 1
fi
echo "e2e-emacs: all checks passed"
