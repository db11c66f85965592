// Trusted Types (`require-trusted-types-for 'script'`): every script URL MiroFish hands to a sink (a <script src>, a
// Worker) goes through one named policy, `mirofish`, never the `default` one. It is created once a page, where the
// browser has `trustedTypes`, by the first of MiroFish's files to run (the loader, or the ES module), and shared with
// the others through a Symbol-keyed slot: a page that enforces Trusted Types lists the name once
// (`trusted-types mirofish`). The policy passes MiroFish's own files (mirofish*.js, .mjs) and blob: URLs of the
// page's origin (the checked engine's bytes, the ES module's bootstrap), and refuses anything else. The origin is the
// document's own (`self.origin`): an editor's about:srcdoc iframe has the page's, where its `location.origin` says
// "null".
const SLOT = Symbol.for('mirofish.trusted');

// Creates the policy, once; where the page's `trusted-types` does not name it, nothing (the sinks then refuse the
// plain URLs, as the page asked).
export function trustScripts() {
  const g = /** @type {*} */ (globalThis);
  if (!g.trustedTypes || SLOT in g) return;
  try {
    g[SLOT] = g.trustedTypes.createPolicy('mirofish', {
      createScriptURL: (/** @type {string} */ url) => {
        if (url.startsWith('blob:' + self.origin + '/') || /\/mirofish[\w.-]*\.m?js([?#]|$)/.test(url)) return url;
        throw new TypeError('MiroFish: not a MiroFish file: ' + url);
      },
    });
  } catch (e) {
    g[SLOT] = null;
  }
}

// Whether the page refused the policy (its `trusted-types` names others): where it also enforces Trusted Types, no
// script of MiroFish's can be added.
export function policyRefused() {
  return /** @type {*} */ (globalThis)[SLOT] === null;
}

// Whether the module at `url` runs as the file `name` MiroFish ships (served as files, from an import map or a CDN),
// not inlined into an app's bundle: there the bundler's rewrite of the literal `new Worker(new URL(...))` is the one
// way to the Worker's chunk, and a page that enforces Trusted Types refuses it once (the main thread then).
/** @param {string} url @param {string} name */
export function asShipped(url, name) {
  return url.replace(/[?#].*$/, '').endsWith('/' + name);
}

// `url` as the policy's TrustedScriptURL where there is one, else as it is (typed a string: DOM's types know no
// Trusted Types, and every sink takes either).
/** @param {string} url @returns {string} */
export function scriptUrl(url) {
  const policy = /** @type {*} */ (globalThis)[SLOT];
  return policy ? policy.createScriptURL(url) : url;
}
