// The score sheet's calls to the server (docs/sheet.md): compute (no login), and for registered
// players keeping, listing and sharing sheets; the shared read-only view. Errors are ApiError
// with the server's code (and `field` when it names one).
import { api, ApiError, refusalMessage } from "../api.js";

async function call(method, path, body) {
  const headers = { Accept: "application/json" };
  const token = api.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(String(e.message || e), "network", 0);
  }
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const err = new ApiError(refusalMessage(data, res), (data && data.code) || `http_${res.status}`, res.status);
    err.field = data && data.field;
    err.retry_after = data && data.retry_after;
    throw err;
  }
  return data;
}

const id = (x) => encodeURIComponent(x);

export const sheets = {
  compute: (doc) => call("POST", "/api/sheets/compute", doc),
  create: (doc) => call("POST", "/api/sheets", doc),
  update: (sheetId, doc) => call("PUT", `/api/sheets/${id(sheetId)}`, doc),
  get: (sheetId) => call("GET", `/api/sheets/${id(sheetId)}`),
  remove: (sheetId) => call("DELETE", `/api/sheets/${id(sheetId)}`),
  mine: () => call("GET", "/api/me/sheets"),
  share: (sheetId) => call("POST", `/api/sheets/${id(sheetId)}/share`),
  unshare: (sheetId) => call("DELETE", `/api/sheets/${id(sheetId)}/share`),
  shared: (token) => call("GET", `/api/shared-sheets/${id(token)}`),
  /** The download addresses of a stored sheet (`json`, `csv`); a shared one's by its token. */
  exportPath: (sheetId, format) => `/api/sheets/${id(sheetId)}.${format}`,
  sharedExportPath: (token, format) => `/api/shared-sheets/${id(token)}.${format}`,
};

/** Whether the current session may keep sheets on the server (a registered player). */
export function canKeep() {
  const user = api.user();
  return Boolean(api.token() && user && !user.guest);
}

/** Save a blob as a file the browser downloads. */
export function saveBlob(name, blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The CSV of a sheet kept only in this browser, computed by the server from the document
 * (nothing is stored; charged like a computation), saved as a file; the HTTP status when it
 * failed (0: no answer), else null. */
export async function saveComputedCsv(doc, name) {
  const res = await fetch("/api/sheets/compute.csv", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(doc) }).catch(() => null);
  if (!res || !res.ok) return res ? res.status : 0;
  saveBlob(name, await res.blob());
  return null;
}

/** Fetch an export with the session's token and save it (a plain link would lack the token);
 * the HTTP status when it failed, else null. */
export async function saveExport(path, name) {
  const token = api.token();
  const res = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) return res.status;
  saveBlob(name, await res.blob());
  return null;
}
