// A React 19 app as a user writes one: <MiroFish> from mirofish/react (or, with ?element, a bare <miro-fish>),
// in StrictMode (built with NODE_ENV=development, React runs every effect twice on mount: __app.effects counts them).
// window.__app lets tests/browser/frameworks.test.js drive it.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { table } from 'mirofish';
import { MiroFish } from 'mirofish/react';

const element = new URLSearchParams(location.search).has('element');
let current = null;  // the component's school, from onReady
const control = { effects: 0 };

function App() {
  const [fish, setFish] = useState(24);
  const [show, setShow] = useState(true);
  control.setFish = setFish;
  control.setShow = setShow;
  useEffect(() => { control.effects++; }, []);
  if (!show) return <p>no fish</p>;
  if (element) return <miro-fish fish={fish} palette="koi" seed="3" style={{ display: 'block', height: 200 }} />;
  return (
    <MiroFish fish={fish} palette="koi" seed={3} style={{ height: 200 }} onReady={(s) => { current = s; }}>
      <h1>React</h1>
    </MiroFish>
  );
}

createRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>);

window.__app = {
  effects: () => control.effects,
  table,
  setFish: (n) => flushSync(() => control.setFish(n)),
  setShow: (v) => flushSync(() => control.setShow(v)),
  school: () => {
    if (element) return document.querySelector('miro-fish')?.school ?? null;
    return current && current.stats().state !== 'destroyed' ? current : null;
  },
};
