// The studio's look, inside its shadow root: the page's CSS cannot reach it and it cannot reach the page. A
// constructed stylesheet (adoptedStyleSheets), which a strict CSP allows where it refuses <style> and style="".
import { el } from './util.js';

const STUDIO_CSS = `
:host { all: initial; position: fixed; right: 12px; bottom: 12px; z-index: 2147483647;
  font: 12px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #e8f1f4; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.panel { width: 330px; max-height: calc(100vh - 24px); overflow: auto; background: rgba(14, 30, 38, 0.94);
  border: 1px solid rgba(255, 255, 255, 0.18); border-radius: 10px; box-shadow: 0 6px 24px rgba(0, 0, 0, 0.35); }
header { display: flex; align-items: center; justify-content: space-between; padding: 8px 10px;
  position: sticky; top: 0; background: rgb(14, 30, 38); border-bottom: 1px solid rgba(255, 255, 255, 0.12);
  z-index: 1; }
h2 { margin: 0; font-size: 13px; font-weight: 600; }
h3 { margin: 0 0 6px; font-size: 12px; font-weight: 600; color: #9fd3e3; }
section { padding: 8px 10px; border-bottom: 1px solid rgba(255, 255, 255, 0.08); }
button, select, input { font: inherit; color: inherit; }
button, select { background: #24414d; border: 1px solid #3c6270; border-radius: 5px; padding: 3px 8px;
  cursor: pointer; }
button:hover, select:hover { background: #2e5362; }
:focus-visible { outline: 2px solid #ffd166; outline-offset: 1px; }
.row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 4px 0; }
fieldset.record-fields { border: 0; margin: 0; padding: 0; min-width: 0; }
.unsupported .record-fields, fieldset.record-fields:disabled { opacity: 0.5; }
.record-fields input[type=number] { width: 5em; }
.out { width: 100%; background: #0b1a20; border: 1px solid #3c6270; border-radius: 5px; padding: 3px 6px;
  font-family: ui-monospace, monospace; font-size: 11px; }
.status { min-height: 1.4em; color: #b8e0c2; }
details { margin: 2px 0; }
summary { cursor: pointer; font-weight: 600; color: #9fd3e3; padding: 2px 0; }
.param { display: grid; grid-template-columns: 1fr 74px; gap: 2px 6px; align-items: center; margin: 5px 0; }
.param label { grid-column: 1 / 3; display: flex; justify-content: space-between; gap: 6px; }
.param .unit { color: #8aa9b3; }
.param input[type=range] { width: 100%; accent-color: #5fc4e0; }
.param input[type=number] { width: 74px; background: #0b1a20; border: 1px solid #3c6270; border-radius: 4px;
  padding: 1px 4px; }
.help { grid-column: 1 / 3; color: #8aa9b3; font-size: 11px; }
.checks { display: flex; flex-wrap: wrap; gap: 2px 12px; }
.checks label { display: inline-flex; gap: 4px; align-items: center; cursor: pointer; }
.sep { color: #ff6b6b; } .ali { color: #6ba8ff; } .coh { color: #5fd47a; }
.readout { font-family: ui-monospace, monospace; font-size: 11px; white-space: pre-wrap; margin: 4px 0 0; }
canvas.graph { width: 100%; height: 90px; display: block; background: #0b1a20; border-radius: 5px; }
.s0 { color: #ffd166; } .s1 { color: #5fc4e0; } .s2 { color: #e07be0; }
.legend { display: flex; flex-wrap: wrap; gap: 2px 10px; font-size: 11px; margin-top: 3px; }
.open { position: fixed; right: 12px; bottom: 12px; background: rgba(14, 30, 38, 0.94); border-radius: 18px;
  padding: 6px 12px; border: 1px solid rgba(255, 255, 255, 0.25); font-weight: 600; }
`;

// Gives the shadow root its stylesheet: constructed where the browser can (CSP-proof), else a <style> element.
/** @param {ShadowRoot} root */
export function adoptStyles(root) {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(STUDIO_CSS);
    root.adoptedStyleSheets = [sheet];
    return;
  } catch (e) {
    /* an older browser: a <style> element, which works wherever the page's CSP allows it */
  }
  root.append(el('style', { textContent: STUDIO_CSS }));
}
