// The pseudo-locale "en-XA": the English catalogue with every letter accented, each string about
// a third longer and bracketed. Text the page shows without the catalogue stays plain English
// and stands out; a bracket cut off shows truncation; the length finds layouts that overflow.
// "ar-XB" is the same text read right to left (each word's letters drawn mirrored, and the page
// laid out right to left), for the layouts a right-to-left language needs.
export const PSEUDO = "en-XA";
export const PSEUDO_RTL = "ar-XB";
const RLO = "\u202e"; // right-to-left override ... pop: the word's letters run right to left
const PDF = "\u202c";
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

// The same in "ar-XB": each word outside the placeholders overridden right to left (what
// fills a placeholder, a name say, keeps its own direction).
export function pseudoRtl(text) {
  return pseudo(text).split(/(\{\w+\}|\s+)/).map((part, i) =>
    (i % 2 || !part ? part : `${RLO}${part}${PDF}`)).join("");
}

export function pseudoCatalogue(english, tag = PSEUDO) {
  const made = tag === PSEUDO_RTL ? pseudoRtl : pseudo;
  return Object.fromEntries(Object.entries(english).map(([key, text]) => [key, made(text)]));
}
