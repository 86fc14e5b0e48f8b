// A network's genesis ceremony run with the real commands (in-process): homes made by `unitd init`,
// one key per validator, the coordinator's add-genesis-account for every validator, each node's
// gentx, and collect-gentxs on every home from the gathered gentxs (so each gets the same genesis
// and its own persistent_peers), as operators on several machines would do it.
import fs from "node:fs";
import path from "node:path";
import { runInit } from "../../app/cli/genesis/init.js";
import { runAddGenesisAccount } from "../../app/cli/genesis/addGenesisAccount.js";
import { runGentx } from "../../app/cli/genesis/gentx.js";
import { runCollectGentxs } from "../../app/cli/genesis/collectGentxs.js";
import { openKeyring } from "../../sdk/keyring/index.js";
import { VALIDATOR_TEST_MNEMONICS } from "../../common/node/testKeys.js";
import { DEFAULT_PORTS, type NodePorts } from "../../common/node/ports.js";
import { nodeHomePaths } from "../../common/node/home.js";
import { setTomlValue } from "../../cometbft/toml.js";

export const CEREMONY_KEY = "operator";
export const CEREMONY_BALANCE = "1000000000000uunit";
export const CEREMONY_STAKE = "100000000000uunit";

/** Runs one command function; a non-zero exit code fails with the command line. */
export async function must(run: (args: string[]) => Promise<number>, args: string[]): Promise<void> {
  const code = await run(args);
  if (code !== 0) throw new Error(`command failed (${code}): ${args.join(" ")}`);
}

/** `unitd init` of a home at these ports, with one test key in its keyring; returns its address. */
export async function initHome(home: string, index: number, chainId: string, ports: NodePorts): Promise<string> {
  await must(runInit, [`validator-${index}`, "--chain-id", chainId, "--home", home, "--port-offset", String(ports.rpc - DEFAULT_PORTS.rpc)]);
  const keyring = openKeyring({ home, backend: "test" });
  return (await keyring.add(CEREMONY_KEY, { mnemonic: VALIDATOR_TEST_MNEMONICS[index]! })).record.address;
}

/** CometBFT settings every node on one machine needs (several peers on 127.0.0.1) and a short block time. */
export function loopbackCometSettings(home: string, timeoutCommit = "300ms"): void {
  const file = path.join(nodeHomePaths(home).cometHome, "config", "config.toml");
  let text = fs.readFileSync(file, "utf8");
  text = setTomlValue(text, "p2p", "allow_duplicate_ip", true);
  text = setTomlValue(text, "p2p", "addr_book_strict", false);
  text = setTomlValue(text, "consensus", "timeout_commit", timeoutCommit);
  fs.writeFileSync(file, text);
}

export const genesisFile = (home: string) => path.join(nodeHomePaths(home).cometHome, "config", "genesis.json");

/** The whole ceremony over `homes` (home 0 coordinates); returns the validators' addresses. */
export async function runCeremony(homes: readonly string[], chainId: string, ports: readonly NodePorts[], gentxDir: string): Promise<string[]> {
  const addresses: string[] = [];
  for (const [i, home] of homes.entries()) addresses.push(await initHome(home, i, chainId, ports[i]!));
  for (const address of addresses) await must(runAddGenesisAccount, [address, CEREMONY_BALANCE, "--home", homes[0]!]);
  // Every operator receives the accounts' genesis, signs a gentx and sends it to the coordinator.
  for (const home of homes.slice(1)) fs.copyFileSync(genesisFile(homes[0]!), genesisFile(home));
  fs.mkdirSync(gentxDir, { recursive: true });
  for (const [i, home] of homes.entries()) {
    await must(runGentx, [
      CEREMONY_KEY,
      CEREMONY_STAKE,
      "--chain-id",
      chainId,
      "--home",
      home,
      "--keyring-backend",
      "test",
      "--output-document",
      path.join(gentxDir, `gentx-${i}.json`),
    ]);
  }
  for (const home of homes) {
    await must(runCollectGentxs, ["--home", home, "--gentx-dir", gentxDir]);
    loopbackCometSettings(home);
  }
  return addresses;
}
