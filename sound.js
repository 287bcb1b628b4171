// kozyr's sounds, made in the page with Web Audio: no sound files.
//
//   const sound = await import("./sound.js");  // with the first sound, not before
//   sound.play("beat", 70);                     // a name of NAMES, the volume 0–100
//
// Nothing sounds before the person's first interaction with the page (the browsers' autoplay
// rules: its user activation, else a pointerdown or keydown seen here), nor while the page
// is hidden, and nothing throws (a browser without Web Audio is silent). window.kozyrSounds
// lists the names of the sounds started, in order.

const started = (window.kozyrSounds = window.kozyrSounds || []);
let touched = false, ctx = null, noise = null;
for (const type of ["pointerdown", "keydown"]) {
  addEventListener(type, () => { touched = true; }, {capture: true, once: true});
}

function context() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!ctx && Context) {
    ctx = new Context();
    noise = ctx.createBuffer(1, ctx.sampleRate >> 1, ctx.sampleRate);  // half a second
    const data = noise.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  }
  if (ctx && ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

// `gain` reached in 5 ms, then gone by `length` seconds: the shape of every piece
function envelope(out, at, length, gain) {
  const g = ctx.createGain();
  g.gain.setValueAtTime(0.0001, at);
  g.gain.exponentialRampToValueAtTime(gain, at + 0.005);
  g.gain.exponentialRampToValueAtTime(0.0001, at + length);
  g.connect(out);
  return g;
}

// a note: `hz` (gliding to `to`), of the oscillator `type`
function tone(out, at, length, hz, gain, type = "sine", to = hz) {
  const o = ctx.createOscillator();
  o.type = type;
  o.frequency.setValueAtTime(hz, at);
  o.frequency.exponentialRampToValueAtTime(to, at + length);
  o.connect(envelope(out, at, length, gain));
  o.start(at);
  o.stop(at + length + 0.02);
}

// a rush of noise through a band around `hz` (sweeping to `to`): paper on cloth
function hiss(out, at, length, hz, gain, to = hz, q = 1.2) {
  const s = ctx.createBufferSource(), f = ctx.createBiquadFilter();
  s.buffer = noise;
  f.type = "bandpass";
  f.Q.value = q;
  f.frequency.setValueAtTime(hz, at);
  f.frequency.exponentialRampToValueAtTime(to, at + length);
  s.connect(f).connect(envelope(out, at, length, gain));
  s.start(at, Math.random() * 0.2);
  s.stop(at + length + 0.02);
}

const notes = (out, t, gap, hzs, type) =>
  hzs.forEach((hz, i) => tone(out, t + i * gap, 0.35, hz, 0.22, type));

const SOUNDS = {
  deal: (o, t) => { for (let i = 0; i < 6; i++) hiss(o, t + i * 0.05, 0.05, 2600 + i * 150, 0.45); },
  play: (o, t) => { hiss(o, t, 0.08, 3200, 0.6, 1800); tone(o, t + 0.05, 0.03, 1900, 0.08); },
  beat: (o, t) => { hiss(o, t, 0.05, 2200, 0.8, 1400, 2); tone(o, t, 0.07, 240, 0.3, "triangle", 120); },
  take: (o, t) => { for (let i = 0; i < 3; i++) hiss(o, t + i * 0.06, 0.1, 1200 + i * 500, 0.45); },
  sweep: (o, t) => hiss(o, t, 0.35, 3000, 0.5, 700, 0.8),
  turn: (o, t) => notes(o, t + 0.15, 0.12, [660, 880], "sine"),
  refused: (o, t) => tone(o, t, 0.16, 120, 0.25, "square", 100),
  win: (o, t) => notes(o, t + 0.2, 0.09, [523, 659, 784, 1047], "triangle"),
  loss: (o, t) => notes(o, t + 0.2, 0.14, [392, 330, 262, 196], "triangle"),
};
export const NAMES = Object.keys(SOUNDS);

export function play(name, volume = 70) {
  try {
    const active = navigator.userActivation ? navigator.userActivation.hasBeenActive : touched;
    if (!SOUNDS[name] || document.hidden || !(active || touched) || !(volume > 0) || !context()) {
      return false;
    }
    const out = ctx.createGain();
    out.gain.value = Math.min(volume, 100) ** 2 / 5000;  // as loud as it sounds
    out.connect(ctx.destination);
    SOUNDS[name](out, ctx.currentTime + 0.01);
    started.push(name);
    return true;
  } catch (error) {
    return false;
  }
}
