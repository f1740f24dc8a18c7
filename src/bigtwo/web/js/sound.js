// The table's sounds, synthesised with Web Audio (no files): a card laid down (a short burst of
// filtered noise, like a card slapped on felt), your turn (two rising notes), the end of a deal
// (three notes up a major chord). Nothing plays before the page has had a tap, click or key, as
// browsers require, nor while the person has muted sounds (the `sound` preference).
import { pref } from "./prefs.js";

let audio = null;

// Called on the first gesture: a page may start sound only after one.
export function allowSound() {
  if (audio || !window.AudioContext) return;
  audio = new AudioContext();
}

// A context ready to play now, or null (no gesture yet, muted, or no Web Audio).
function ready() {
  if (!audio || !pref("sound")) return null;
  if (audio.state === "suspended") audio.resume();
  return audio;
}

// A tone from `at` for `length` seconds, faded in and out (no click at either end): `freqs`
// Hz, one after another in equal steps.
function note(ctx, freqs, at, length, loud = 0.2) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = "sine";
  freqs.forEach((f, i) => osc.frequency.setValueAtTime(f, at + (i * length) / freqs.length));
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(loud, at + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

function card(ctx) {
  const now = ctx.currentTime;
  const length = 0.09;
  const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * length), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = 1800;
  const gain = ctx.createGain();
  gain.gain.value = 0.5;
  source.connect(filter).connect(gain).connect(ctx.destination);
  source.start(now);
}

const SOUNDS = {
  play: card,
  turn: (ctx) => note(ctx, [660, 880], ctx.currentTime, 0.3),
  deal_over: (ctx) => {
    const now = ctx.currentTime;
    [523.25, 659.25, 783.99].forEach((f, i) => note(ctx, [f], now + i * 0.13, 0.35, 0.15));
  },
};

// Play the sound named `name` (play, turn, deal_over) where sound may play.
export function sound(name) {
  const ctx = ready();
  if (ctx) SOUNDS[name](ctx);
}

// A short buzz on phones that can, where the person turned it on (the `vibrate` preference).
export function vibrate() {
  if (pref("vibrate") && typeof navigator.vibrate === "function") navigator.vibrate(120);
}
