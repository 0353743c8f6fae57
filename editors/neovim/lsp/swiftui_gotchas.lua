-- Neovim 0.11+: with editors/neovim on 'runtimepath', `vim.lsp.enable("swiftui_gotchas")`
-- is enough (override fields with `vim.lsp.config("swiftui_gotchas", { … })`).
-- require("swiftui_gotchas").setup() does the same and adds fix-on-save and settings.
return {
  cmd = { "swiftui-gotchas", "lsp" },
  filetypes = { "swift" },
  root_markers = { ".swiftui-gotchas.json", "Package.swift", ".git" },
}
