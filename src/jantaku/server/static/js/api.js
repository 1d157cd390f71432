// The server's HTTP API and the WebSocket protocol (docs/protocol.md).
// The session token lives in localStorage "jantaku.token", the user (JSON) in "jantaku.user".

import { t } from "./i18n.js";

const TOKEN_KEY = "jantaku.token";
const USER_KEY = "jantaku.user";

function storedUser() {
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) || "null");
  } catch {
    return null;
  }
}

/** An Error with the server's `code` (and HTTP `status` for HTTP calls; `details`: the
 * answer's other fields, the values a translated text of the code needs). */
export class ApiError extends Error {
  constructor(message, code, status = 0, details = {}) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

/** The text of a refused request: the server's own, or, when the address's budget of
 * requests ran out (`too_many_requests`), the page's language (every page may meet it). */
export function refusalMessage(data, res) {
  if (data && data.code === "too_many_requests") return t("shell.too_many_requests", { retry_after: data.retry_after });
  return (data && (data.error || data.message)) || `${res.status} ${res.statusText}`;
}

async function http(method, path, body) {
  const headers = { Accept: "application/json" };
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(String(e.message || e), "network", 0);
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    throw new ApiError(refusalMessage(data, res), (data && data.code) || `http_${res.status}`, res.status, data || {});
  }
  return data;
}

function keepSession(data) {
  localStorage.setItem(TOKEN_KEY, data.token);
  localStorage.setItem(USER_KEY, JSON.stringify(data.user));
  return data.user;
}

export const api = {
  /** The stored session token, or null. */
  token: () => localStorage.getItem(TOKEN_KEY),
  /** The stored user (as the server last described it), or null. */
  user: storedUser,
  /** Replace the stored user (e.g. after `welcome`). */
  setUser(user) {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  },
  forget() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  },
  register: async (name, password) =>
    keepSession(await http("POST", "/api/register", { name, password })),
  login: async (name, password) => keepSession(await http("POST", "/api/login", { name, password })),
  guest: async () => keepSession(await http("POST", "/api/guest")),
  /** Invalidate the token on the server (best effort) and forget it here. */
  async logout() {
    try {
      if (localStorage.getItem(TOKEN_KEY)) await http("POST", "/api/logout", {});
    } finally {
      api.forget();
    }
  },
  /** One page of the lobby (docs/protocol.md, "Lobby pages"): `next_offset` is null on the last. */
  lobby: (offset = 0) => http("GET", `/api/lobby?offset=${encodeURIComponent(offset)}`),
  table: (id) => http("GET", `/api/tables/${encodeURIComponent(id)}`),
  game: (id) => http("GET", `/api/games/${encodeURIComponent(id)}`),
  /** A seat's review of a finished game (docs/review.md); level null: the strongest puppet. */
  review: (id, seat, level = null) =>
    http("GET", `/api/games/${encodeURIComponent(id)}/review?seat=${seat}${level ? `&level=${encodeURIComponent(level)}` : ""}`),
  player: (id) => http("GET", `/api/players/${encodeURIComponent(id)}`),
  playerGames: (id) => http("GET", `/api/players/${encodeURIComponent(id)}/games`),
  /** Reset one's own rank and rating (docs/protocol.md): `{user}` as the profile shows it. */
  resetRank: () => http("POST", "/api/account/reset-rank"),
  bots: () => http("GET", "/api/bots"),
  /** The current user from the server (401 -> ApiError code "bad_token"). */
  me: () => http("GET", "/api/me"),
  /** The open and live tables where the current user sits (private ones too). */
  myTables: () => http("GET", "/api/me/tables"),
};

/**
 * The WebSocket connection: hello with the token, request/reply by `id`/`ref`, subscriptions by
 * message type, and reconnect with backoff. After a reconnect it says hello again and emits a
 * synthetic {type: "reconnected"} so pages can join their table again.
 */
export class Socket {
  constructor(url = null) {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    this.url = url || `${proto}//${location.host}/ws`;
    this.ws = null;
    this.handlers = new Map();
    this.pending = new Map();
    this.nextId = 1;
    this.ready = false; // true between welcome and close
    this.closing = false;
    this.attempt = 0;
    this.outbox = [];
    this.user = null;
    this.timer = null;
    this.connecting = null;
  }

