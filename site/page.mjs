// The frame every page of the site shares (site/*.html, and the docs docs.mjs renders): the head's common lines with
// the page's own title, description and scripts, then the top bar's slot ({{nav}}, which build.mjs fills) and the
// page's body. `up` is the way back to the site's root ('' or '../'), for the style sheet.
export function page({ title, description = '', scripts = [], up = '', body }) {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>' + title + '</title>',
    ...(description ? ['<meta name="description" content="' + description + '">'] : []),
    '<link rel="icon" href="data:,">',
    '<link rel="stylesheet" href="' + up + 'site.css">',
    ...scripts,
  ];
  return (
    '<!doctype html>\n<html lang="en">\n<head>\n' +
    head.map((line) => line + '\n').join('') +
    '</head>\n<body>\n{{nav}}\n' +
    body +
    '</body>\n</html>\n'
  );
}
