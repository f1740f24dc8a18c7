// @ts-check
// The one change applier: the room's state as the server's messages make it. A "state"
// message replaces it whole; an "update" carries a patch from the state at `base` to the one
// at `seq` (protocol 2; docs/protocol.md, "Updates"), applied here and nowhere else. Whoever
// draws a region subscribes and is told which parts changed ("view.hand", "room.seats", …)
// with the update's events, so it redraws or animates only what moved.

/** @typedef {import("../types/protocol").State} State */
/** @typedef {import("../types/protocol").Update} Update */
/** @typedef {{ parts: Set<string>, events: Update["events"], whole: boolean }} Change */

// A copy of `value` with the patch's operations applied (as bigtwo.view_patch.apply);
// throws on an operation that doesn't fit.
/**
 * @template T
 * @param {T} value
 * @param {Update["patch"]} ops
 * @returns {T}
 */
export function applyPatch(value, ops) {
  /** @type {any[]} */
  const holder = [structuredClone(value)]; // the root as an item: an empty path is a path
  for (const op of ops) {
    const [kind, path, arg] = /** @type {[string, Array<string | number>, any]} */ (op);
    const steps = [0, ...path];
    /** @type {any} */
    let parent = holder;
    for (const step of steps.slice(0, -1)) parent = parent[step];
    const last = steps[steps.length - 1];
    if (parent === null || typeof parent !== "object") throw new Error(`no ${path.join(".")}`);
    if (kind === "=") parent[last] = structuredClone(arg);
    else if (kind === "+") parent[last].push(...structuredClone(arg));
    else if (kind === "-" && arg !== undefined) parent[last].length = arg;
    else if (kind === "-") delete parent[last];
    else throw new Error(`unknown operation ${kind}`);
  }
  return holder[0];
}

// "view.hand" for ["view", "hand", 3]: the part of the state an operation touched.
/** @param {Array<unknown>} path */
function part(path) {
  return path.slice(0, 2).join(".");
}

export class Changes {
  constructor() {
    /** @type {State | null} */
    this.state = null;
    /** @type {Array<(state: State, change: Change) => void>} */
    this.listeners = [];
  }

  // `listener(state, { parts, events, whole })` after every change.
  subscribe(listener) {
    this.listeners.push(listener);
  }

  clear() {
    this.state = null;
  }

  // A whole state (on entering, resuming, or after a gap).
  /** @param {State} state */
  replace(state) {
    this.state = state;
    this.tell(state, { parts: new Set(), events: [], whole: true });
  }

  // An update: false when it doesn't follow the state held (the caller asks for the whole
  // state again), else true once applied and told.
  /** @param {Update} message */
  update(message) {
    if (!this.state || message.base !== this.state.seq) return false;
    let next;
    try {
      next = applyPatch(this.state, message.patch);
    } catch {
      return false;
    }
    next.seq = message.seq;
    this.state = next;
    const parts = new Set(message.patch.map((op) => part(/** @type {Array<unknown>} */ (op[1]))));
    this.tell(next, { parts, events: message.events, whole: false });
    return true;
  }

  /** @param {State} state the one just held @param {Change} change */
  tell(state, change) {
    for (const listener of this.listeners) listener(state, change);
  }
}
