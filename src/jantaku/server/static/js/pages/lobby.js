// The lobby (placeholder; filled in below).
export async function mount(root, params, ctx) {
  root.append(ctx.el("h1", {}, ctx.t("shell.lobby")));
}
