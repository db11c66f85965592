// Configuration of a school: defaults < mount options / data-* < URL hash (the hash wins, within the page's ceilings).
// Option values arrive as the page gave them (numbers, booleans, attribute strings) and are read here, with the C++
// number grammar, so the host needs no wasm. A school may instead go on from the page before's (continueFrom()).
import { describe, errorText, findInfo, SNAPSHOT_FOREIGN } from '../core/index.js';

const DEFAULT_DENSITY = 200 / 1.44; // fish per million CSS px: 200 at 1600x900
const DEFAULT_FISH_MIN = 40;
const DEFAULT_FISH_MAX = 300;

// Anything unreadable becomes NaN, which C++ rejects with a specific warning. A named option's value names
// (`quality: 'high'`) come from the table's values column (C++ kParamValues).
/** @param {import('./school.js').EngineSchool} s @param {string} name @param {*} value the page's */
export function optionNumber(s, name, value) {
  const info = typeof value === 'string' ? findInfo(s.table, name) : null;
  const names = info ? info.values : null;
  if (names && names.length) {
    const i = names.indexOf(value.trim().toLowerCase());
    if (i >= 0) return i;
  }
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const str = value.trim().toLowerCase();
    if (str === 'true' || str === 'yes' || str === 'on') return 1;
    if (str === 'false' || str === 'no' || str === 'off') return 0;
    return s.M.parseNumber(str); // C++ parseDecimal: `data-opacity="0x1"` is refused as `#op=0x1` is
  }
  return NaN;
}

// Applies the page owner's options to the pond (host-only names are already taken out); `box` is the host's CSS size
// at mount. Returns whether the world follows the viewport (no width nor height given: until a hash fixes one).
/**
 * @param {import('./school.js').EngineSchool} s @param {import('../core/protocol.js').Mount['options']} options
 * @param {import('../core/protocol.js').Mount['box']} box
 * @returns {boolean}
 */
export function applyOptions(s, options, box) {
  /** @type {Object<string, boolean>} */
  const given = {};
  const { ParamStatus } = s.M; // C++ ParamStatus (sim/params.h), an Embind enum
  for (const name of Object.keys(options)) {
    const value = options[name];
    const r = s.pond.set(name, optionNumber(s, name, value));
    if (r.status === ParamStatus.Unknown) {
      s.warn('unknown option ' + describe(name) + ' ignored (known: ' + s.table.map((x) => x.name).join(', ') + ')');
      continue;
    }
    if (r.warning) s.warn('option ' + name + '=' + describe(value) + ': ' + r.warning, name);
    const info = findInfo(s.table, name);
    if (info && (r.status === ParamStatus.Ok || r.status === ParamStatus.Clamped)) given[info.name] = true;
  }
  // Without a recorded world size the world is the host's CSS size at mount time; a hash with w/h overrides it.
  if (!given.width && box.width >= 1) s.pond.set('width', Math.round(box.width));
  if (!given.height && box.height >= 1) s.pond.set('height', Math.round(box.height));
  // Phones (S-HOST-4): `density` fish per million CSS px, or, when the page gives neither, 200 at 1600x900 scaled
  // by area within 40..300, so a 390x844 phone gets ~46 fish instead of a solid band of 200.
  if (!given.fish) {
    const mpx = (s.pond.get('width') * s.pond.get('height')) / 1e6;
    const density = s.pond.get('density');
    const n =
      density > 0 ? density * mpx : Math.min(DEFAULT_FISH_MAX, Math.max(DEFAULT_FISH_MIN, DEFAULT_DENSITY * mpx));
    s.pond.set('fish', Math.round(n));
  }
  // A link may ask for at most 1 000 fish, or as many as the page itself shows (S-COST-3).
  if (!given.maxFish) s.pond.set('maxFish', Math.max(s.pond.get('maxFish'), s.pond.get('fish')));
  return !given.width && !given.height;
}

// Reads our part of a hash into the pond (C++ decodeLink: the page's ceilings apply), and the school applies what
// C++ decoded (school.js apply()); false when nothing is ours.
/** @param {import('./school.js').EngineSchool} s @param {string} ours */
export function applyHash(s, ours) {
  if (!ours) return false;
  try {
    return s.apply(s.pond.applyHash(ours));
  } catch (e) {
    s.warn('the URL hash could not be read (' + errorText(e) + '); ignored');
    return false;
  }
}

// Goes on from the page before's snapshot (host/carry.js); a damaged one or another version's is one warning and the
// seed's school, another school's (a page whose tag differs) none.
/** @param {import('./school.js').EngineSchool} s @param {Uint8Array} bytes @returns {boolean} whether it goes on */
export function continueFrom(s, bytes) {
  s.pond.snapshotRoom(bytes.length).set(bytes);
  const why = s.pond.continueFrom();
  if (why && why !== SNAPSHOT_FOREIGN) {
    s.warn('the school of the page before is not carried over: ' + why + '; this page starts from its seed', '');
  }
  return !why;
}

// The values the frame loop reads every frame, cached: each Embind get() marshals a string. Read again after the
// options, every set() and every hash (nothing else changes them).
/** @param {import('./wasm.js').Pond} pond */
export function readConfig(pond) {
  return {
    maxFps: pond.get('maxFps'),
    idleFps: Math.max(1, pond.get('idleFps')),
    reducedMotion: pond.get('reducedMotion'),
    water: pond.get('water'),
    fish: pond.count(),
  };
}
