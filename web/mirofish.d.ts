// TypeScript types for mirofish.js (S-ASK-9): the global `MiroFish`, mount options and the school handle.
// The options are the C++ parameter table (src/sim/params.h); defaults and ranges: `await MiroFish.table()`.
// tests/browser/types.test.js checks that this list matches the table.

// <generated names: scripts/gen-types.mjs from the C++ parameter table; do not edit>
/** Names of every parameter; also accepted: their URL-hash keys (`n`, `rsep`, ...). */
export type MiroFishParamName =
  | 'fish'
  | 'seed'
  | 'width'
  | 'height'
  | 'sepRadius'
  | 'aliRadius'
  | 'cohRadius'
  | 'sepWeight'
  | 'aliWeight'
  | 'cohWeight'
  | 'maxSpeed'
  | 'minSpeed'
  | 'maxForce'
  | 'turnRate'
  | 'smoothing'
  | 'variation'
  | 'turnSlowdown'
  | 'fov'
  | 'edgeMargin'
  | 'edgeForce'
  | 'edgeDamping'
  | 'wander'
  | 'neighbourCap'
  | 'sprintEvery'
  | 'frightEvery'
  | 'hoverTime'
  | 'depthSpeed'
  | 'current'
  | 'currentScale'
  | 'currentPeriod'
  | 'attractors'
  | 'attractWeight'
  | 'attractRadius'
  | 'attractPeriod'
  | 'obstacleWeight'
  | 'obstacleMargin'
  | 'predator'
  | 'predatorRadius'
  | 'predatorWeight'
  | 'predatorSpeed'
  | 'species'
  | 'crossSpecies'
  | 'pointerRadius'
  | 'pointerWeight'
  | 'pointerSmoothing'
  | 'panicTime'
  | 'panicCohesion'
  | 'panicSpeed'
  | 'scareRadius'
  | 'scareTime'
  | 'scareWeight'
  | 'startleSpread'
  | 'startleDelay'
  | 'click'
  | 'feedRadius'
  | 'pelletTime'
  | 'opacity'
  | 'palette'
  | 'water'
  | 'ripple'
  | 'fishSize'
  | 'idleFps'
  | 'maxDpr'
  | 'reducedMotion'
  | 'perf'
  | 'maxFish'
  | 'maxSeek'
  | 'quality'
  | 'budget'
  | 'maxFps'
  | 'antialias'
  | 'layer'
  | 'density'
  | 'controls'
  | 'waterTone';
// </generated names>

/**
 * Options for `MiroFish.mount()` and `data-*` attributes on the script tag (`data-sep-radius` = `sepRadius`).
 * Values outside a parameter's range are clamped and non-numbers ignored, each with a console warning.
 */
export interface MiroFishOptions {
  /** Start paused (no steps, no animation frames); `resume()` starts the school. */
  paused?: boolean | string;
  /** Read the URL hash (`true`, the default), ignore it (`false`), or read this hash string instead. */
  hash?: boolean | string;
  /**
   * A CSS selector (`".card, h1, nav"`): the boxes of the matching elements (the first 64, visible and on screen) are
   * obstacles the fish swim around, kept current through scroll, resize and layout changes. Page only: the hash
   * carries no layout, so a shared link replays exactly only on the same layout.
   */
  avoid?: string;
  /** Cancels a pending mount, and destroys the school once mounted, when it aborts (single-page apps). */
  signal?: AbortSignal;
  /**
   * Where the school runs: 'auto' (the default) in a dedicated Worker on an OffscreenCanvas where the browser and the
   * page allow it, else on the main thread; 'main' always on the main thread (`stats().thread` says which).
   */
  thread?: 'auto' | 'worker' | 'main';
  /**
   * One school for the whole site (on, the default): a page of the same origin the visitor goes on to in the same tab
   * continues this school where it was, when its tag makes the same school; `false` (`data-continue="off"`) starts
   * each page from its seed. A link's hash always wins. Read at mount only (docs/hosting.md#one-school-across-pages).
   */
  continue?: boolean | string;

