// `unitd genesis gentx <key-name> <amount>`: the SDK's gentx. A tx holding one MsgCreateValidator
// for this node's consensus key (priv_validator_key.json), self-delegating <amount> from the key's
// account, signed in SIGN_MODE_DIRECT with account number 0 and sequence 0 (how genesis verifies
// it) and no fee; its memo is this node's P2P address, which collect-gentxs turns into
// persistent_peers. Written to <home>/config/gentx/gentx-<node id>.json.
import fs from "node:fs";
import path from "node:path";
import { decodeBech32, encodeBech32 } from "../../../sdk/crypto/bech32.js";
import { BECH32_PREFIX_VALIDATOR } from "../../../sdk/crypto/prefixes.js";
import { msgCreateValidator } from "../../../sdk/tx/stakingMessages.js";
import { signTx } from "../../../sdk/tx/signTx.js";
import { parseDec } from "../../../sdk/math/dec.js";
import { openKeyring, parseKeyringBackend, DEFAULT_KEYRING_BACKEND } from "../../../sdk/keyring/index.js";
import { readConsensusPubKey, readNodeId } from "../../../cometbft/home.js";
import { readAppConfig } from "../../../common/node/home.js";
import { homeFlag, parseStrictArgs } from "../flags.js";
import { UsageError } from "../keys/errors.js";
import { coinsFlag } from "../client/txFlags.js";
import { appStateOf, gentxDir, homePaths, readHomeGenesis } from "./homeFiles.js";
import { gentxToJson } from "./gentxJson.js";
import { checkGenesisBalance } from "./genesisChecks.js";

export const GENTX_USAGE = `unitd genesis gentx <key-name> <amount> [--chain-id <id>] [--moniker <name>]
      [--commission-rate 0.1] [--commission-max-rate 0.2] [--commission-max-change-rate 0.01]
      [--min-self-delegation 1] [--details --identity --website --security-contact <text>]
      [--ip <host>] [--p2p-port <port>] [--output-document <file>] [--home <dir>] [--keyring-backend test|file|os]

Signs a MsgCreateValidator for this node's consensus key, self-delegating <amount> (e.g.
100000000uunit) from <key-name>'s genesis account. --ip and --p2p-port make the memo
<node id>@<ip>:<port> other validators dial (default 127.0.0.1 and this home's P2P port).`;

/** The SDK's default gas limit for a tx, and so for a gentx. */
export const GENTX_GAS = 200_000n;

const FLAGS = {
  home: { type: "string" },
  "keyring-backend": { type: "string" },
  "chain-id": { type: "string" },
  moniker: { type: "string" },
  "commission-rate": { type: "string" },
  "commission-max-rate": { type: "string" },
  "commission-max-change-rate": { type: "string" },
  "min-self-delegation": { type: "string" },
  details: { type: "string" },
  identity: { type: "string" },
  website: { type: "string" },
  "security-contact": { type: "string" },
  ip: { type: "string" },
  "p2p-port": { type: "string" },
  "output-document": { type: "string" },
} as const;

export async function runGentx(args: string[]): Promise<number> {
  const { values, positionals } = parseStrictArgs(args, FLAGS, "genesis gentx");
  if (positionals.length !== 2) throw new UsageError(`gentx takes a key name and an amount\n\n${GENTX_USAGE}`);
  const [keyName, amountText] = positionals as [string, string];
  const paths = homePaths(homeFlag(values.home));
  const doc = readHomeGenesis(paths);
  const chainId = values["chain-id"] ?? doc.chain_id;
  if (chainId !== doc.chain_id) throw new UsageError(`--chain-id ${chainId} differs from genesis.json's chain id ${doc.chain_id}`);
  const amount = coinsFlag("amount", amountText);
  if (amount.length !== 1) throw new UsageError(`amount "${amountText}" must be one coin, such as 100000000uunit`);
  const keyring = openKeyring({ home: paths.root, backend: parseKeyringBackend(values["keyring-backend"] ?? DEFAULT_KEYRING_BACKEND) });
  const record = await keyring.get(keyName);
  // As the SDK's gentx: the delegator must already hold the amount in genesis.
  checkGenesisBalance(appStateOf(doc), record.address, amount[0]!);
  const commission = {
    rate: decimalFlag("--commission-rate", values["commission-rate"] ?? "0.1"),
    maxRate: decimalFlag("--commission-max-rate", values["commission-max-rate"] ?? "0.2"),
    maxChangeRate: decimalFlag("--commission-max-change-rate", values["commission-max-change-rate"] ?? "0.01"),
  };
  const minSelfDelegation = values["min-self-delegation"] ?? "1";
  if (!/^[1-9]\d*$/.test(minSelfDelegation)) throw new UsageError(`--min-self-delegation must be a positive integer, got "${minSelfDelegation}"`);
  const nodeId = readNodeId(paths.cometHome);
  const p2pPort = values["p2p-port"] ?? String(readAppConfig(paths).ports.p2p);
  if (!/^\d{1,5}$/.test(p2pPort) || Number(p2pPort) < 1 || Number(p2pPort) > 65535) throw new UsageError(`--p2p-port must be a port number, got "${p2pPort}"`);
  const ip = values.ip ?? "127.0.0.1";
  const moniker = values.moniker ?? cometMoniker(paths.cometHome) ?? keyName;
  const message = msgCreateValidator({
    validatorAddress: encodeBech32(BECH32_PREFIX_VALIDATOR, decodeBech32(record.address)),
    consensusPubKey: Buffer.from(readConsensusPubKey(paths.cometHome), "base64"),
    description: {
      moniker,
      ...(values.identity ? { identity: values.identity } : {}),
      ...(values.website ? { website: values.website } : {}),
      ...(values["security-contact"] ? { securityContact: values["security-contact"] } : {}),
      ...(values.details ? { details: values.details } : {}),
    },
    commission,
    minSelfDelegation,
    value: amount[0]!,
  });
  const signed = await signTx({
    signer: await keyring.signer(keyName),
    messages: [message],
    fee: { amount: [], gasLimit: GENTX_GAS },
    chainId,
    accountNumber: 0n,
    sequence: 0n,
    memo: `${nodeId}@${ip}:${p2pPort}`,
  });
  const file = values["output-document"] ?? path.join(gentxDir(paths), `gentx-${nodeId}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(gentxToJson(signed)) + "\n");
  console.log(`Genesis transaction written to "${file}"`);
  return 0;
}

function decimalFlag(flag: string, text: string): string {
  try {
    parseDec(text);
  } catch (err) {
    throw new UsageError(`${flag}: ${(err as Error).message}`);
  }
  return text;
}

/** The moniker `unitd init` wrote into config.toml, if any. */
function cometMoniker(cometHome: string): string | undefined {
  try {
    const toml = fs.readFileSync(path.join(cometHome, "config", "config.toml"), "utf8");
    return /^moniker\s*=\s*"([^"]*)"/m.exec(toml)?.[1] || undefined;
  } catch {
    return undefined;
  }
}
