// mirofish/react (dist/mirofish-react.mjs): <MiroFish {...options} /> and useMiroFish(ref, options). The component is
// a <div> the school fills (its padding box; the children sit above the fish); every other prop is a mount option.
// React is the app's own (a peer dependency), the school's code is the package's dist/mirofish.mjs, so importing
// this also defines <miro-fish>.
import { createElement, useEffect, useRef } from 'react';
import { useMiroFish } from './use_mirofish.js';

export { useMiroFish };

/** @param {import('../mirofish-react').MiroFishProps} props */
export function MiroFish(props) {
  const { className, style, id, children, onReady, ...options } = props;
  const ref = useRef(null);
  const school = useMiroFish(ref, options);
  useEffect(() => {
    if (school && typeof onReady === 'function') onReady(school);
  }, [school]);
  return createElement('div', { ref, className, style, id }, children);
}

export default MiroFish;