  // <generated options: scripts/gen-types.mjs from the C++ parameter table; do not edit>
  // --- Simulation ---
  /** Number of fish (whole number, count; hash key `n`). */
  fish?: number | string;
  /** Random seed: same seed, same school (whole number; hash key `seed`). */
  seed?: number | string;
  /** World width (scaled to fit the page) (number, px; hash key `w`). */
  width?: number | string;
  /** World height (number, px; hash key `h`). */
  height?: number | string;
  /** Separation radius (number, px; hash key `rsep`). */
  sepRadius?: number | string;
  /** Alignment radius (number, px; hash key `rali`). */
  aliRadius?: number | string;
  /** Cohesion radius (number, px; hash key `rcoh`). */
  cohRadius?: number | string;
  /** Separation weight (number; hash key `wsep`). */
  sepWeight?: number | string;
  /** Alignment weight (number; hash key `wali`). */
  aliWeight?: number | string;
  /** Cohesion weight (number; hash key `wcoh`). */
  cohWeight?: number | string;
  /** Top cruising speed (number, px/s; hash key `vmax`). */
  maxSpeed?: number | string;
  /** Fish never swim slower than this (number, px/s; hash key `vmin`). */
  minSpeed?: number | string;
  /** Steering force limit (~1.5-2 x vmax) (number, px/s^2; hash key `fmax`). */
  maxForce?: number | string;
  /** Maximum turn rate (number, rad/s; hash key `turn`). */
  turnRate?: number | string;
  /** Steering averaged over this many steps (whole number, steps; hash key `smooth`). */
  smoothing?: number | string;
  /** Per-fish spread of speed and force (+-) (number; hash key `vary`). */
  variation?: number | string;
  /** Speed cap drop at the full turn rate (number; hash key `tslow`). */
  turnSlowdown?: number | string;
  /** Field of view (270: 90 deg blind spot behind) (number, deg; hash key `fov`). */
  fov?: number | string;
  /** Soft wall starts this far from the edge (number, px; hash key `edge`). */
  edgeMargin?: number | string;
  /** Inward push at the very edge (number, px/s^2; hash key `fedge`). */
  edgeForce?: number | string;
  /** Damping of outward speed near the edge (number, 1/s; hash key `edamp`). */
  edgeDamping?: number | string;
  /** Gentle random turning (x fmax) (number; hash key `wander`). */
  wander?: number | string;
  /** Only the nearest this many neighbours count; 0 = all (whole number, count; hash key `cap`). */
  neighbourCap?: number | string;
  /** A fish sprints about once this often; 0 = never (number, s; hash key `sprint`). */
  sprintEvery?: number | string;
  /** A fish takes fright at nothing about once this often; 0 = never (number, s; hash key `fright`). */
  frightEvery?: number | string;
  /** A hover lasts about this long; 0 = fish never hover (number, s; hash key `hover`). */
  hoverTime?: number | string;
  /** Speed of the back tier's fish (x the front's) (number; hash key `dspeed`). */
  depthSpeed?: number | string;
  /** Current across the water (x fmax) (number; hash key `cur`). */
  current?: number | string;
  /** Width of one band of the current (number, px; hash key `cscale`). */
  currentScale?: number | string;
  /** The current's bands drift one wave in this long (number, s; hash key `ctime`). */
  currentPeriod?: number | string;
  /** Drifting points of interest (whole number, count; hash key `na`). */
  attractors?: number | string;
  /** Pull toward the nearest point of interest (x fmax) (number; hash key `wa`). */
  attractWeight?: number | string;
  /** The school circles inside this (the pull lets go at half) (number, px; hash key `ra`). */
  attractRadius?: number | string;
  /** A point of interest crosses the page in about this long (number, s; hash key `ta`). */
  attractPeriod?: number | string;
  /** Push away from an obstacle at its outline (x fmax) (number; hash key `wobs`). */
  obstacleWeight?: number | string;
  /** Obstacles push fish closer than this (soft margin) (number, px; hash key `mobs`). */
  obstacleMargin?: number | string;
  /** 1: a predator hunts the school (0 sends it away) (whole number; hash key `pred`). */
  predator?: number | string | boolean;
  /** Fish this close to the predator flee and startle (number, px; hash key `rpred`). */
  predatorRadius?: number | string;
  /** Flight from the predator (x fmax) (number; hash key `wpred`). */
  predatorWeight?: number | string;
  /** The predator's top speed (x vmax) (number; hash key `vpred`). */
  predatorSpeed?: number | string;
  /** Kinds of fish sharing the pond (size, speed, colours) (whole number, count; hash key `species`). */
  species?: number | string;
  /** Alignment and cohesion toward other species (x own) (number; hash key `xsp`). */
  crossSpecies?: number | string;

