// The pseudo-locale "en-XA": the English catalogue with every letter accented, each string about
// a third longer and bracketed. Text the page shows without the catalogue stays plain English
// and stands out; a bracket cut off shows truncation; the length finds layouts that overflow.
export const PSEUDO = "en-XA";
const PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ACCENTED = "áƀçðéƒĝĥíĵķļɱñöþǫŕšţüṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĻṀÑÖÞǪŔŠŢÜṼŴẊÝŽ";
const FILLER = " ţŵö ţĥŕéé ƒöüŕ ƒíṽé šíẋ šéṽéñ éíĝĥţ ñíñé ţéñ"; // breaks like words do
const GROWTH = 0.35;

const accent = new Map([...PLAIN].map((c, i) => [c, [...ACCENTED][i]]));

// One catalogue string in the pseudo-locale; its {placeholders} stay as they are.
export function pseudo(text) {
  if (!text) return text;
  let length = 0;
  const body = text.split(/(\{\w+\})/).map((part, i) => {
    if (i % 2) return part; // a placeholder
    length += part.length;
    return [...part].map((c) => accent.get(c) || c).join("");
  }).join("");
  let pad = "";
  const want = Math.round(length * GROWTH);
  while (pad.length < want) pad += FILLER;
  return `[${body}${pad.slice(0, want).trimEnd()}]`;
}

export function pseudoCatalogue(english) {
  return Object.fromEntries(Object.entries(english).map(([key, text]) => [key, pseudo(text)]));
}
