;;; e2e-checks.el --- what every batch-Emacs session of the end-to-end scripts shares  -*- lexical-binding: t -*-
;; Loaded with (load (getenv "E2E_CHECKS_EL")); scripts/lib/e2e-common.sh sets the variable
;; and runs each session with `e2e_emacs_session', which reads the "ok"/"FAIL" lines.

(defvar e2e-failures 0)

(defun e2e-check (ok message)
  "Print MESSAGE as passed when OK, else as failed (and count it); return OK."
  (princ (format "%s - %s\n" (if ok "ok  " "FAIL") message))
  (unless ok (setq e2e-failures (1+ e2e-failures)))
  ok)

(defun e2e-wait (predicate seconds)
  "Wait up to SECONDS for PREDICATE, reading process output meanwhile.
A session that must also drive a client (Eglot's idle-timer didChange, file-notify
events) defines its own after loading this file."
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall predicate)))