  // --- Pointer, touch and clicks ---
  /** Pointer avoidance radius (number, px; hash key `prad`). */
  pointerRadius?: number | string;
  /** Pointer repulsion (x fmax) (number; hash key `pw`). */
  pointerWeight?: number | string;
  /** Virtual cursor time constant (number, s; hash key `ptau`). */
  pointerSmoothing?: number | string;
  /** Panic after a scare or the pointer (number, s; hash key `panic`). */
  panicTime?: number | string;
  /** Cohesion factor while panicked (number; hash key `pcoh`). */
  panicCohesion?: number | string;
  /** Speed cap factor while panicked (number; hash key `pspeed`). */
  panicSpeed?: number | string;
  /** A click scares fish this close (number, px; hash key `srad`). */
  scareRadius?: number | string;
  /** A scare lasts this long (number, s; hash key `stime`). */
  scareTime?: number | string;
  /** Scare repulsion (x fmax) (number; hash key `sw`). */
  scareWeight?: number | string;
  /** Share of a startle a fish passes to neighbours (number; hash key `spread`). */
  startleSpread?: number | string;
  /** A neighbour startles this much later (number, s; hash key `sdelay`). */
  startleDelay?: number | string;
  /** A click or tap feeds (0) or scares (1) (whole number; hash key `click`). */
  click?: 'feed' | 'scare' | number;
  /** Fish this close turn to a pellet (number, px; hash key `frad`). */
  feedRadius?: number | string;
  /** A pellet sinks out of reach after this long (number, s; hash key `ptime`). */
  pelletTime?: number | string;

  // --- Drawing and page citizenship ---
  /** Fish opacity over the page (number; hash key `op`). */
  opacity?: number | string;
  /** 0 koi, 1 goldfish, 2 ink, 3 neon (whole number; hash key `pal`). */
  palette?: 'koi' | 'goldfish' | 'ink' | 'neon' | number;
  /** 1 fills the canvas with water colour (whole number; hash key `water`). */
  water?: number | string | boolean;
  /** Ripples on the water: clicks, food, startles; 0 = none (number; hash key `rip`). */
  ripple?: number | string;
  /** Fish size scale (number; hash key `size`). */
  fishSize?: number | string;
  /** Frame rate while a visitor rests or the pointer is away, at most half the running one; set at or above that, the full rate (number, fps; hash key `idle`). */
  idleFps?: number | string;
  /** Cap on devicePixelRatio (number; hash key `dpr`). */
  maxDpr?: number | string;
  /** 1 honours prefers-reduced-motion (whole number; hash key `rm`). */
  reducedMotion?: number | string | boolean;
  /** 1 shows the performance overlay (whole number; hash key `perf`). */
  perf?: number | string | boolean;

  // --- The page owner's own settings: a link never reads or writes them (page only) ---
  /** Most fish a link may ask for (default: 1000 or the page's fish) (whole number, count; page only). */
  maxFish?: number | string;
  /** Longest t= seek a link may ask for (number, s; page only). */
  maxSeek?: number | string;
  /** Auto (0) steps down to hold its frame budget; high (1); low (2) (whole number; page only). */
  quality?: 'auto' | 'high' | 'low' | number;
  /** Render ms per frame auto quality may spend (number, ms; page only). */
  budget?: number | string;
  /** Most frames drawn per second (the sim steps at 60 Hz) (number, fps; page only). */
  maxFps?: number | string;
  /** 1 asks the browser for MSAA (edges are smoothed without it) (whole number; page only). */
  antialias?: number | string | boolean;
  /** Behind (0): under the page; back (1): z-index 0; element (2): host untouched (whole number; page only). */
  layer?: 'behind' | 'back' | 'element' | number;
  /** Fish per million CSS px of viewport instead of n; 0 = off (number, fish/Mpx; page only). */
  density?: number | string;
  /** A pause/play button in this corner of the layer; true = bottom-right (whole number; page only). */
  controls?: 'off' | 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left' | number | boolean;
  /** The water's tone (water=1): auto keeps the page's text at 4.5:1 or more, following its colour scheme (whole number; page only). */
  waterTone?: 'auto' | 'light' | 'deep' | number;
  // </generated options>
}

/** Options on the script tag only. */
export interface MiroFishScriptOptions extends MiroFishOptions {
  /** `data-auto="false"` turns the auto-mount off. */
  auto?: boolean | string;
}

export type MiroFishParams = { [K in MiroFishParamName]: number };

/**
 * running: full rate; idle: the pointer is away (idleFps); hidden: page hidden or scrolled out of view;
 * empty: 0 fish and no water, so no frames at all; failed: the engine failed (a trap, a Worker the browser killed):
 * until the school is mounted again on the main thread (once), or for good after a second failure.
 */
export type MiroFishState =
  'running' | 'paused' | 'hidden' | 'lost' | 'idle' | 'reduced-motion' | 'empty' | 'starting' | 'destroyed' | 'failed';

