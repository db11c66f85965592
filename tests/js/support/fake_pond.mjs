// A stand-in for the wasm's Module and its Pond (web/engine/wasm.js), for the engine's school in node
// (tests/js/engine.test.mjs), as fake_worker.mjs stands in for a Worker: the parameters as a plain table, each step
// and each frame counted, the warnings the C++ would give for the cases the tests name (a set() it clamps and warns
// of, fish that outrun their radius, a hash with a bad key), and a GL context that says what a browser's does.

/** @returns {{M: *, gl: *, canvas: *, table: *[], pond: () => *}} */
export function fakeModule() {
  const params = {
    maxFps: 60,
    idleFps: 20,
    reducedMotion: 1,
    water: 0,
    fish: 100,
    width: 800,
    height: 600,
    density: 0,
    maxFish: 1000,
    maxDpr: 2,
    quality: 0,
    budget: 6,
    seed: 1,
  };
  const ok = { value: 'ok' };
  const unknown = { value: 'unknown' };
  let made = null;
  class Pond {
    constructor() {
      made = this;
      this.steps = 0;
      this.renders = 0;
    }
    attach() {
      return '';
    }
    set(name, value) {
      if (!(name in params)) return { status: unknown, value: NaN, warning: '' };
      params[name] = value;
      return { status: ok, value, warning: name === 'fish' && value > 500 ? 'more fish than the page asked' : '' };
    }
    get(name) {
      return name in params ? params[name] : NaN;
    }
    params() {
      return { ...params };
    }
    applyHash(hash) {
      return {
        anyKey: true,
        hasSeek: false,
        seekSeconds: 0,
        seekSteps: 0,
        hasWorld: hash.includes('w='),
        warnings: hash.includes('bad') ? ['the hash key bad is not ours'] : [],
      };
    }
    encodeHash() {
      return '#n=' + params.fish;
    }
    sanityWarning() {
      return params.fish > 900 ? 'a fish outruns its radius' : '';
    }
    setPageText() {}
    waterToneWarning() {
      return '';
    }
    setDetail() {}
    begin() {}
    advance() {
      this.steps++;
      return 1;
    }
    step(n) {
      this.steps += n;
    }
    setViewport() {}
    pointer() {}
    scare() {}
    feed() {}
    click() {}
    render() {
      this.renders++;
      return true;
    }
    contextLost() {}
    contextRestored() {
      return '';
    }
    stageObstacle() {}
    commitObstacles() {}
    obstacleCount() {
      return 0;
    }
    obstacleEdge() {
      return 0;
    }
    stats() {
      return {
        fish: params.fish,
        steps: this.steps,
        rendering: true,
        scares: 0,
        feeds: 0,
        pellets: 0,
        eaten: 0,
        cruise: params.fish,
        sprint: 0,
        hover: 0,
        startle: 0,
        form: '',
        formPhase: 'none',
        formTargets: 0,
        formSettled: 0,
        formAdded: 0,
      };
    }
    stateHash() {
      return 'state-' + this.steps;
    }
    snapshot() {
      return new Uint8Array([this.steps & 255, 2, 3]);
    }
    count() {
      return params.fish;
    }
    setMetrics() {}
    release() {}
    delete() {}
  }
  const gl = {
    RENDERER: 1,
    getParameter: () => 'FakeGL',
    getExtension: () => null,
    finish() {},
    isContextLost: () => false,
  };
  const canvas = { width: 0, height: 0, addEventListener() {}, removeEventListener() {} };
  const M = {
    Pond,
    ParamStatus: { Ok: ok, Clamped: {}, NotFinite: {}, Unknown: unknown },
    parseNumber: Number,
    currentGL: () => gl,
    specialHTMLTargets: {},
  };
  const table = Object.keys(params).map((name) => ({
    name,
    group: name === 'fish' ? 'sim' : 'page',
    values: name === 'quality' ? ['auto', 'high', 'low'] : [],
  }));
  return { M, gl, canvas, table, pond: () => made };
}
