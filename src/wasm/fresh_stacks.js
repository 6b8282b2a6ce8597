// Runs the page's program on stacks of its own where the browser can switch stacks (NOTE [Fresh
// stacks] in src/python/recursion.h). Emscripten puts this file (--pre-js) inside the module's
// factory, before the glue's own code.
//
//   const engine = await createStridelab();
//   const summary = JSON.parse(await engine.runAsync(source, optionsJson));
//
// runAsync is run() on a new stack, with the engine free to continue a deep recursion on further
// new stacks: the import stridelab_fresh_stack becomes a WebAssembly.Suspending function that
// calls the engine's function it names through WebAssembly.promising. Without JavaScript Promise
// Integration, or when the page instantiates the module itself, runAsync is run() on the caller's
// stack, as before. The engine names its functions by their index in the function table: the
// optimised glue gives the imports and exports short names.
var stridelabFreshStacks = false;
var stridelabPromising = {};

function stridelabPromisingAt(index) {
  return stridelabPromising[index] || (stridelabPromising[index] = WebAssembly.promising(wasmTable.get(index)));
}

if (typeof WebAssembly.Suspending == 'function' && typeof WebAssembly.promising == 'function' &&
    !Module['instantiateWasm']) {
  Module['instantiateWasm'] = function (imports, receiveInstance) {
    // The import is found by what it is, since its name is a short one.
    for (var module in imports) {
      for (var name in imports[module]) {
        if (imports[module][name] !== stridelab_fresh_stack) continue;
        imports[module][name] = new WebAssembly.Suspending(function (call, thunk) {
          return stridelabPromisingAt(thunk)(call);
        });
        stridelabFreshStacks = true;
      }
    }
    function ready(result) { receiveInstance(result['instance'], result['module']); }
    // As the glue would: compile while the file downloads when it can, else from the bytes.
    var instantiated;
    if (!Module['wasmBinary'] && typeof WebAssembly.instantiateStreaming == 'function' && typeof fetch == 'function') {
      instantiated = WebAssembly.instantiateStreaming(fetch(wasmBinaryFile, { credentials: 'same-origin' }), imports)
        .catch(function () {
          return getBinaryPromise().then(function (bytes) { return WebAssembly.instantiate(bytes, imports); });
        });
    } else {
      instantiated = getBinaryPromise().then(function (bytes) { return WebAssembly.instantiate(bytes, imports); });
    }
    instantiated.then(ready, readyPromiseReject);
    return {};
  };
}

Module['runAsync'] = function (source, options) {
  if (!stridelabFreshStacks) {
    return new Promise(function (resolve) { resolve(Module['run'](source, options)); });
  }
  var entry = Module['prepare_run'](source, options);
  return stridelabPromisingAt(entry)(1).then(function () { return Module['take_result'](); });
};