export interface MiroFishStats {
  /** Fish in the school. */
  fish: number;
  /** Simulation steps since the school (re)started (1/60 s each). */
  steps: number;
  /** Frames drawn since mount. */
  frames: number;
  /** Frames drawn in the last second. */
  fps: number;
  /** Simulation time of the last frame, ms. */
  simMs: number;
  /** Render time of the last frame, ms. */
  renderMs: number;
  /** 'lost': no WebGL context (no steps, no frames) until it is restored or replaced by a new canvas (~2 s). */
  state: MiroFishState;
  /** A `t=SECONDS` hash is still being fast-forwarded. */
  seeking: boolean;
  /** A live WebGL2 context (false between a context loss and its restore or replacement). */
  rendering: boolean;
  /**
   * GPU time of a recent frame (EXT_disjoint_timer_query_webgl2), ms; null where the browser doesn't offer it, and
   * under software GL (`softwareGL`), whose queries time its queue, not its work.
   */
  gpuMs: number | null;
  /** The frame-rate cap in force (the `maxFps` option). */
  maxFps: number;
  /** The quality level in force, and why. */
  quality: MiroFishQuality;
  /** Scares that reached the school: clicks and taps with `click: 'scare'`, and scare() (a scroll never scares). */
  scares: number;
  /** Pellets dropped: clicks and taps with `click: 'feed'` (the default), and feed(). */
  feeds: number;
  /** Pellets in the water now (at most 6; a further one replaces the oldest). */
  pellets: number;
  /** Pellets eaten since the school started. */
  eaten: number;
  /** Fish in each behaviour state now. */
  states: { cruise: number; sprint: number; hover: number; startle: number };
  /**
   * The formation (form() or the hash's form=): type '' when none; phase 'waiting' (before at=), 'landing' or
   * 'holding'; targets; fish settled on them; fish added because the school had fewer fish than targets (they
   * leave on release).
   */
  form: {
    type: string;
    phase: '' | 'waiting' | 'landing' | 'holding';
    targets: number;
    settled: number;
    added: number;
  };
  /**
   * The browser says this WebGL is slow (software rendering: it refuses a context asked to fail on a major
   * performance caveat): auto quality started at its lowest level and climbs on the frames it delivers. A browser that
   * says nothing (Firefox on llvmpipe) reads false, and is measured like any other.
   */
  softwareGL: boolean;
  /** The WebGL renderer string (unmasked where the browser allows it): reported, never decided on. */
  renderer: string;
  /** Where the school runs: in its Worker (OffscreenCanvas) or on the page's main thread. */
  thread: 'worker' | 'main';
  /** The canvas's backing store in device px (the Worker owns the canvas on the worker path). */
  canvas: { width: number; height: number };
}

export interface MiroFishQuality {
  mode: 'auto' | 'high' | 'low';
  /** 0 is the best level; levels - 1 the cheapest. */
  level: number;
  levels: number;
  /** Canvas pixels per CSS pixel at this level. */
  dpr: number;
  /** 2 full koi, 1 cheap koi for the back tier, 0 cheap fish. */
  detail: number;
  /** Frame rate of this level (the loop also keeps maxFps and idleFps). */
  fps: number;
  /** Why the level is what it is, in words: the frames delivered, the render's cost, a frame cap, CPU pressure. */
  reason: string;
  /** Level changes since mount. */
  changes: number;
  /** Frames that came late because the page's main thread or the machine stalled: never held against the level. */
  stalls: number;
}

export interface MiroFishParamInfo {
  name: MiroFishParamName;
  /** URL-hash key. */
  key: string;
  unit: string;
  def: number;
  min: number;
  max: number;
  integer: boolean;
  group: 'sim' | 'pointer' | 'view' | 'page';
  /** False for the page's own settings (group 'page'), which a URL hash never carries. */
  inHash: boolean;
  /** '' from the page's bundle (visitors never see it); the studio and `mirofish params` carry the text. */
  help: string;
  /** The names a named option also takes, by value (quality: ['auto', 'high', 'low']); [] for plain numbers. */
  values: string[];
  /**
   * How a control shows it (C++ ParamScale): 'linear' a slider over the range; 'log' a slider over its logarithm
   * (counts, sizes, speeds, times); 'seed' a number box with a "new seed" button; 'box' a number box alone (the world).
   */
  scale: 'linear' | 'log' | 'seed' | 'box';
}

/**
 * A mounted school. The same API on both paths (`thread`): methods that read (stats, get, params, hash, obstacles)
 * answer at once from the snapshot the school posts with its frames and after every command; methods that compute
 * return Promises. Commands run in order, so after `await school.set(...)` the reading methods see the change.
 */
