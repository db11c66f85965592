// data-poster: a still of the tag's school (made by `mirofish poster` from the tag's own hash, docs/hosting.md#poster)
// shown behind the page at once, where the school will swim. It goes once the school has drawn its first frame, and
// stays where no school comes (no WebGL2, an engine that failed) and, with data-reduced-motion="poster", for a visitor
// who prefers reduced motion: that page then fetches no host and no engine at all.
import { guessLayer, makeCanvas } from '../core/index.js';

// Reads (and takes off the tag: the host reads every data-* as a school option) data-poster and
// data-reduced-motion; null without a poster. `instead`: the poster alone, no school.
/**
 * @param {DOMStringMap} data the loader's tag's
 * @returns {{instead: boolean, until: (school: import('../mirofish').MiroFishSchool | null) => void} | null}
 */
export function takePoster(data) {
  const src = data.poster;
  const still = data.reducedMotion === 'poster';
  delete data.poster;
  delete data.reducedMotion;
  if (!src) return null;
  const img = document.createElement('img');
  img.style.cssText = makeCanvas(true, guessLayer(data.layer, null)).style.cssText; // the canvas's place and layer
  img.style.objectFit = 'cover';
  img.alt = ''; // decoration: nothing for a screen reader
  img.src = src;
  const put = () => document.body.prepend(img);
  if (document.body) put();
  else addEventListener('DOMContentLoaded', put, { once: true });
  return {
    instead: still && matchMedia('(prefers-reduced-motion: reduce)').matches,
    // The school's first frame takes the poster's place; a school that fails first leaves it.
    until(school) {
      const look = () => {
        const st = school && school.stats();
        if (!st || st.state === 'failed' || st.state === 'destroyed') return;
        if (st.frames > 0) img.remove();
        else requestAnimationFrame(look);
      };
      look();
    },
  };
}
