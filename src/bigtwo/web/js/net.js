// @ts-check
// One WebSocket to /ws that comes back after a drop: `onOpen` is called after every "hello"
// (to create, join, resume or watch again), `onMessage` with every message, `onStatus` with
// true (connected) or false (lost, reconnecting). Nothing is kept to send later: a message
// sent while the socket is down is dropped (`send` says so), so that a move pressed then can't
// land after the table has changed.
const PING_MS = 25000; // the server drops a socket that says nothing for a minute
const PROTOCOL = 2; // the version of docs/protocol.md this page speaks
const SIGNED_OUT = 4401; // the close code of a socket whose session was revoked

// Who this browser is (docs/security.md): asked before each socket opens the first time, so
// that a first visit becomes a guest whose session cookie the socket carries; asked again
// once the session was revoked. A failed look-up leaves a socket without a person: it plays.
/** @type {Promise<any> | null} */
let me = null;
// A sign-in or sign-out in flight: its answer sets the cookie that the next look-up must carry
// (the server closes the old session's socket before that answer arrives).
/** @type {Promise<unknown>} */
let switching = Promise.resolve();
// The look-up in flight, and the switch it waits for: asking again meanwhile joins it. A
// sign-out's answer and the old session's socket closing both ask; two look-ups without a
// cookie made two guests, and the page kept one's token while the browser kept the other's
// cookie, so its next POST was refused (`csrf`).
/** @type {{ after: Promise<unknown>, done: boolean } | null} */
let asking = null;
/** @param {boolean} [again] */
export function identify(again = false) {
  const joins = asking !== null && !asking.done && asking.after === switching;
  if (!me || (again && !joins)) {
    const ask = { after: switching, done: false };
    asking = ask;
    me = switching
      .then(() => fetch("api/me", { credentials: "same-origin" }))
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null)
      .finally(() => { ask.done = true; });
  }
  return me;
}

// The server's account API, GET (no `body`) or POST: every POST carries the session's token
// in X-CSRF-Token. The answer's JSON, or a thrown refusal ({code, message, params}: the
// server's own, or `network` where none came). `switches`: the answer is a new session
// (sign-in, sign-out), whose `me` is kept from it.
/** @param {string} path @param {object} [body] @param {boolean} [switches] */
export async function api(path, body, switches = false) {
  const who = await identify();
  const init = body === undefined
    ? { credentials: "same-origin" }
    : {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": (who && who.csrf) || "" },
      body: JSON.stringify(body),
    };
  const sent = fetch(path, /** @type {RequestInit} */ (init));
  if (switches) switching = sent.catch(() => null);
  let answer = null;
  let response;
  try {
    response = await sent;
    answer = await response.json();
  } catch {
    throw { code: "network", message: "", params: {} };
  }
  if (!response.ok) throw answer;
  if (switches) {
    me = answer.csrf ? Promise.resolve(answer) : identify(true);
    window.dispatchEvent(new CustomEvent("bigtwo:session", { detail: answer })); // (app.js)
  }
  return answer;
}

/** @typedef {import("../types/protocol").ClientMessage} ClientMessage */
/** @typedef {import("../types/protocol").ServerMessage} ServerMessage */

export class Connection {
  /**
   * @param {{ onOpen: () => void, onMessage: (m: ServerMessage) => void,
   *           onStatus: (up: boolean) => void }} handlers
   */
  constructor({ onOpen, onMessage, onStatus }) {
    this.onOpen = onOpen;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    /** @type {WebSocket | null} */
    this.socket = null;
    this.delay = 500;
    this.ready = false;
    this.wanted = true;
    /** @type {ReturnType<typeof setInterval> | undefined} the pings' */
    this.timer = undefined;
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    // the page's language: the server says its refusals' sentences in it too
    const lang = encodeURIComponent(document.documentElement.lang || "en");
    return `${scheme}//${location.host}/ws?protocol=${PROTOCOL}&lang=${lang}`;
  }

  open() {
    this.wanted = true;
    identify().then(() => this.connect());
  }

  connect() {
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "hello") {
        this.ready = true;
        this.delay = 500;
        this.onStatus(true);
        this.onOpen();
        return;
      }
      this.onMessage(message);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.ready = false;
      clearInterval(this.timer);
      if (event.code === SIGNED_OUT) identify(true); // somebody new from here on
      if (!this.wanted) return;
      this.onStatus(false);
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    });
    clearInterval(this.timer);
    this.timer = setInterval(() => this.send({ type: "ping" }), PING_MS);
  }

  // Send `message` now: true, or false when the socket is down (it is not sent later).
  /** @param {ClientMessage} message */
  send(message) {
    const socket = this.socket; // there once ready: `open` made it
    if (!this.ready || !socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  // Drop the socket for good (this page can't talk to the server).
  stop() {
    this.wanted = false;
    clearInterval(this.timer);
    if (this.socket) this.socket.close();
  }

  // Drop the socket and reconnect (the server said it is restarting).
  restart() {
    if (this.socket) this.socket.close();
  }
}
