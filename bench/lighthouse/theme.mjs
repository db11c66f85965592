// The theme's page without its CDN assets (Font Awesome, Google Fonts, Bootstrap's JS bundle, sb-forms): the
// external <script src> and <link href> tags removed, so no run touches the network. Shared by run.mjs (Lighthouse)
// and first_fish.mjs (time to the first fish).
export function stripTheme(original) {
  const isExternal = (u) => /^(https?:)?\/\//i.test(u);
  const externalHosts = new Set(['fonts.gstatic.com']); // Google Fonts CSS would pull its files from here
  const removed = [];
  let stripped = original.replace(/[ \t]*<script\b[^>]*\bsrc="([^"]*)"[^>]*>\s*<\/script>[ \t]*\r?\n?/gi, (m, u) => {
    if (!isExternal(u)) return m;
    removed.push(m.trim());
    return '';
  });
  stripped = stripped.replace(/[ \t]*<link\b[^>]*\bhref="([^"]*)"[^>]*>[ \t]*\r?\n?/gi, (m, u) => {
    if (!isExternal(u)) return m;
    removed.push(m.trim());
    return '';
  });
  for (const m of original.matchAll(/\b(?:src|href)="((?:https?:)?\/\/([^/"]+)[^"]*)"/gi))
    externalHosts.add(m[2].toLowerCase());
  return { stripped, removed, externalHosts };
}

// The page with `tag` before </body>.
export function withTag(stripped, tag) {
  if (!tag) return stripped;
  const at = stripped.lastIndexOf('</body>');
  if (at < 0) throw new Error('no </body> in the theme page');
  return stripped.slice(0, at) + '    ' + tag + '\n    ' + stripped.slice(at);
}
