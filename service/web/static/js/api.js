// The JSON API as the page uses it: the viewer's seat token as a bearer token,
// commands with the seq they were chosen at and a fresh command id.

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.error?.message || `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

export function newCommandId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return "web-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function readConfig() {
  return JSON.parse(document.getElementById("page-config").textContent);
}

function csrfToken() {
  return document.querySelector('meta[name="csrf-token"]')?.content || "";
}

/** The seat and token the logged-in user holds in this game (both null otherwise). */
export async function fetchSeat(config) {
  const response = await fetch(config.urls.seat, {
    headers: { "X-CSRFToken": csrfToken(), Accept: "application/json" },
    credentials: "same-origin",
    cache: "no-store",
  });
  if (!response.ok) return { seat: null, token: null };
  return response.json();
}

export class Api {
  constructor(base, token) {
    this.base = base;
    this.token = token;
  }

  headers(extra = {}) {
    const headers = { Accept: "application/json", ...extra };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    return headers;
  }

  async request(path, options = {}) {
    const response = await fetch(this.base + path, {
      ...options,
      headers: this.headers(options.headers),
      credentials: "omit",
      cache: "no-store",
    });
    let body = null;
    const type = response.headers.get("Content-Type") || "";
    if (type.includes("json")) body = await response.json();
    else if (!response.ok) body = null;
    else body = await response.text();
    if (!response.ok) throw new ApiError(response.status, body);
    return body;
  }

  get(path = "") {
    return this.request(path);
  }

  send(command, expectedSeq) {
    // Only what a command is: the legal list also carries its sentence ("text"),
    // which the API rightly refuses as an unknown field.
    const body = { command: { type: command.type, args: command.args || {} }, expected_seq: expectedSeq,
      command_id: newCommandId() };
    return this.request("/commands", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  /** The log as a file, redacted for this viewer (needs the token, so not a plain link). */
  async downloadLog(filename) {
    const response = await fetch(this.base + "/log", { headers: this.headers(), credentials: "omit" });
    if (!response.ok) throw new ApiError(response.status, null);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = filename;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
