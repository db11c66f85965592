// useMiroFish(ref, options): a school mounted into ref's element (null: behind the page) for as long as the
// component is mounted. StrictMode's mount-unmount-mount and an unmount before the school is up both end in the
// AbortSignal mount() takes: an abort before it resolves cancels it, one after destroys the school. Option changes
// go to the live school through set() (pause()/resume() for `paused`), never through a remount.
import { useEffect, useRef, useState } from 'react';
import { mount, table } from '../entry/mirofish.mjs';
import { truthy } from '../core/index.js';

const MOUNT_ONLY = ['hash', 'thread', 'signal']; // read once, at mount (as <miro-fish> reads them)

/**
 * @typedef {import('../mirofish').MiroFishSchool} MiroFishSchool
 * @typedef {Object<string, number | string | boolean | null | undefined>} Options the hook's options by name
 *   (web/mirofish-react.d.ts: every mount option but `signal`), as the app passed them
 */

/**
 * @param {import('react').RefObject<Element | null> | null} ref @param {Options} [options]
 * @returns {MiroFishSchool | null}
 */
export function useMiroFish(ref, options) {
  const [school, setSchool] = useState(/** @type {MiroFishSchool | null} */ (null));
  const wanted = useRef(options || {});
  wanted.current = options || {};
  const held = useRef(/** @type {Options} */ ({})); // the options the school was last given

  useEffect(() => {
    const element = ref ? ref.current : null;
    if (ref && !element) return undefined; // nothing rendered to mount into
    const abort = new AbortController();
    const given = Object.assign({}, wanted.current);
    /** @type {MiroFishSchool | null} */
    let live = null;
    mount(element, Object.assign({}, given, { signal: abort.signal })).then((s) => {
      if (!s) return;
      if (abort.signal.aborted) {
        // mount() destroys it on abort already; never keep one past the cleanup
        s.destroy();
        return;
      }
      live = s;
      held.current = given;
      apply(s, held, wanted.current); // what changed while it loaded
      setSchool(s);
    });
    return () => {
      abort.abort();
      if (live) live.destroy();
      live = null;
      setSchool(null);
    };
  }, [ref]);

  useEffect(() => {
    if (school) apply(school, held, wanted.current);
  });
  return school;
}

// Sends the school what differs between the options it holds and the ones wanted; a removed option goes back to
// its default from the parameter table.
/** @param {MiroFishSchool} school @param {{current: Options}} held @param {Options} next */
function apply(school, held, next) {
  const was = held.current;
  held.current = Object.assign({}, next);
  for (const name of new Set(Object.keys(was).concat(Object.keys(next)))) {
    const value = next[name];
    if (MOUNT_ONLY.includes(name) || Object.is(was[name], value)) continue;
    if (name === 'paused') {
      if (value !== undefined && value !== null && truthy(value)) school.pause();
      else school.resume();
    } else if (name === 'avoid') {
      school.set('avoid', value === undefined || value === null ? '' : value);
    } else if (value === undefined || value === null) {
      table().then((t) => {
        const info = t.find((p) => p.name === name || p.key === name);
        if (info) school.set(info.name, info.def);
      });
    } else {
      school.set(name, value);
    }
  }
}
