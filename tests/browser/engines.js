// The three engines a visitor brings, each driven without a browser download, behind one thin page interface:
//   chromium        Debian's Chromium, headless with SwiftShader, through playwright-core (as the rest of the suite);
//   firefox         Debian's firefox-esr over WebDriver BiDi, through puppeteer-core (headed: run under xvfb-run,
//                   where it draws WebGL2 with llvmpipe, in Workers too);
//   webkit          Debian's WebKitGTK MiniBrowser through WebKitWebDriver (W3C WebDriver, selenium-webdriver), as
//                   shipped: no WebGL in Workers (Safari 16.4's case);
//   webkit-workers  the same with --features=+AllowWebGLInWorkers (Safari 17+'s case).
// MIROFISH_ENGINE picks one (default chromium). A page: goto, evaluate, waitFor, screenshot, press, console, close.
// A test that needs Chromium-only machinery (CDP, DevTools emulation) uses playwright itself and says so in its name.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const net = require('node:net');
const { spawn } = require('node:child_process');

const ENGINES = ['chromium', 'firefox', 'webkit', 'webkit-workers'];
const ENGINE = process.env.MIROFISH_ENGINE || 'chromium';
if (!ENGINES.includes(ENGINE)) throw new Error(`MIROFISH_ENGINE=${ENGINE}: use one of ${ENGINES.join(', ')}`);
const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.MINIBROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
// The page-side recorder every engine loads first (the server puts it at the top of each HTML page): console
// messages, uncaught errors and CSP violations for an engine whose client cannot hear them (WebKit's W3C WebDriver),
// and the counts of live listeners, animation frames and WebGL contexts (helpers.instrumentSource).
const RECORDER = '/__engine_recorder.js';

// Where the display comes from: Firefox and WebKit need one (scripts/test-browser runs them under xvfb-run).
function needsDisplay(name) {
  return name !== 'chromium';
}

// The recorder's source: wraps console.warn/error, listens for errors, rejections and CSP violations; sets the
// path the test bundle takes when the run forces one (MIROFISH_THREAD=main).
function recorderSource(thread) {
  return `(() => {
  const log = window.__engineLog = [];
  for (const type of ['warn', 'error']) {
    const orig = console[type].bind(console);
    console[type] = (...args) => { log.push({ type: type === 'warn' ? 'warning' : 'error', text: args.map(String).join(' ') }); orig(...args); };
  }
  window.addEventListener('error', (e) => log.push({ type: 'pageerror', text: String(e.error && e.error.stack || e.message) }));
  window.addEventListener('unhandledrejection', (e) => log.push({ type: 'pageerror', text: 'unhandled rejection: ' + String(e.reason && e.reason.stack || e.reason) }));
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
  ${thread === 'main' ? "window.__mirofishThread = 'main';" : ''}
  // Workers started and not terminated: a school's engine lives in one, and the last school out ends it.
  window.__liveWorkers = 0;
  const PageWorker = window.Worker;
  if (PageWorker) {
    window.Worker = class extends PageWorker {
      constructor(...args) { super(...args); window.__liveWorkers++; }
      terminate() { if (!this.__ended) { this.__ended = true; window.__liveWorkers--; } return super.terminate(); }
    };
  }
})();
${require('./helpers').instrumentSource()}`;
}

// The console as the tests read it, from the client's events or from the recorder.
function consoleBook(read) {
  return {
    async all() {
      return read();
    },
    async errors() {
      return (await read()).filter((m) => m.type === 'error' || m.type === 'pageerror');
    },
    async warnings() {
      return (await read()).filter((m) => m.type === 'warning').map((m) => m.text);
    },
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

// --- Chromium (playwright-core) ---
async function openChromium({ reducedMotion }) {
  const h = require('./helpers');
  const browser = await h.launch();
  return {
    name: 'chromium',
    async newPage({ width = 800, height = 600 } = {}) {
      const context = await browser.newContext({
        viewport: { width, height },
        reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
      });
      const page = await context.newPage();
      const log = [];
      page.on('console', (m) => log.push({ type: m.type(), text: m.text() }));
      page.on('pageerror', (e) => log.push({ type: 'pageerror', text: String((e && e.stack) || e) }));
      return wrapPage({
        goto: (url) => page.goto(url),
        evaluate: (fn, arg) => page.evaluate(fn, arg),
        screenshot: () => page.screenshot(),
        press: (key) => page.keyboard.press(key === ' ' ? 'Space' : key),
        console: consoleBook(async () => log.slice()),
        close: () => context.close(),
      });
    },
    close: () => browser.close(),
  };
}

// --- Firefox (puppeteer-core, WebDriver BiDi) ---
async function openFirefox({ reducedMotion }) {
  const puppeteer = require('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: false,
    extraPrefsFirefox: { 'ui.prefersReducedMotion': reducedMotion ? 1 : 0, 'browser.shell.checkDefaultBrowser': false },
  });
  return {
    name: 'firefox',
    async newPage({ width = 800, height = 600 } = {}) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width, height });
      const log = [];
      page.on('console', (m) => log.push({ type: m.type() === 'warn' ? 'warning' : m.type(), text: m.text() }));
      page.on('pageerror', (e) => log.push({ type: 'pageerror', text: String((e && e.stack) || e) }));
      return wrapPage({
        goto: (url) => page.goto(url),
        evaluate: (fn, arg) => page.evaluate(fn, arg),
        screenshot: () => page.screenshot(),
        press: (key) => page.keyboard.press(key),
        console: consoleBook(async () => log.slice()),
        close: () => context.close(),
      });
    },
    close: () => browser.close(),
  };
}