  /** Open the connection and say hello; resolves with the `welcome` user. */
  connect() {
    if (this.ready) return Promise.resolve(this.user);
    if (this.connecting) return this.connecting;
    if (!this.closing && (this.ws || this.timer)) {
      // a reconnect is under way: wait for its welcome instead of opening a second socket
      return new Promise((resolve, reject) => {
        const offWelcome = this.on("welcome", (msg) => {
          offWelcome();
          offError();
          resolve(msg.user);
        });
        const offError = this.on("error", (msg) => {
          if (msg.code !== "bad_token") return;
          offWelcome();
          offError();
          reject(new ApiError(msg.message || "bad token", "bad_token"));
        });
      });
    }
    this.closing = false;
    this.connecting = new Promise((resolve, reject) => {
      this._open(resolve, reject, false);
    }).finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  _open(resolve, reject, isReconnect) {
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      reject(e);
      return;
    }
    this.ws = ws;
    let welcomed = false;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "hello", token: localStorage.getItem(TOKEN_KEY) }));
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (!welcomed) {
        if (msg.type === "welcome") {
          welcomed = true;
          this.ready = true;
          this.attempt = 0;
          this.user = msg.user;
          const queued = this.outbox;
          this.outbox = [];
          for (const text of queued) ws.send(text);
          resolve(msg.user);
          this._emit(msg);
          if (isReconnect) this._emit({ type: "reconnected", user: msg.user });
          return;
        }
        if (msg.type === "error" && msg.code === "bad_token") {
          this.closing = true;
          ws.close();
          reject(new ApiError(msg.message || "bad token", "bad_token"));
          this._emit(msg);
          return;
        }
      }
      this._dispatch(msg);
    };
    ws.onclose = () => {
      const wasReady = this.ready;
      this.ready = false;
      for (const [, p] of this.pending) p.reject(new ApiError("connection closed", "disconnected"));
      this.pending.clear();
      if (wasReady) this._emit({ type: "disconnected" });
      if (this.closing) {
        if (!welcomed) reject(new ApiError("connection closed", "disconnected"));
        return;
      }
      const delay = Math.min(10000, 500 * 2 ** this.attempt) * (0.8 + Math.random() * 0.4);
      this.attempt += 1;
      this.timer = setTimeout(() => {
        this.timer = null;
        if (this.closing) return;
        // a first connection keeps its promise; a reconnect gets a fresh one
        if (welcomed || isReconnect || wasReady) {
          this._open(() => {}, () => {}, true);
        } else {
          this._open(resolve, reject, false);
        }
      }, delay);
    };
    ws.onerror = () => {
      // onclose follows and schedules the reconnect; nothing to log (no console noise)
    };
  }

  _dispatch(msg) {
    if (msg.ref !== undefined && msg.ref !== null && this.pending.has(msg.ref)) {
      const p = this.pending.get(msg.ref);
      this.pending.delete(msg.ref);
      if (msg.type === "error") p.reject(new ApiError(msg.message || msg.code, msg.code));
      else p.resolve(msg);
    } else if (msg.type !== "error" || msg.ref === undefined || msg.ref === null) {
      for (const [id, p] of this.pending) {
        if (p.expect && p.expect === msg.type && (!p.table || !msg.table || tableId(msg.table) === p.table)) {
          this.pending.delete(id);
          p.resolve(msg);
          break;
        }
      }
    }
    this._emit(msg);
  }

  _emit(msg) {
    for (const key of [msg.type, "*"]) {
      const set = this.handlers.get(key);
      if (!set) continue;
      for (const fn of [...set]) {
        try {
          fn(msg);
        } catch (e) {
          setTimeout(() => {
            throw e;
          });
        }
      }
    }
  }

  /**
   * Send a message with a fresh `id`; resolves with the reply carrying that `ref`, rejects with an
   * ApiError (`.code`) on an `error`. Messages answered without a `ref` (join, queue, watch answer
   * with a `snapshot`) take `opts.expect` = the reply's type: the first such message (of the same
   * table when both name one) resolves the promise. `opts.timeout` in ms (default 15000).
   */
  request(msg, opts = {}) {
    const id = this.nextId++;
    const out = { ...msg, id };
    return new Promise((resolve, reject) => {
      const timeout = setTimeout(() => {
        if (this.pending.delete(id)) reject(new ApiError(`no reply to ${msg.type}`, "timeout"));
      }, opts.timeout ?? 15000);
      this.pending.set(id, {
        expect: opts.expect || null,
        table: msg.table || null,
        resolve: (v) => {
          clearTimeout(timeout);
          resolve(v);
        },
        reject: (e) => {
          clearTimeout(timeout);
          reject(e);
        },
      });
      this.send(out);
    });
  }

  /** Send a message as is (queued until the connection is welcomed). */
  send(msg) {
    const text = JSON.stringify(msg);
    if (this.ready && this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
    else this.outbox.push(text);
  }

  /** Subscribe to a message type ("*" = every message); returns an unsubscribe function. */
  on(type, handler) {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type).add(handler);
    return () => this.handlers.get(type)?.delete(handler);
  }

  /** Close for good (logout): no reconnect. */
  close() {
    this.closing = true;
    this.ready = false;
    this.outbox = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.ws) this.ws.close();
    this.ws = null;
  }
}

function tableId(table) {
  return typeof table === "string" ? table : table && table.id;
}
