// PLACEHOLDER for the shell's own tests: the real table page is web-table's (its version wins).
export async function mount(root, params, ctx) {
  const { el, t } = ctx;
  root.replaceChildren(el("h1", {}, `Table ${params.id}`), el("a", { href: "#/lobby" }, t("shell.lobby")));
}
