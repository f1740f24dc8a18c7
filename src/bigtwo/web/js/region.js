// The rule set a player's language tag implies, for the form that opens a room to offer first:
// the region subtag where there is one ("en-SG" → singapore, "zh-Hans-HK" → hong-kong), else
// the language's own region ("fil" → philippines, "zh-Hant" → taiwan); else classic, the
// Chinese game pagat.com describes. The names are the engine's presets (`bigtwo rules`).
const BY_REGION = {
  hk: "hong-kong", mo: "hong-kong", tw: "taiwan", ph: "philippines", id: "indonesia",
  my: "malaysia", sg: "singapore", vn: "vietnam",
};
const BY_LANGUAGE = {
  "zh-hant": "taiwan", fil: "philippines", tl: "philippines", id: "indonesia", in: "indonesia",
  ms: "malaysia", vi: "vietnam",
};
export const DEFAULT_PRESET = "classic";

// The preset implied by the first of `tags` (best first) that implies one, or null.
export function regionalPreset(tags) {
  for (const tag of tags) {
    const subtags = String(tag).toLowerCase().split(/[-_]/);
    const region = subtags.slice(1).find((s) => /^[a-z]{2}$/.test(s));
    if (region && BY_REGION[region]) return BY_REGION[region];
    for (let n = subtags.length; n > 0; n--) {
      const preset = BY_LANGUAGE[subtags.slice(0, n).join("-")];
      if (preset) return preset;
    }
  }
  return null;
}
