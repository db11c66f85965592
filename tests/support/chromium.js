// Chromium as the browser suite (tests/browser/helpers.js) and the browser benches (bench/browser/lib.mjs) launch it,
// so both test and measure the same browser: Debian's build (or $CHROMIUM) with chromium_args.js's flags, and every
// page the software-GL visitor this machine is (tests/browser/device.js's engine front).
'use strict';

const { chromium } = require('playwright-core');
const ARGS = require('./chromium_args');
const { engineFront } = require('../browser/device');

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// A headless Chromium with ARGS plus `extraArgs`. Each new context gets the engine front, then `prepare(context)` (a
// caller's own init scripts); browser.newPage() opens a page in a context of its own, closed with the page.
async function launchChromium(extraArgs = [], prepare = async () => {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS.concat(extraArgs) });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await engineFront(context);
    await prepare(context);
    return context;
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.once('close', () => context.close().catch(() => {}));
    return page;
  };
  return browser;
}

module.exports = { ARGS, CHROMIUM, launchChromium };