export interface MiroFishSchool {
  /** The canvas (null after destroy()). On the worker path its control has gone to the Worker: size it with CSS. */
  readonly canvas: HTMLCanvasElement | null;
  /** Where the school runs. */
  readonly thread: 'worker' | 'main';
  /** Stops steps and frames until resume(); a visibility change never undoes it. */
  pause(): void;
  resume(): void;
  /** Removes the canvas and every listener, stops the loop and frees the wasm memory. Safe to call twice. */
  destroy(): void;
  /**
   * Sets one option at once (colours included); resolves to the value now held, or undefined for an unknown name or
   * a failed engine.
   */
  set(name: MiroFishParamName | string, value: number | string | boolean): Promise<number | undefined>;
  get(name: MiroFishParamName | string): number | undefined;
  params(): MiroFishParams;
  /** The current parameters as a URL hash, without '#'. */
  hash(): string;
  /** The obstacles the fish avoid now (from `avoid`), in viewport CSS px as getBoundingClientRect gives them. */
  obstacles(): Array<{ left: number; top: number; width: number; height: number }>;
  /** Writes hash() into the address bar (history.replaceState: no scroll, no history entry); returns the URL. */
  share(): string;
  /**
   * Runs n simulation steps now (default 1, at most 36000 a call); resolves to the steps run. A long call runs in
   * chunks of ~8 ms (frames and the page go on between them); onProgress(done, total) hears each chunk. Resolves 0
   * when the engine fails meanwhile.
   */
  step(n?: number, onProgress?: (done: number, total: number) => void): Promise<number>;
  /** Drops a food pellet at a viewport point (CSS px, as a click's clientX/clientY); false if ignored. */
  feed(clientX: number, clientY: number): boolean;
  /** Frightens the fish around a viewport point (CSS px), as a click does with `click: 'scare'`. */
  scare(clientX: number, clientY: number): boolean;
  /** 16 hex digits over every fish's position and velocity: equal to `mirofish run ... | tail -1`; '' if it failed. */
  stateHash(): Promise<string>;
  stats(): MiroFishStats;
  /**
   * Lands the school on a formation now: a QR code of `text` (at most 213 bytes), `text` in the built-in font, or
   * 'ring' | 'rings' | 'infinity' | 'vortex' | 'frame'. Held `hold` seconds (default 10; 0: until release()), then
   * the fish swim off. Resolves false, with one console warning, when refused (or false when the engine failed). The
   * text is drawn by fish, never put in the DOM.
   */
  form(options: {
    type: 'qr' | 'text' | 'ring' | 'rings' | 'infinity' | 'vortex' | 'frame';
    text?: string;
    hold?: number;
  }): Promise<boolean>;
  /** Ends the formation now: the boids steer again and fish added for it leave (resolves too if the engine failed). */
  release(): Promise<void>;
  /**
   * The run this school's `hash()` gives from step 0, recorded every `every` steps (default 1): the same numbers as
   * `mirofish run --hash HASH --steps STEPS --every EVERY --trajectory FILE` writes, bit for bit. Computed at once on a
   * second school (the one on screen is not touched), where the school runs, in chunks of ~8 ms (frames and the page
   * go on between them); onProgress(done, total) hears each chunk, in steps. Null after destroy().
   * Rejects with a RangeError when steps is not a whole number 0..216000, every not 1..216000, or the data would pass
   * 256 MB; with an Error when the engine fails meanwhile.
   */
  trajectory(
    steps: number,
    every?: number,
    onProgress?: (done: number, total: number) => void,
  ): Promise<MiroFishTrajectory | null>;
  /**
   * The school as a video file (docs/recording.md), frame k being the school after round(k x 60 / fps) steps from its
   * hash's step 0 (or `from`), drawn at width x height on a canvas of its own: never the page's, never a frame
   * dropped. Present once mirofish-record.js is on the page (the studio's Record panel loads it): the page's own
   * bundle carries none of it. Rejects with one sentence for a bad option, a browser without the encoder, or a
   * failure inside; with an AbortError when `signal` aborts.
   */
  record?(options?: MiroFishRecordOptions): Promise<Blob>;
}

/** school.record() and MiroFishRecord.record(school, options): every field is optional. */
export interface MiroFishRecordOptions {
  /** Length in seconds, (0, 600]; default 10. The file holds round(seconds x fps) frames. */
  seconds?: number;
  /** Frames a second: 24, 25, 30 or 60 (default 60). */
  fps?: 24 | 25 | 30 | 60;
  /** Even pixels, 16..3840 wide (default 1920) and 16..2160 high (default 1080): independent of the page. */
  width?: number;
  height?: number;
  /** 'webm' (VP9, default) or 'mp4' (H.264 where the browser encodes it, else AV1, else VP9). */
  format?: 'webm' | 'mp4';
  /** A transparent background (WebM, VP9 with alpha) to lay over footage; default false. */
  alpha?: boolean;
  /** The opaque video's background, '#rrggbb' or '#rgb' (default '#000000'); unused with alpha. */
  background?: string;
  /** Where the clip starts: a hash (default the school's own) and a time in seconds (default its t=, else 0). */
  from?: { hash?: string; time?: number };
  /** After each frame: frames done, of total. */
  onProgress?: (done: number, total: number) => void;
  /** Cancels the recording: the Promise rejects with an AbortError. */
  signal?: AbortSignal;
}

