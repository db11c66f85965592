// A look as the configurator's URL hash and back: the public option names (fish=120&palette=ink&water=1), names
// for named values, `qr=1` for the QR landing. The same hash is the configurator's share link.
export function lookHash(look) {
  const parts = Object.entries(look.options).map(([k, v]) => encodeURIComponent(k) + '=' + encodeURIComponent(v));
  if (look.qr) parts.push('qr=1');
  return parts.join('&');
}

// Reads a hash against the parameter table (MiroFish.table()): known names only, numbers within their range, named
// values by name; anything else gives one console warning naming it and is left out.
export function readLookHash(hash, table) {
  const look = { options: {}, qr: false };
  const byName = new Map(table.map((info) => [info.name, info]));
  for (const part of hash.replace(/^#/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
    const raw = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1));
    if (key === 'qr') {
      look.qr = raw === '1';
      continue;
    }
    const info = byName.get(key);
    if (!info) {
      console.warn('MiroFish configurator: the link has "' + key + '", which is not an option: left out');
      continue;
    }
    if (info.values.length && info.values.includes(raw)) {
      look.options[key] = raw;
      continue;
    }
    const v = Number(raw);
    if (raw === '' || !Number.isFinite(v)) {
      console.warn('MiroFish configurator: ' + key + '="' + raw + '" is not a number: left out');
      continue;
    }
    const held = Math.min(info.max, Math.max(info.min, info.integer ? Math.round(v) : v));
    if (held !== v) {
      const why = v < info.min || v > info.max ? ' is outside ' + info.min + '..' + info.max : ' is not a whole number';
      console.warn('MiroFish configurator: ' + key + ' ' + v + why + ': ' + held);
    }
    look.options[key] = info.values.length && info.values[held] ? info.values[held] : held;
  }
  return look;
}
