// `unitd genesis add-genesis-account <address|key-name> <coins>`: credits an account in genesis
// (bank balances; InitChain creates the account), as the SDK's command does. An address already
// in genesis is refused unless --append adds the coins to it.
import { parseAccountAddress, formatAccountAddress } from "../../../sdk/crypto/accountAddress.js";
import { openKeyring, parseKeyringBackend, DEFAULT_KEYRING_BACKEND } from "../../../sdk/keyring/index.js";
import type { Coin } from "../../../sdk/tx/coins.js";
import { homeFlag, parseStrictArgs } from "../flags.js";
import { UsageError } from "../keys/errors.js";
import { coinsFlag } from "../client/txFlags.js";
import { appStateOf, homePaths, readHomeGenesis, writeHomeGenesis } from "./homeFiles.js";

export const ADD_GENESIS_ACCOUNT_USAGE = `unitd genesis add-genesis-account <address|key-name> <coins> [--append] [--home <dir>] [--keyring-backend test|file|os]

Credits <coins> (e.g. 100000000000uunit) to an account in the home's genesis.json. A key name is
looked up in the home's keyring.`;

interface Balance {
  address: string;
  coins: Coin[];
}

export async function runAddGenesisAccount(args: string[]): Promise<number> {
  const { values, positionals } = parseStrictArgs(
    args,
    { home: { type: "string" }, "keyring-backend": { type: "string" }, append: { type: "boolean" } },
    "genesis add-genesis-account",
  );
  if (positionals.length !== 2) throw new UsageError(`add-genesis-account takes an address or key name and the coins\n\n${ADD_GENESIS_ACCOUNT_USAGE}`);
  const paths = homePaths(homeFlag(values.home));
  const address = await accountAddress(positionals[0]!, paths.root, values["keyring-backend"]);
  const coins = coinsFlag("coins", positionals[1]);
  if (coins.length === 0) throw new UsageError(`coins "${positionals[1]}" must name at least one coin, such as 1000000uunit`);
  const doc = readHomeGenesis(paths);
  const state = appStateOf(doc);
  const bank = { ...((state.bank as Record<string, unknown> | undefined) ?? {}) };
  const balances = [...((bank.balances as Balance[] | undefined) ?? [])];
  const existing = balances.findIndex((b) => b.address === address);
  if (existing >= 0 && !values.append) throw new UsageError(`${address} already has a genesis balance; use --append to add to it`);
  if (existing >= 0) balances[existing] = { address, coins: addCoins(balances[existing]!.coins, coins) };
  else balances.push({ address, coins });
  // As the SDK sorts them: balances by address, coins by denom.
  balances.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
  bank.balances = balances;
  writeHomeGenesis(paths, { ...doc, app_state: { ...state, bank } });
  console.log(`${address}: ${coins.map((c) => `${c.amount}${c.denom}`).join(",")} added to ${paths.cometHome}/config/genesis.json`);
  return 0;
}

/** A bech32 address as given, or the address of a key in the home's keyring. */
async function accountAddress(text: string, home: string, backend: string | undefined): Promise<string> {
  if (/^unit1/.test(text) || /^0x/.test(text)) {
    try {
      return formatAccountAddress(parseAccountAddress(text));
    } catch (err) {
      throw new UsageError(`"${text}" is not a valid account address: ${(err as Error).message}`);
    }
  }
  const keyring = openKeyring({ home, backend: parseKeyringBackend(backend ?? DEFAULT_KEYRING_BACKEND) });
  return (await keyring.get(text)).address;
}

function addCoins(a: readonly Coin[], b: readonly Coin[]): Coin[] {
  const sums = new Map<string, bigint>();
  for (const c of [...a, ...b]) sums.set(c.denom, (sums.get(c.denom) ?? 0n) + BigInt(c.amount));
  return [...sums.keys()].sort().map((denom) => ({ denom, amount: sums.get(denom)!.toString() }));
}
