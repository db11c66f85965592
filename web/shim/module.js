// The one wasm instance every pond shares, and the parameter table it carries.

let modulePromise = null;
let wasm = null;  // the loaded module, for the classes a handle makes beside its Pond (TrajectoryRun)
let table = null;
// Option strings are read with the C++ number grammar once the module is there (before, nothing reads options).
let parseNumber = () => NaN;  // [{name, key, unit, def, min, max, integer, group, help, inHash}] from C++

// Resolves to the module, or to null (with a warning) if it cannot load.
function loadModule() {
  if (!modulePromise) {
    modulePromise = Promise.resolve(mirofishWasm.charAt(0) === '_' ? undefined : inflateWasm(mirofishWasm))
      .then((wasmBinary) => createMiroFishModule({
        print: (text) => console.log('MiroFish: ' + text),
        printErr: (text) => warn(text),
        wasmBinary,  // instantiated from these bytes: no fetch, no data: URI (strict CSP)
      }))
      .then((M) => {
        wasm = M;
        table = M.paramTable();
        parseNumber = (text) => M.parseNumber(text);
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
