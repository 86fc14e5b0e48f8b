// The EVM's execution code (@ethereumjs/vm and evm, the WebAssembly precompile backends that
// vmFactory.ts awaits) is the largest part of the app's modules: about half a second of loading,
// which a node does not need before its first Ethereum tx or query. It is loaded here, once, by
// whichever needs it first; the app starts loading it once CometBFT's handshake is through
// (app/main.ts), so a node whose WebAssembly cannot load still fails at start, and the first tx
// rarely waits.
export type VmModule = typeof import("./vmFactory.js");

let loading: Promise<VmModule> | undefined;

/** vmFactory.js and everything it imports, loaded on the first call; every call gets the same module. */
export function loadVm(): Promise<VmModule> {
  loading ??= import("./vmFactory.js");
  return loading;
}
