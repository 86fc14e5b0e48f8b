// The import rules of docs/architecture.md, checked in CI (`npm run check:deps`). Production code
// only: tests and test support may reach across layers to build what they test.
const TESTS = "(\\.test\\.ts$|^test/|^bench/|^scripts/|/testing/|/test(Harness|Chain|Fixture|Contracts|Signer)\\.ts$|/precompileInputs\\.ts$)";
const LOW_APP = "^app/(store/|context\\.ts|storeKey\\.ts|tx/|query/|coins/|module\\.ts)";
const COMPOSITION = "^app/(app|modules|genesis|localGenesis|main|queryWorker)\\.ts$|^app/(cli|grpc)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import circles anywhere in production code.",
      from: { pathNot: TESTS },
      to: { circular: true, viaOnly: { pathNot: TESTS } },
    },
    {
      name: "sdk-is-standalone",
      severity: "error",
      comment: "sdk/ is the client library: it imports nothing of the node (it must run in a browser), only gen/ and packages.",
      from: { path: "^sdk/", pathNot: TESTS },
      to: { pathNot: "^(sdk|gen)/|node_modules", dependencyTypesNot: ["core"] },
    },
    {
      name: "explorer-reads-through-the-sdk",
      severity: "error",
      comment:
        "The web explorer runs in a browser and is the SDK's proof: it reads the node only through sdk/ (never sdk/keyring, which is Node-only) and gen/, plus browser-safe packages, never the node's own code.",
      from: { path: "^explorer/", pathNot: TESTS },
      to: { pathNot: ["^explorer/", "^(sdk|gen)/", "node_modules"], dependencyTypesNot: ["core"] },
    },
    {
      name: "explorer-has-no-node-builtins",
      severity: "error",
      comment: "Nothing of Node (fs, crypto, Buffer's module...) exists in a browser.",
      from: { path: "^explorer/", pathNot: [TESTS, "^explorer/build\\.mjs$"] },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "explorer-not-the-keyring",
      severity: "error",
      comment: "sdk/keyring stores keys on disk with Node's crypto: the explorer never holds keys.",
      from: { path: "^explorer/" },
      to: { path: "^sdk/keyring/" },
    },
    {
      name: "common-is-neutral",
      severity: "error",
      comment: "common/ is the neutral layer every process shares: it imports only itself, sdk/ and gen/.",
      from: { path: "^common/", pathNot: TESTS },
      to: { pathNot: "^(common|sdk|gen)/|node_modules", dependencyTypesNot: ["core"] },
    },
    {
      name: "api-processes-read-through-common",
      severity: "error",
      comment: "gateway/ and evm/ are separate processes: they import only common/, sdk/, gen/ and their own folder, never the app's internals.",
      from: { path: "^(gateway|evm)/", pathNot: TESTS },
      to: { pathNot: ["^$1/", "^(common|sdk|gen)/", "node_modules"], dependencyTypesNot: ["core"] },
    },
    {
      name: "abci-knows-no-module",
      severity: "error",
      comment: "abci/ is the socket protocol: it knows no module and nothing of the app.",
      from: { path: "^abci/", pathNot: TESTS },
      to: { pathNot: "^(abci|common|gen)/|node_modules", dependencyTypesNot: ["core"] },
    },
    {
      name: "cometbft-knows-no-app",
      severity: "error",
      comment: "cometbft/ (install, config, launcher) takes what it needs of the app as arguments; it imports no app, gateway or evm code.",
      from: { path: "^cometbft/", pathNot: TESTS },
      to: { path: "^(app|gateway|evm)/" },
    },
    {
      name: "only-the-cli-launches",
      severity: "error",
      comment: "Inside app/, only the unitd command (app/cli) uses the launcher in cometbft/.",
      from: { path: "^app/", pathNot: ["^app/cli/", TESTS] },
      to: { path: "^cometbft/" },
    },
    {
      name: "tx-pipeline-below-modules",
      severity: "error",
      comment:
        "app/tx imports only the store, the context and the neutral layer; what it needs of modules (the ante handler, the EVM gas limit, the gov authority) the composition root passes in.",
      from: { path: "^app/tx/", pathNot: TESTS },
      to: { pathNot: ["^app/tx/", "^app/store/", "^app/context\\.ts$", "^(common|sdk|gen)/", "node_modules"], dependencyTypesNot: ["core"] },
    },
    {
      name: "foundation-below-modules",
      severity: "error",
      comment: "The store, context, tx pipeline, query services and coins sit below the modules and the composition root.",
      from: { path: LOW_APP, pathNot: TESTS },
      to: { path: ["^app/modules/", COMPOSITION] },
    },
    {
      name: "modules-do-not-import-each-other",
      severity: "error",
      comment: "A module reaches another only through the narrow interface it declares in its own expectedKeepers.ts; the composition root wires them.",
      from: { path: "^app/modules/([^/]+)/", pathNot: TESTS },
      to: { path: "^app/modules/", pathNot: "^app/modules/$1/" },
    },
    {
      name: "modules-below-the-composition-root",
      severity: "error",
      comment: "Modules never import the composition root, the gRPC server or the CLI.",
      from: { path: "^app/modules/", pathNot: TESTS },
      to: { path: COMPOSITION },
    },
    {
      name: "resolvable",
      severity: "error",
      comment: "Every import resolves (a check that silently skipped a misspelt path would pass anything).",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|node_modules|sdk/dist)/|^test/hardhat/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.check.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
