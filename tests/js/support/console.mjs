// What a piece of code says on the console, caught: MiroFish's one voice is console.warn (web/core/util.js).
export function warnings(fn) {
  const said = [];
  const warn = console.warn;
  console.warn = (...args) => said.push(args.join(' '));
  try {
    fn();
  } finally {
    console.warn = warn;
  }
  return said;
}
