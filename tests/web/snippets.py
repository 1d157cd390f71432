"""JavaScript the browser tests run in a page: mounting one of the table's result dialogs (fed
the events the server sends) and measuring what the reader sees. Each test's script is
``script(body)``: an async function of one argument ``args`` with the helpers below in scope.

Helpers:

* ``mountDialog(id, dialog)``: the dialog in an overlay of a table page (``#id``, replacing an
  earlier one), as the table shows it; returns the dialog.
* ``handEnd(shown, lang)``: the table's end-of-hand dialog of ``shown`` = {wins, end, before,
  family} with the names Anna, Bert, Cora, Dirk in ``lang``.
* ``sideways(node)``: whether ``node`` scrolls sideways (its content is wider than it).
* ``tileGaps(box)``: the gap before each tile of ``box`` after the first on the same line (null
  where a tile starts a new line).
* ``belowFirstLine(cell)``: how far the first tile of ``cell`` stands below its first line of
  text (0 when they share a line).
"""

from __future__ import annotations

NAMES = ["Anna", "Bert", "Cora", "Dirk"]

_HELPERS = """
  const mountDialog = (id, dialog) => {
    document.querySelector('#' + id)?.remove();
    const box = document.createElement('div');
    box.id = id;
    box.className = 'table-page';
    const overlay = document.createElement('div');
    overlay.className = 'overlay';
    overlay.append(dialog);
    box.append(overlay);
    document.body.append(box);
    return dialog;
  };
  const handEnd = async (shown, lang) => {
    const { handEndEl } = await import('/static/js/table/results.js');
    const i18n = await import('/static/js/i18n.js');
    i18n.setLang(lang);
    return handEndEl(shown, ['Anna', 'Bert', 'Cora', 'Dirk'], i18n.t, () => {});
  };
  const sideways = (node) => node.scrollWidth > node.clientWidth;
  const tileGaps = (box) => {
    const rects = [...box.querySelectorAll('[data-tile]')].map((e) => e.getBoundingClientRect());
    return rects.slice(1).map((r, i) => (r.top === rects[i].top ? r.left - rects[i].right : null));
  };
  const belowFirstLine = (cell) => {
    const words = document.createRange();
    words.selectNodeContents(cell);
    const first = words.getClientRects()[0];
    return cell.querySelector('.tile').getBoundingClientRect().top - first.top;
  };
"""


def script(body: str) -> str:
    """An async page function of ``args`` running ``body`` with the helpers in scope."""
    return "async (args) => {" + _HELPERS + body + "}"
