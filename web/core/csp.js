// The page's Content-Security-Policy refusals, heard as they happen (the `securitypolicyviolation` event): a file of
// ours that the policy refused is named as refused, with the directive, never as "not found". The browser writes its
// own console error for the refusal; ours says what it means for the school.

/**
 * @typedef {{directive: string, blocked: string}} Refusal
 * @typedef {{refused: () => Promise<Refusal | null>, stop: () => void}} RefusalWatch
 */

// Watches for a refusal of `url` (a script's URL; '' for any Worker: a blob: bootstrap's URL is 'blob') from now until
// stop(). refused() resolves to the first one heard, or null: it waits one task first, since the violation's event and
// the refused load's error come in either order.
/** @param {string} url @returns {RefusalWatch} */
export function watchRefusals(url) {
  /** @type {Refusal | null} */
  let seen = null;
  const target = typeof document !== 'undefined' ? document : typeof self !== 'undefined' ? self : null;
  const on = (/** @type {SecurityPolicyViolationEvent} */ e) => {
    if (!seen && (url ? blocks(e.blockedURI, url) : /^worker-src/.test(e.effectiveDirective))) {
      seen = { directive: e.effectiveDirective || e.violatedDirective, blocked: e.blockedURI };
    }
  };
  const stop = () => target && target.removeEventListener('securitypolicyviolation', on);
  if (target) target.addEventListener('securitypolicyviolation', on);
  return {
    refused: () =>
      new Promise((resolve) =>
        setTimeout(() => {
          stop();
          resolve(seen);
        }, 0),
      ),
    stop,
  };
}

// The sentence for a refusal of `file`.
/** @param {string} file @param {Refusal} r */
export function refusalText(file, r) {
  return "this page's Content-Security-Policy refused " + file + ' (' + r.directive + ')';
}

// A violation's blockedURI is the URL, the URL's origin (a redirect), or a scheme ('blob', 'data', 'inline').
/** @param {string} blocked @param {string} url */
function blocks(blocked, url) {
  if (!blocked) return false;
  const bare = url.replace(/[?#].*$/, '');
  return blocked === url || bare.startsWith(blocked.replace(/[?#].*$/, '')) || url.startsWith(blocked + ':');
}

// The directive of a <meta> policy on the page that refuses every Worker: 'none', or a list with no source a Worker's
// URL could match (a nonce-only policy: a Worker carries no nonce). '' where none does, and for a policy sent as a
// header, which the page cannot read (the attempt then tells, and the browser reports it). No attempt bound to fail
// is made: the school takes the main thread without a violation in the site's reports.
/** @returns {string} */
export function metaRefusesWorkers() {
  for (const meta of document.querySelectorAll('meta[http-equiv="content-security-policy" i]')) {
    /** @type {Object<string, string>} */
    const lists = {};
    for (const part of /** @type {HTMLMetaElement} */ (meta).content.toLowerCase().split(';')) {
      const [name, ...list] = part.trim().split(/\s+/);
      if (name && !(name in lists)) lists[name] = list.join(' ');
    }
    const name = ['worker-src', 'child-src', 'script-src', 'default-src'].find((n) => n in lists);
    if (name && !/'self'|\*|blob:|[\w-][.:]/.test(lists[name].replace(/'(nonce|sha\d+)-[^']*'/g, ''))) return name;
  }
  return '';
}
