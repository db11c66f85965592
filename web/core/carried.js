// What one page of a site leaves the next in the tab's sessionStorage (docs/hosting.md#one-school-across-pages): each
// school's snapshot, which the host writes and takes (host/carry.js), and the auto-mount's picture, which the loader
// shows from the next page's first paint (loader/picture.js). Both sides read these, so they are written once.
export const CARRY_KEY = 'mirofish-school-'; // + the school's place among the page's schools (1, 2, ...)
export const STILL_KEY = 'mirofish-still'; // JSON [time, the tag's data-*, the picture's base64]
export const CARRY_FRESH_MS = 30000; // an older one is a visit from before: the visitor went elsewhere and came back
