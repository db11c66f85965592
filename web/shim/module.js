// The one wasm instance every pond shares, and the parameter table it carries.

let modulePromise = null;
let table = null;  // [{name, key, unit, def, min, max, integer, group, help, inHash}] from C++

// Resolves to the module, or to null (with a warning) if it cannot load.
function loadModule() {
  if (!modulePromise) {
    modulePromise = Promise.resolve()
      .then(() => createMiroFishModule({
        print: (text) => console.log('MiroFish: ' + text),
        printErr: (text) => warn(text),
      }))
      .then((M) => {
        table = M.paramTable();
        return M;
      })
      .catch((e) => {
        warn('the WebAssembly module could not load (' + errorText(e) + ')');
        return null;
      });
  }
  return modulePromise;
}

function findInfo(name) {
  return table.find((p) => p.name === name) || table.find((p) => p.key === name) || null;
}
