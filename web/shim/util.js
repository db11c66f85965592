// Shared pieces of the shim: constants, the one console voice, option values, and a listener recorder.

const VERSION = '0.1.0';
const SEEK_BUDGET_MS = 8;         // main-thread ms per frame a t=SECONDS seek may take: the page never freezes
const CAP_SLACK_MS = 2;           // a frame this early for the maxFps cap still counts (vsync jitter)
const TIMER_BELOW_FPS = 50;       // below this rate a timer wakes the loop, not every vsync
const MAX_STEP_CALL = 36000;      // handle.step(n) cap per call: 10 minutes of simulation
const MAX_TRAJECTORY_STEPS = 216000;             // school.trajectory() steps per call: one hour of simulation
const MAX_TRAJECTORY_BYTES = 256 * 1024 * 1024;  // ...and the most Float32Array bytes it returns
const STEP_HZ = 60;               // the simulation's fixed step (S-SIM-10)
const PASSIVE = { passive: true };

function warn(message) {
  console.warn('MiroFish: ' + message);
}

function errorText(e) {
  return e && e.message ? e.message : String(e);
}

function describe(value) {
  try {
    const s = typeof value === 'string' ? JSON.stringify(value) : String(value);
    return s.length > 60 ? s.slice(0, 57) + '...' : s;
  } catch (e) {
    return typeof value;
  }
}

// Options arrive as numbers, booleans or attribute strings; anything unreadable becomes NaN, which C++ rejects
// with a specific warning.
function toNumber(value) {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const s = value.trim().toLowerCase();
    if (s === 'true' || s === 'yes' || s === 'on') return 1;
    if (s === 'false' || s === 'no' || s === 'off') return 0;
    return parseNumber(s);  // C++ parseDecimal, the hash's grammar: `data-opacity="0x1"` is refused as `#op=0x1` is
  }
  return NaN;
}

// Options with names as well as numbers (`quality`, `layer`, `click`); every other option is a number.
const LAYERS = ['behind', 'back', 'element'];
const CLICKS = ['feed', 'scare'];
const NAMED_VALUES = { quality: QUALITY_MODES, q: QUALITY_MODES, layer: LAYERS, click: CLICKS };
function optionNumber(name, value) {
  const names = NAMED_VALUES[name];
  if (names && typeof value === 'string') {
    const i = names.indexOf(value.trim().toLowerCase());
    if (i >= 0) return i;
  }
  return toNumber(value);
}

function truthy(value) {
  if (typeof value === 'string') {
    const s = value.trim().toLowerCase();
    return !(s === 'false' || s === '0' || s === 'no' || s === 'off');
  }
  return !!value;
}

// Every listener a pond adds goes through here, so teardown can take each one back.
function createListeners() {
  const list = [];
  return {
    on(target, type, fn, opts) {
      target.addEventListener(type, fn, opts);
      list.push([target, type, fn, opts]);
    },
    clear() {
      for (const [target, type, fn, opts] of list) target.removeEventListener(type, fn, opts);
      list.length = 0;
    },
  };
}
