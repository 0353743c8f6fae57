;;; swiftui-gotchas-lsp-mode.el --- swiftui-gotchas language server for lsp-mode  -*- lexical-binding: t; -*-

;; Usage (lsp-mode 8 or later):
;;
;;   (add-to-list 'load-path "/path/to/swiftui-gotchas/editors/emacs")
;;   (require 'swiftui-gotchas)        ; shared settings, the fallback mode, swiftui-gotchas-add-hook
;;   (with-eval-after-load 'lsp-mode (require 'swiftui-gotchas-lsp-mode))
;;   (swiftui-gotchas-add-hook #'lsp-deferred)
;;
;; Without swift-mode (MELPA) or swift-ts-mode, .swift files open in the minimal
;; `swiftui-gotchas-swift-fallback-mode'.  M-x swiftui-gotchas-project-lint lists the whole
;; project's findings.
;;
;; The client is an add-on (`:add-on? t'): lsp-mode starts it next to the main Swift server
;; (sourcekit-lsp from the lsp-sourcekit package), so both attach to the same buffer.
;; Remote files (TRAMP): a second client (`swiftui-gotchas-remote') starts
;; `swiftui-gotchas-remote-command' (else `swiftui-gotchas-command') on the remote host.

;;; Code:

(require 'lsp-mode)
(require 'swiftui-gotchas)

(add-to-list 'lsp-language-id-configuration '(swiftui-gotchas-swift-fallback-mode . "swift"))

(defun swiftui-gotchas-lsp--activate-p (_file-name mode)
  "Whether to start the server for a buffer in MODE."
  (memq mode swiftui-gotchas-modes))

(defun swiftui-gotchas-lsp--initialization-options ()
  "`swiftui-gotchas-settings', or an empty JSON object."
  (or swiftui-gotchas-settings (make-hash-table)))

(lsp-register-client
 (make-lsp-client
  :new-connection (lsp-stdio-connection (lambda () swiftui-gotchas-command)
                                        (lambda () (swiftui-gotchas--present-p swiftui-gotchas-command)))
  :activation-fn #'swiftui-gotchas-lsp--activate-p
  :server-id 'swiftui-gotchas
  :add-on? t
  :priority -2
  :initialization-options #'swiftui-gotchas-lsp--initialization-options))

(lsp-register-client
 (make-lsp-client
  :new-connection (lsp-tramp-connection #'swiftui-gotchas--command)
  :activation-fn #'swiftui-gotchas-lsp--activate-p
  :remote? t
  :server-id 'swiftui-gotchas-remote
  :add-on? t
  :priority -2
  :initialization-options #'swiftui-gotchas-lsp--initialization-options))

(defun swiftui-gotchas-lsp--refresh-diagnostics-display (workspace params)
  "Show the diagnostics PARAMS of WORKSPACE in the buffer they are for.
After `lsp--on-diagnostics'.  lsp-mode 8 runs `lsp-diagnostics-updated-hook'
in whatever buffer is current when a publish arrives, and Flymake and
Flycheck listen on its buffer-local value: diagnostics the server publishes
for a buffer that is not current (a cross-file finding after an edit in
another buffer, a saved .swiftui-gotchas.json) stayed out of Flymake until
that buffer was edited.  Runs the buffer-local part of the hook there."
  (when (memq (lsp--workspace-server-id workspace) '(swiftui-gotchas swiftui-gotchas-remote))
    (let ((buffer (find-buffer-visiting (lsp--uri-to-path (lsp:publish-diagnostics-params-uri params)))))
      (when (and buffer (not (eq buffer (current-buffer))))
        (with-current-buffer buffer
          (dolist (function (buffer-local-value 'lsp-diagnostics-updated-hook buffer))
            (unless (eq function t) (funcall function))))))))

(advice-add 'lsp--on-diagnostics :after #'swiftui-gotchas-lsp--refresh-diagnostics-display)

(defun swiftui-gotchas-lsp-fix-all ()
  "Apply every safe swiftui-gotchas fix in the buffer."
  (interactive)
  (lsp-execute-code-action-by-kind swiftui-gotchas-fix-all-kind))

(defun swiftui-gotchas-lsp-fix-all-on-save ()
  "Apply every safe fix before saving (buffer-local `before-save-hook').
Use: (add-hook \\='swift-mode-hook #\\='swiftui-gotchas-lsp-fix-all-on-save)."
  (add-hook 'before-save-hook
            (lambda () (when (bound-and-true-p lsp-mode) (ignore-errors (swiftui-gotchas-lsp-fix-all))))
            nil t))

(provide 'swiftui-gotchas-lsp-mode)
;;; swiftui-gotchas-lsp-mode.el ends here
