// The engine's end of the channel: loads the wasm once (from the URL the host's `hello` names, else the entry's),
// then mounts, drives and destroys schools as the host's messages say. The same code serves a Worker
// (self.postMessage) and the main-thread fallback (a local port).
import { VERSION } from '../constants.js';
import { errorText } from '../util.js';
import { loadModule } from './module.js';
import { createEngineSchool } from './school.js';

// `post(msg, transfer)` sends to the host; returns the function that takes the host's messages, and the live schools
// (the main-thread path hands them to an attached studio).
export function serveEngine(post) {
  const schools = new Map();
  let loaded = null;
  const log = (text) => post({ t: 'warn', text });
  const receive = (msg) => {
    if (msg.t === 'hello') {
      loadModule(log, msg.wasm).then(({ M, table }) => {
        for (const row of table) row.values = row.values ? row.values.split('|') : [];  // C++ kParamValues
        loaded = { M, table };
        post({ t: 'ready', table, version: VERSION });
      }, (e) => post({ t: 'failed', error: errorText(e) }));
      return;
    }
    if (!loaded) return;
    if (msg.t === 'mount') {
      let made;
      try {
        made = createEngineSchool(loaded.M, loaded.table, msg, post, loaded.M.specialHTMLTargets);
      } catch (e) {
        made = { error: 'mount failed (' + errorText(e) + ')' };
      }
      if (made.error) {
        post({ t: 'mounted', id: msg.id, error: made.error });
        return;
      }
      schools.set(msg.id, made);
      post({ t: 'mounted', id: msg.id, renderer: made.school.renderer });
      return;
    }
    const made = schools.get(msg.id);
    if (!made) return;
    if (msg.t === 'destroy') {
      schools.delete(msg.id);
      made.destroy();
      return;
    }
    made.handle(msg);
  };
  return { receive, schools };
}

// In a dedicated Worker: the host's messages come to self.
export function serveWorker() {
  const engine = serveEngine((msg, transfer) => self.postMessage(msg, transfer || []));
  self.onmessage = (e) => engine.receive(e.data);
}

export function inWorker() {
  return typeof WorkerGlobalScope !== 'undefined' && typeof self !== 'undefined' && self instanceof WorkerGlobalScope;
}
