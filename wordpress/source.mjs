// The source link readme.txt gives (its Source code section: the directory's guideline 4, the minified files'
// source): the project's public repository, never where this clone happens to sit. Taken, in this order, from
// SITE_REPO (the release workflow sets it, as the site's build takes it), git's `origin` where that is a public URL,
// then web/package.json's `repository` (the package's own, as npm shows it). A clone of a clone (origin a local
// path), or one with no remote, has only the last; without it the zip is not made: a readme naming
// /home/someone/mirofish, or no source, would ship in silence otherwise.
//   sourceUrl({ siteRepo, origin, repository }) -> { url } or { problem }

// An https URL a visitor can open, from a git remote or package.json's form of one; '' for a local path, a file://
// or loopback URL, or anything else. Credentials in a remote (https://user:token@...) are dropped, never written.
/** @param {string} remote @returns {string} */
export function publicUrl(remote) {
  let s = String(remote || '')
    .trim()
    .replace(/^git\+/, '');
  const scp = /^[\w.-]+@([\w.-]+):(?!\/)(.+)$/.exec(s); // git@github.com:owner/name.git
  if (scp) s = 'https://' + scp[1] + '/' + scp[2];
  let url;
  try {
    url = new URL(s);
  } catch (e) {
    return ''; // a path
  }
  if (!/^(https?|ssh|git):$/.test(url.protocol) || !url.hostname) return '';
  if (/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i.test(url.hostname) || !/\/[^/]+/.test(url.pathname)) return '';
  return 'https://' + url.hostname + url.pathname.replace(/\/+$/, '').replace(/\.git$/, '');
}

// package.json's `repository`: "owner/name" (GitHub's shorthand), "github:owner/name", a URL, or { url }.
/** @param {unknown} field @returns {string} */
export function packageRepository(field) {
  const s = typeof field === 'string' ? field : field && typeof field === 'object' ? String(field.url || '') : '';
  const short = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(s);
  return short ? 'https://github.com/' + short[1] : publicUrl(s);
}

/**
 * @param {{siteRepo?: string, origin?: string, repository?: unknown}} from
 * @returns {{url: string} | {problem: string}}
 */
export function sourceUrl({ siteRepo = '', origin = '', repository }) {
  if (siteRepo) {
    const url = publicUrl(siteRepo);
    return url ? { url } : { problem: `SITE_REPO is ${JSON.stringify(siteRepo)}, not a public https URL` };
  }
  const url = publicUrl(origin) || packageRepository(repository);
  if (url) return { url };
  return {
    problem:
      'readme.txt links the source to the public repository, and this clone names none (git origin: ' +
      (origin ? JSON.stringify(origin) : 'none') +
      ', web/package.json: no "repository"): run it as SITE_REPO=https://github.com/OWNER/NAME scripts/wordpress-zip',
  };
}
