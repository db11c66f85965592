// Configuration of a pond: defaults < mount options / data-* < URL hash (the hash wins, within the page's ceilings).

// Applies the page owner's options; returns what the shim itself keeps (paused, hash) and what was given.
function applyOptions(p, options) {
  const given = {};
  for (const name of Object.keys(options)) {
    const value = options[name];
    if (name === 'auto' || name === 'signal' || name === 'avoid') continue;  // avoid: pond.js, after the school
    if (name === 'paused') { p.userPaused = truthy(value); continue; }
    if (name === 'hash') { p.readHash = value !== false && value !== 'false' ? value : false; continue; }
    const r = p.pond.set(name, optionNumber(name, value));
    if (r.status === 'unknown') {
      warn('unknown option ' + describe(name) + ' ignored (known: ' + table.map((x) => x.name).join(', ') + ')');
      continue;
    }
    if (r.warning) warn('option ' + name + '=' + describe(value) + ': ' + r.warning);
    const info = findInfo(name);
    if (info && (r.status === 'ok' || r.status === 'clamped')) given[info.name] = true;
  }
  // Without a recorded world size the world is the host's CSS size at mount time; a hash with w/h overrides it.
  const box = p.fullscreen
    ? { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight }
    : { width: p.element.clientWidth, height: p.element.clientHeight };  // the padding box the canvas fills
  if (!given.width && box.width >= 1) p.pond.set('width', Math.round(box.width));
  if (!given.height && box.height >= 1) p.pond.set('height', Math.round(box.height));
  p.autoWorld = !given.width && !given.height;  // the world follows the viewport (sizing.js) until a hash fixes it
  // Phones (S-HOST-4): `density` fish per million CSS px, or, when the page gives neither, 200 at 1600x900 scaled
  // by area within 40..300, so a 390x844 phone gets ~46 fish instead of a solid band of 200.
  if (!given.fish) {
    const mpx = (p.pond.get('width') * p.pond.get('height')) / 1e6;
    const density = p.pond.get('density');
    const n = density > 0 ? density * mpx : Math.min(DEFAULT_FISH_MAX, Math.max(DEFAULT_FISH_MIN, DEFAULT_DENSITY * mpx));
    p.pond.set('fish', Math.round(n));
  }
  // A link may ask for at most 1 000 fish, or as many as the page itself shows (S-COST-3).
  if (!given.maxFish) p.pond.set('maxFish', Math.max(p.pond.get('maxFish'), p.pond.get('fish')));
}

// A hash route (#/about, #!/x) belongs to the page's router; our pairs may ride in its query as one `mf` parameter
// (#/about?mf=n%3D300%26seed%3D7), which routers pass through. Any other hash is ours if it has a key of ours.
function splitHash(hash) {
  const h = hash.charAt(0) === '#' ? hash.slice(1) : hash;
  if (h.charAt(0) !== '/' && h.charAt(0) !== '!') return { route: '', ours: h };
  const q = h.indexOf('?');
  let ours = '';
  if (q >= 0) {
    for (const kv of h.slice(q + 1).split('&')) {
      if (kv.slice(0, 3) !== 'mf=') continue;
      try {
        ours = decodeURIComponent(kv.slice(3));
      } catch (e) {
        warn('the mf= part of the URL hash is not valid percent-encoding; ignored');
      }
    }
  }
  return { route: h, ours };
}

// The hash share() writes: our pairs, or the page's route with our pairs as its `mf` query parameter.
function shareHash(currentHash, pairs) {
  const { route } = splitHash(currentHash);
  if (!route) return '#' + pairs;
  const q = route.indexOf('?');
  const path = q >= 0 ? route.slice(0, q) : route;
  const kept = q >= 0 ? route.slice(q + 1).split('&').filter((kv) => kv && kv.slice(0, 3) !== 'mf=') : [];
  kept.push('mf=' + encodeURIComponent(pairs));
  return '#' + path + '?' + kept.join('&');
}

const DEFAULT_DENSITY = 200 / 1.44;  // fish per million CSS px: 200 at 1600x900
const DEFAULT_FISH_MIN = 40;
const DEFAULT_FISH_MAX = 300;

// The values the frame loop reads every frame, cached: each Embind get() marshals a string. Refreshed after the
// options, every set() and every hash (nothing else changes them).
function readConfig(p) {
  const c = p.cfg;
  c.maxFps = p.pond.get('maxFps');
  c.idleFps = Math.max(1, p.pond.get('idleFps'));
  c.reducedMotion = p.pond.get('reducedMotion');
  c.water = p.pond.get('water');
  c.fish = p.pond.count();
}

// Reads a hash into the pond (C++ decodeLink: the page's ceilings apply); false when nothing in it is ours.
function applyHash(p, hash) {
  const ours = splitHash(hash).ours;
  if (!ours) return false;
  let r;
  try {
    r = p.pond.applyHash(ours);
  } catch (e) {
    warn('the URL hash could not be read (' + errorText(e) + '); ignored');
    return false;
  }
  for (const w of r.warnings) warn(w);  // each already names the hash and the key
  if (!r.anyKey) return false;
  if (/(^|&)(w|h|width|height)=/.test(ours)) p.autoWorld = false;  // a shared world is kept, letterboxed
  p.lastHashApplied = hash;
  p.seekLeft = r.hasSeek ? Math.round(r.seekSeconds * STEP_HZ) : 0;
  return true;
}

function readInitialHash(p) {
  if (p.readHash === false) return;
  const hash = typeof p.readHash === 'string' && p.readHash !== 'true' ? p.readHash : location.hash;
  if (hash && hash !== '#') applyHash(p, hash);
}

// A pasted link in the same tab replays that school (the pond restarts from step 0: a hash is a replay).
function onHashChange(p) {
  if (p.readHash === false || location.hash === p.lastHashApplied) return;
  if (!applyHash(p, location.hash)) return;
  readConfig(p);
  checkSanity(p);
  p.perf.sync();
  p.sizing.resize(true);
  p.loop.update();
  if (!p.loop.animating()) p.loop.drawOnce();
}

// S-SIM-13: one warning when the parameters make a fish outrun its own radius (not repeated while unchanged).
function checkSanity(p) {
  const s = p.pond.sanityWarning();
  if (s && s !== p.lastSanity) warn(s);
  p.lastSanity = s;
}
