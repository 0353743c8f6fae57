-- Neovim 0.11+: with editors/neovim on 'runtimepath', `vim.lsp.enable("swiftui_gotchas")`
-- is enough (override fields with `vim.lsp.config("swiftui_gotchas", { … })`).
-- require("swiftui_gotchas").setup() does the same and adds fix-on-save and settings.
return {
  cmd = { "swiftui-gotchas", "lsp" },
  filetypes = { "swift" },
  -- The outermost .swiftui-gotchas.json, .git or *.xcodeproj/*.xcworkspace before the nearest
  -- Package.swift, so an app and its local packages share one server (see swiftui_gotchas.root_for_path).
  root_dir = function(bufnr, on_dir) on_dir(require("swiftui_gotchas").root_dir(bufnr)) end,
}
