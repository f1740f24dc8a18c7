// A small element builder. Text is always set as text (textContent), never parsed as HTML.
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else if (name === "text") el.textContent = value;
    else if (name === "class") el.className = value;
    else if (name === "value") el.value = value;
    else if (name === "checked") el.checked = Boolean(value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// Replace `parent`'s children, keeping the keyboard focus on the element with the same
// data-focus key when there was one.
export function fill(parent, ...children) {
  const active = document.activeElement;
  const key = active && parent.contains(active) ? active.dataset.focus : undefined;
  parent.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined));
  if (key !== undefined) {
    const again = parent.querySelector(`[data-focus="${CSS.escape(key)}"]`);
    if (again) again.focus();
  }
}

// An arrow key as a step through an ordered row: +1 for the next item, -1 for the one before,
// 0 for any other key. The next item lies the way the page's language reads (leftwards
// right to left); down is always next.
export function arrowStep(key) {
  const rtl = document.documentElement.dir === "rtl";
  if (key === "ArrowDown" || key === (rtl ? "ArrowLeft" : "ArrowRight")) return 1;
  if (key === "ArrowUp" || key === (rtl ? "ArrowRight" : "ArrowLeft")) return -1;
  return 0;
}

// A modal dialog keeps the focus: Tab from its last control goes to the first, Shift+Tab from
// the first to the last.
export function trap(e, dialog) {
  if (e.key !== "Tab") return;
  const all = [...dialog.querySelectorAll("button, a[href], input, select, textarea")]
    .filter((el) => !el.disabled && el.getClientRects().length > 0);
  if (!all.length) return;
  const first = all[0];
  const last = all[all.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
