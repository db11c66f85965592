// The gallery: one card per look, its preview mounted (MiroFish.mount, layer 'element') while the card is in view
// and destroyed when it leaves, never more than CAP at once: each school is a WebGL context, and a browser keeps
// only so many (Chrome 16 a page, 4 a Worker). Until its school runs, and where none can, a card shows the look's
// still (docs/images/look-<id>.webp, drawn by `mirofish poster`: scripts/docs-images.mjs).
import { LOOKS } from './looks.js';
import { lookHash } from './look_hash.js';

export const CAP = 3;

const wanted = new Set(); // cards in view, in the order they came
const live = new Map(); // card -> { school, gone }: mounted or mounting (a mounting one counts against the cap)

function card(look) {
  const preview = document.createElement('div');
  preview.className = 'preview';
  preview.innerHTML =
    '<img class="still" alt="" src="docs/images/look-' + look.id + '.webp"><div class="idle">' + look.title + '</div>';
  const node = document.createElement('article');
  node.className = 'look card' + (look.dark ? ' dark' : '');
  node.dataset.look = look.id;
  const open = document.createElement('a');
  open.href = 'configure.html#' + lookHash(look);
  open.textContent = 'Open in the configurator';
  const h2 = document.createElement('h2');
  h2.textContent = look.title;
  const p = document.createElement('p');
  p.textContent = look.text;
  node.append(preview, h2, p, open);
  node.lookData = look;
  return node;
}

// A card's preview holds fewer fish than a page: the look's count scaled to the card's area (a 1440 x 900 page
// holds the look's count), at least 12; a QR landing keeps its count (a code needs its fish).
function previewOptions(look, box) {
  const options = Object.assign({}, look.options, { layer: 'element', hash: false });
  if (!look.qr) options.fish = Math.max(12, Math.round((look.options.fish * box.width * box.height) / (1440 * 900)));
  return options;
}

function start(node) {
  const entry = { school: null, gone: false };
  live.set(node, entry);
  const preview = node.querySelector('.preview');
  const look = node.lookData;
  MiroFish.mount(preview, previewOptions(look, preview.getBoundingClientRect())).then((school) => {
    if (entry.gone || !school) {
      if (school) school.destroy();
      live.delete(node);
      if (!school) wanted.delete(node); // cannot run here (one warning said why): not tried again
      pump();
      return;
    }
    entry.school = school;
    preview.querySelector('.idle')?.remove();
    preview.querySelector('.still').hidden = true; // the live school in its place
    if (look.qr) school.form({ type: 'qr', text: new URL('configure.html#' + lookHash(look), location.href).href });
  });
}

function stop(node) {
  const entry = live.get(node);
  if (!entry) return;
  if (!entry.school) {
    entry.gone = true; // destroyed once its mount resolves
    return;
  }
  entry.school.destroy();
  node.querySelector('.still').hidden = false;
  live.delete(node);
  pump();
}

// Mounts the cards in view that wait, while the cap allows.
function pump() {
  for (const node of wanted) {
    if (live.size >= CAP) return;
    if (!live.has(node)) start(node);
  }
}

function init() {
  const list = document.getElementById('looks');
  const observer = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (e.isIntersecting) wanted.add(e.target);
      else {
        wanted.delete(e.target);
        stop(e.target);
      }
    }
    pump();
  });
  for (const look of LOOKS) {
    const node = card(look);
    list.append(node);
    observer.observe(node.querySelector('.preview').parentNode);
  }
}

init();