/** window.MiroFishRecord (mirofish-record.js) and the ES module mirofish-record.mjs. */
export interface MiroFishRecordGlobal {
  readonly version: string;
  record(school: MiroFishSchool, options?: MiroFishRecordOptions): Promise<Blob>;
  /** '' where record() can run with these options here, else the sentence it would reject with. */
  supported(options?: MiroFishRecordOptions): Promise<string>;
  /** Gives every school handle of the page school.record() (done by itself for the schools it sees). */
  install(school: MiroFishSchool): void;
}

/** A recorded run: frame f, fish i, field c (x, y, vx, vy) is `data[(f * meta.fish + i) * 4 + c]`. */
export interface MiroFishTrajectory {
  /** meta.frames frames, one after another; frame f is the state at step f * meta.every. */
  data: Float32Array;
  /** The side-car JSON the CLI writes beside its file (FILE.json). */
  meta: MiroFishTrajectoryMeta;
}

export interface MiroFishTrajectoryMeta {
  format: 'mirofish-trajectory';
  /** Format version (1). */
  version: number;
  /** The URL hash of the run (with `t=` when the CLI run seeked first). */
  hash: string;
  fish: number;
  /** steps / every + 1: frame 0 is the start state. */
  frames: number;
  every: number;
  /** The step count at frame 0 (0 here; a CLI run's `t=` seek steps). */
  startStep: number;
  /** Steps run after frame 0. */
  steps: number;
  /** 1/60. */
  stepSeconds: number;
  /** World size, px. */
  width: number;
  height: number;
  fields: ['x', 'y', 'vx', 'vy'];
  units: ['px', 'px', 'px/s', 'px/s'];
  byteOrder: 'little-endian';
  bytesPerFrame: number;
  layout: string;
  /** The CLI's `--event` texts (none here). */
  events: string[];
}

export interface MiroFishGlobal {
  readonly version: string;
  /**
   * Mounts a school behind the page (no target) or inside an element (its padding box). Resolves to null, with
   * one console warning, where it cannot run (no WebGL2, bad target). Never rejects.
   */
  mount(target?: Element | string | null, options?: MiroFishOptions): Promise<MiroFishSchool | null>;
  /** The school mounted from the script tag, once ready. */
  readonly current: MiroFishSchool | null;
  /** Every live school on the page, in mount order (several schools share one set of window listeners). */
  readonly all: MiroFishSchool[];
  /** Resolves when the script-tag auto-mount is done (null when off or impossible). */
  readonly ready: Promise<MiroFishSchool | null>;
  /** The parameter table, straight from C++. */
  table(): Promise<MiroFishParamInfo[]>;
}

declare global {
  interface Window {
    MiroFish: MiroFishGlobal;
    /** Present once mirofish-record.js is on the page. */
    MiroFishRecord?: MiroFishRecordGlobal;
  }
  const MiroFish: MiroFishGlobal;
}

/**
 * The attributes of `<miro-fish>`: the options, in kebab case (`sep-radius`; `sepradius` and the hash key `rsep` are
 * read too). A change reaches the live school through set(); removing one sets its default. Typed in JSX by
 * `mirofish/react`, in Vue by `mirofish/vue`, in Svelte by `mirofish/svelte`.
 */
export interface MiroFishAttributes {
  /** Paused while present (`paused`, `paused="true"`); `paused="false"` or removing it resumes. */
  paused?: boolean | string;
  /** Read the URL hash (the default), ignore it (`false`), or read this hash string instead; read at mount only. */
  hash?: boolean | string;
  /** A CSS selector: the boxes of the matching elements are obstacles the fish swim around. */
  avoid?: string;
  /** Where the school runs ('auto', 'worker', 'main'); read at mount only. */
  thread?: 'auto' | 'worker' | 'main';
  /** Carry the school on to the site's next page ('on', the default) or not ('off'); read at mount only. */
  continue?: 'on' | 'off' | string;

