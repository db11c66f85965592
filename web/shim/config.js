// Configuration of a pond: defaults < mount options / data-* < URL hash (the hash wins, within the page's ceilings).

// Applies the page owner's options; returns what the shim itself keeps (paused, hash) and what was given.
function applyOptions(p, options) {
  const given = {};
  for (const name of Object.keys(options)) {
    const value = options[name];
    if (name === 'auto') continue;
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
  // A link may ask for at most 1 000 fish, or as many as the page itself shows (S-COST-3).
  if (!given.maxFish) p.pond.set('maxFish', Math.max(p.pond.get('maxFish'), p.pond.get('fish')));
}

// Reads a hash into the pond (C++ decodeLink: the page's ceilings apply); false for a plain anchor such as #about.
function applyHash(p, hash) {
  let r;
  try {
    r = p.pond.applyHash(hash);
  } catch (e) {
    warn('the URL hash could not be read (' + errorText(e) + '); ignored');
    return false;
  }
  for (const w of r.warnings) warn(w);  // each already names the hash and the key
  if (!r.anyKey) return false;
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
