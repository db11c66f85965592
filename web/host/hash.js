// The URL hash on the page's side. A hash route (#/about, #!/x) belongs to the page's router; our pairs may ride in its
// query as one `mf` parameter (#/about?mf=n%3D300%26seed%3D7), which routers pass through. Any other hash is ours if
// it has a key of ours (the engine decides that).
import { warn } from '../core/index.js';

/** @param {string} hash the page's (with or without its '#') @returns {{route: string, ours: string}} */
export function splitHash(hash) {
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
/** @param {string} currentHash the page's @param {string} pairs ours (the school's hash()) @returns {string} */
export function shareHash(currentHash, pairs) {
  const { route } = splitHash(currentHash);
  if (!route) return '#' + pairs;
  const q = route.indexOf('?');
  const path = q >= 0 ? route.slice(0, q) : route;
  const kept =
    q >= 0
      ? route
          .slice(q + 1)
          .split('&')
          .filter((kv) => kv && kv.slice(0, 3) !== 'mf=')
      : [];
  kept.push('mf=' + encodeURIComponent(pairs));
  return '#' + path + '?' + kept.join('&');
}

// The page's hash as one school follows it: whether it reads it at all (the `hash` option), and the last hash it took
// or share() wrote, so that the same one again is no news. `hash` is the page's (location.hash), given by the school.
export class HashFollower {
  #reads;
  #last = '';
  /** @param {unknown} option the `hash` option: false reads none, a string reads that one at mount */
  constructor(option) {
    this.#reads = option === undefined || (option !== false && option !== 'false');
  }

  // Our part of the hash at mount: the option's string, else the page's.
  /** @param {unknown} option @param {string} hash @returns {string} */
  atMount(option, hash) {
    if (!this.#reads) return '';
    const at = typeof option === 'string' && option !== 'true' ? option : hash;
    if (!at || at === '#') return '';
    this.#last = at;
    return splitHash(at).ours;
  }

  // The page's address carries `hash` because share() wrote it: no news.
  /** @param {string} hash */
  shared(hash) {
    this.#last = hash;
  }

  // The page's hash changed: our part of it, or '' (none of ours, or no news).
  /** @param {string} hash @returns {string} */
  changed(hash) {
    if (!this.#reads || hash === this.#last) return '';
    const ours = splitHash(hash).ours;
    if (ours) this.#last = hash;
    return ours;
  }
}