  // <generated attributes: scripts/gen-types.mjs from the C++ parameter table; do not edit>
  // --- Simulation ---
  /** Number of fish (whole number, count; hash key `n`). */
  fish?: number | string;
  /** Random seed: same seed, same school (whole number; hash key `seed`). */
  seed?: number | string;
  /** World width (scaled to fit the page) (number, px; hash key `w`). */
  width?: number | string;
  /** World height (number, px; hash key `h`). */
  height?: number | string;
  /** Separation radius (number, px; hash key `rsep`). */
  'sep-radius'?: number | string;
  /** Alignment radius (number, px; hash key `rali`). */
  'ali-radius'?: number | string;
  /** Cohesion radius (number, px; hash key `rcoh`). */
  'coh-radius'?: number | string;
  /** Separation weight (number; hash key `wsep`). */
  'sep-weight'?: number | string;
  /** Alignment weight (number; hash key `wali`). */
  'ali-weight'?: number | string;
  /** Cohesion weight (number; hash key `wcoh`). */
  'coh-weight'?: number | string;
  /** Top cruising speed (number, px/s; hash key `vmax`). */
  'max-speed'?: number | string;
  /** Fish never swim slower than this (number, px/s; hash key `vmin`). */
  'min-speed'?: number | string;
  /** Steering force limit (~1.5-2 x vmax) (number, px/s^2; hash key `fmax`). */
  'max-force'?: number | string;
  /** Maximum turn rate (number, rad/s; hash key `turn`). */
  'turn-rate'?: number | string;
  /** Steering averaged over this many steps (whole number, steps; hash key `smooth`). */
  smoothing?: number | string;
  /** Per-fish spread of speed and force (+-) (number; hash key `vary`). */
  variation?: number | string;
  /** Speed cap drop at the full turn rate (number; hash key `tslow`). */
  'turn-slowdown'?: number | string;
  /** Field of view (270: 90 deg blind spot behind) (number, deg; hash key `fov`). */
  fov?: number | string;
  /** Soft wall starts this far from the edge (number, px; hash key `edge`). */
  'edge-margin'?: number | string;
  /** Inward push at the very edge (number, px/s^2; hash key `fedge`). */
  'edge-force'?: number | string;
  /** Damping of outward speed near the edge (number, 1/s; hash key `edamp`). */
  'edge-damping'?: number | string;
  /** Gentle random turning (x fmax) (number; hash key `wander`). */
  wander?: number | string;
  /** Only the nearest this many neighbours count; 0 = all (whole number, count; hash key `cap`). */
  'neighbour-cap'?: number | string;
  /** A fish sprints about once this often; 0 = never (number, s; hash key `sprint`). */
  'sprint-every'?: number | string;
  /** A fish takes fright at nothing about once this often; 0 = never (number, s; hash key `fright`). */
  'fright-every'?: number | string;
  /** A hover lasts about this long; 0 = fish never hover (number, s; hash key `hover`). */
  'hover-time'?: number | string;
  /** Speed of the back tier's fish (x the front's) (number; hash key `dspeed`). */
  'depth-speed'?: number | string;
  /** Current across the water (x fmax) (number; hash key `cur`). */
  current?: number | string;
  /** Width of one band of the current (number, px; hash key `cscale`). */
  'current-scale'?: number | string;
  /** The current's bands drift one wave in this long (number, s; hash key `ctime`). */
  'current-period'?: number | string;
  /** Drifting points of interest (whole number, count; hash key `na`). */
  attractors?: number | string;
  /** Pull toward the nearest point of interest (x fmax) (number; hash key `wa`). */
  'attract-weight'?: number | string;
  /** The school circles inside this (the pull lets go at half) (number, px; hash key `ra`). */
  'attract-radius'?: number | string;
  /** A point of interest crosses the page in about this long (number, s; hash key `ta`). */
  'attract-period'?: number | string;
  /** Push away from an obstacle at its outline (x fmax) (number; hash key `wobs`). */
  'obstacle-weight'?: number | string;
  /** Obstacles push fish closer than this (soft margin) (number, px; hash key `mobs`). */
  'obstacle-margin'?: number | string;
  /** 1: a predator hunts the school (0 sends it away) (whole number; hash key `pred`). */
  predator?: number | string;
  /** Fish this close to the predator flee and startle (number, px; hash key `rpred`). */
  'predator-radius'?: number | string;
  /** Flight from the predator (x fmax) (number; hash key `wpred`). */
  'predator-weight'?: number | string;
  /** The predator's top speed (x vmax) (number; hash key `vpred`). */
  'predator-speed'?: number | string;
  /** Kinds of fish sharing the pond (size, speed, colours) (whole number, count; hash key `species`). */
  species?: number | string;
  /** Alignment and cohesion toward other species (x own) (number; hash key `xsp`). */
  'cross-species'?: number | string;

