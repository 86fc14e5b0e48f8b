// A small Hardhat project that compiles with the solc from npm (this machine may have no internet,
// and Hardhat would otherwise download its compiler) and deploys to the chain's JSON-RPC server:
//
//   UNIT_EVM_URL=http://127.0.0.1:8545 UNIT_EVM_PRIVATE_KEY=0x... npx hardhat run scripts/deploy.cjs --network unit
//
// UNIT_EVM_CHAIN_ID (default 2611) lets the same project target another node, e.g. `npx hardhat node`.
const { subtask } = require("hardhat/config");
const { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } = require("hardhat/builtin-tasks/task-names");

const SOLC_VERSION = "0.8.30";

// The local solcjs build instead of a download; any other version is a configuration mistake.
subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, async ({ solcVersion }) => {
  const solc = require("solc");
  const longVersion = solc.version().replace(/\.Emscripten\.clang$/, "");
  if (solcVersion !== SOLC_VERSION || !longVersion.startsWith(`${solcVersion}+`)) {
    throw new Error(`this project compiles with the solc ${SOLC_VERSION} from npm; asked for ${solcVersion}, installed ${longVersion}`);
  }
  return { compilerPath: require.resolve("solc/soljson.js"), isSolcJs: true, version: solcVersion, longVersion };
});

const key = process.env.UNIT_EVM_PRIVATE_KEY;

/** @type {import("hardhat/config").HardhatUserConfig} */
module.exports = {
  solidity: {
    version: SOLC_VERSION,
    // Prague: the hardfork the chain's EVM runs.
    settings: { evmVersion: "prague", optimizer: { enabled: true, runs: 200 } },
  },
  networks: {
    // `npx hardhat node` (the reference of the test suites and the benchmark) runs the chain's
    // hardfork and, like a real network, includes a reverting tx instead of refusing it.
    hardhat: { chainId: 31337, hardfork: "prague", throwOnTransactionFailures: false },
    unit: {
      url: process.env.UNIT_EVM_URL ?? "http://127.0.0.1:8545",
      chainId: Number(process.env.UNIT_EVM_CHAIN_ID ?? 2611),
      accounts: key ? [key] : [],
      timeout: 60_000,
    },
  },
};