// --- WebKit (WebKitWebDriver + MiniBrowser, W3C WebDriver through selenium-webdriver) ---
async function openWebKit({ reducedMotion, workers }) {
  const { Builder, Key } = require('selenium-webdriver');
  const port = await freePort();
  // GTK's own setting is what WebKitGTK reads for prefers-reduced-motion: a config home of our own says it.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'mirofish-webkit-'));
  fs.mkdirSync(path.join(home, 'gtk-3.0'));
  fs.writeFileSync(
    path.join(home, 'gtk-3.0', 'settings.ini'),
    `[Settings]\ngtk-enable-animations=${reducedMotion ? 0 : 1}\n`,
  );
  const driverProc = spawn(WEBKIT_DRIVER, ['--port=' + port], {
    stdio: 'ignore',
    env: { ...process.env, XDG_CONFIG_HOME: home },
  });
  const args = ['--automation'].concat(workers ? ['--features=+AllowWebGLInWorkers'] : []);
  let driver = null;
  for (let tries = 0; !driver; tries++) {
    try {
      driver = await new Builder()
        .usingServer(`http://127.0.0.1:${port}`)
        .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args } })
        .build();
    } catch (e) {
      if (tries > 50) {
        driverProc.kill();
        throw e;
      }
      await new Promise((r) => setTimeout(r, 200)); // the driver is still starting
    }
  }
  await driver.manage().setTimeouts({ script: 120000, pageLoad: 60000 });
  const keys = {
    Tab: Key.TAB,
    Enter: Key.ENTER,
    ' ': Key.SPACE,
    Escape: Key.ESCAPE,
    'Shift+Tab': Key.chord(Key.SHIFT, Key.TAB),
  };
  return {
    name: workers ? 'webkit-workers' : 'webkit',
    // One window a session: a page is that window (a new page replaces the last), left for about:blank when closed.
    async newPage({ width = 800, height = 600 } = {}) {
      await driver.get('about:blank');
      // The window's chrome takes some height: size the window so that the viewport is what was asked.
      await driver.manage().window().setRect({ width, height });
      const [iw, ih] = await driver.executeScript('return [innerWidth, innerHeight]');
      if (iw !== width || ih !== height)
        await driver
          .manage()
          .window()
          .setRect({ width: 2 * width - iw, height: 2 * height - ih });
      return wrapPage({
        goto: (url) => driver.get(url),
        evaluate: async (fn, arg) => {
          const r = await driver.executeAsyncScript(
            `const done = arguments[arguments.length - 1], arg = arguments[0];
Promise.resolve().then(() => (${fn.toString()})(arg)).then((v) => done({ v: v === undefined ? null : v }),
  (e) => done({ e: String(e && e.stack || e) }));`,
            arg === undefined ? null : arg,
          );
          if (r && r.e !== undefined) throw new Error('in the page: ' + r.e);
          return r ? r.v : r;
        },
        screenshot: async () => Buffer.from(await driver.takeScreenshot(), 'base64'),
        press: (key) =>
          driver
            .actions()
            .sendKeys(keys[key] || key)
            .perform(),
        console: consoleBook(() => driver.executeScript('return window.__engineLog ? window.__engineLog.slice() : []')),
        // The next page is a new visit: nothing remembered (a pause), nothing carried (a school written on pagehide,
        // docs/hosting.md#one-school-across-pages: this listener runs after MiroFish's and takes it back).
        close: async () => {
          await driver
            .executeScript(
              "try { localStorage.clear(); addEventListener('pagehide', () => sessionStorage.clear()); } catch (e) {}",
            )
            .catch(() => {});
          await driver.get('about:blank');
        },
      });
    },
    async close() {
      await driver.quit().catch(() => {});
      driverProc.kill();
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}

// The parts every engine's page shares: polling, and JSON-safe evaluation results.
function wrapPage(p) {
  return Object.assign(p, {
    // Polls `fn(arg)` in the page until it is truthy (its value) or `timeout` ms pass (throws, naming the wait).
    async waitFor(fn, arg, timeout = 20000, what = fn.toString().slice(0, 120)) {
      const deadline = Date.now() + timeout;
      for (;;) {
        const v = await p.evaluate(fn, arg);
        if (v) return v;
        if (Date.now() > deadline) throw new Error(`waited ${timeout} ms for ${what}`);
        await new Promise((r) => setTimeout(r, 60));
      }
    },
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  });
}

// Opens `name` (default MIROFISH_ENGINE): { name, newPage({width, height}), close() }.
async function openEngine(name = ENGINE, { reducedMotion = false } = {}) {
  if (needsDisplay(name) && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    throw new Error(`${name} needs a display: run it under xvfb-run -a -s "-screen 0 1280x800x24"`);
  }
  if (name === 'chromium') return openChromium({ reducedMotion });
  if (name === 'firefox') return openFirefox({ reducedMotion });
  return openWebKit({ reducedMotion, workers: name === 'webkit-workers' });
}

module.exports = { ENGINES, ENGINE, RECORDER, recorderSource, openEngine };