  // --- Pointer, touch and clicks ---
  /** Pointer avoidance radius (number, px; hash key `prad`). */
  'pointer-radius'?: number | string;
  /** Pointer repulsion (x fmax) (number; hash key `pw`). */
  'pointer-weight'?: number | string;
  /** Virtual cursor time constant (number, s; hash key `ptau`). */
  'pointer-smoothing'?: number | string;
  /** Panic after a scare or the pointer (number, s; hash key `panic`). */
  'panic-time'?: number | string;
  /** Cohesion factor while panicked (number; hash key `pcoh`). */
  'panic-cohesion'?: number | string;
  /** Speed cap factor while panicked (number; hash key `pspeed`). */
  'panic-speed'?: number | string;
  /** A click scares fish this close (number, px; hash key `srad`). */
  'scare-radius'?: number | string;
  /** A scare lasts this long (number, s; hash key `stime`). */
  'scare-time'?: number | string;
  /** Scare repulsion (x fmax) (number; hash key `sw`). */
  'scare-weight'?: number | string;
  /** Share of a startle a fish passes to neighbours (number; hash key `spread`). */
  'startle-spread'?: number | string;
  /** A neighbour startles this much later (number, s; hash key `sdelay`). */
  'startle-delay'?: number | string;
  /** A click or tap feeds (0) or scares (1) (whole number; hash key `click`). */
  click?: 'feed' | 'scare' | number | `${number}`;
  /** Fish this close turn to a pellet (number, px; hash key `frad`). */
  'feed-radius'?: number | string;
  /** A pellet sinks out of reach after this long (number, s; hash key `ptime`). */
  'pellet-time'?: number | string;

  // --- Drawing and page citizenship ---
  /** Fish opacity over the page (number; hash key `op`). */
  opacity?: number | string;
  /** 0 koi, 1 goldfish, 2 ink, 3 neon (whole number; hash key `pal`). */
  palette?: 'koi' | 'goldfish' | 'ink' | 'neon' | number | `${number}`;
  /** 1 fills the canvas with water colour (whole number; hash key `water`). */
  water?: number | string;
  /** Ripples on the water: clicks, food, startles; 0 = none (number; hash key `rip`). */
  ripple?: number | string;
  /** Fish size scale (number; hash key `size`). */
  'fish-size'?: number | string;
  /** Frame rate while a visitor rests or the pointer is away, at most half the running one; set at or above that, the full rate (number, fps; hash key `idle`). */
  'idle-fps'?: number | string;
  /** Cap on devicePixelRatio (number; hash key `dpr`). */
  'max-dpr'?: number | string;
  /** 1 honours prefers-reduced-motion (whole number; hash key `rm`). */
  'reduced-motion'?: number | string;
  /** 1 shows the performance overlay (whole number; hash key `perf`). */
  perf?: number | string;

  // --- The page owner's own settings: a link never reads or writes them (page only) ---
  /** Most fish a link may ask for (default: 1000 or the page's fish) (whole number, count; page only). */
  'max-fish'?: number | string;
  /** Longest t= seek a link may ask for (number, s; page only). */
  'max-seek'?: number | string;
  /** Auto (0) steps down to hold its frame budget; high (1); low (2) (whole number; page only). */
  quality?: 'auto' | 'high' | 'low' | number | `${number}`;
  /** Render ms per frame auto quality may spend (number, ms; page only). */
  budget?: number | string;
  /** Most frames drawn per second (the sim steps at 60 Hz) (number, fps; page only). */
  'max-fps'?: number | string;
  /** 1 asks the browser for MSAA (edges are smoothed without it) (whole number; page only). */
  antialias?: number | string;
  /** Behind (0): under the page; back (1): z-index 0; element (2): host untouched (whole number; page only). */
  layer?: 'behind' | 'back' | 'element' | number | `${number}`;
  /** Fish per million CSS px of viewport instead of n; 0 = off (number, fish/Mpx; page only). */
  density?: number | string;
  /** A pause/play button in this corner of the layer; true = bottom-right (whole number; page only). */
  controls?: 'off' | 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left' | number | `${number}`;
  /** The water's tone (water=1): auto keeps the page's text at 4.5:1 or more, following its colour scheme (whole number; page only). */
  'water-tone'?: 'auto' | 'light' | 'deep' | number | `${number}`;
  // </generated attributes>
}

/** `<miro-fish fish="80" palette="2" layer="element">`: a school as an element (attributes are the options). */
export interface MiroFishElement extends HTMLElement {
  /** The mounted school, once it is up; null before that and after the element leaves the document. */
  school: MiroFishSchool | null;
  addEventListener<K extends keyof MiroFishElementEventMap>(
    type: K,
    listener: (this: MiroFishElement, ev: MiroFishElementEventMap[K]) => any,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
}
/** `ready`: the element's school is up (again after a reconnect); `el.school` holds it too. */
export interface MiroFishElementEventMap extends HTMLElementEventMap {
  ready: CustomEvent<{ school: MiroFishSchool }>;
}
declare global {
  interface HTMLElementTagNameMap {
    'miro-fish': MiroFishElement;
  }
}

// The ES module (`import { mount } from 'mirofish'`): the same API, without the global and without the auto-mount.
declare const MiroFishModule: MiroFishGlobal;
export default MiroFishModule;
export declare const mount: MiroFishGlobal['mount'];
export declare const table: MiroFishGlobal['table'];
export declare const version: string;
