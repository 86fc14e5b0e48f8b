// `unitd tx registry ...`: what a jurisdiction authority (register-asset) and an asset's owner
// (transfer-asset) sign. Jurisdiction authorities and params change only through governance (a
// proposal with MsgSetJurisdictionAuthority / MsgRemoveJurisdictionAuthority / MsgUpdateParams).
import {
  ASSET_CLASS_PATTERN,
  jurisdictionCodeProblem,
  METADATA_HASH_PATTERN,
  MAX_ASSET_CLASS_LENGTH_LIMIT,
  msgRegisterAsset,
  msgTransferAsset,
} from "../../../sdk/tx/registryMessages.js";
import type { Coin } from "../../../sdk/tx/coins.js";
import { accountAddressArg, UsageError } from "./cliArgs.js";
import { fromFlag, idArg, requiredFlag, type TxCommand } from "./txCommand.js";
import { coinsFlag } from "./txFlags.js";

/** A jurisdiction code flag, refused here exactly as the chain would refuse it. */
export function jurisdictionFlag(values: Record<string, string | boolean | undefined>): string {
  const code = requiredFlag(values, "jurisdiction");
  const problem = jurisdictionCodeProblem(code);
  if (problem) throw new UsageError(`--jurisdiction: ${problem}`);
  return code;
}

/** Exactly one positive coin, such as 5000000uunit. */
export function oneCoinFlag(flag: string, text: string): Coin {
  const coins = coinsFlag(`--${flag}`, text);
  if (coins.length !== 1 || coins[0]!.amount === "0")
    throw new UsageError(`--${flag} must be one positive amount such as 5000000uunit, got "${text.slice(0, 80)}"`);
  return coins[0]!;
}

export const registryTxCommands: Record<string, TxCommand> = {
  "register-asset": {
    usage: "register-asset --jurisdiction <code> --asset-class <class> --owner <address> --metadata-hash 0x<sha256> --declared-value <coin> --from <authority>",
    summary: "register an asset in your jurisdiction: only the SHA-256 of its title document goes on chain",
    options: {
      jurisdiction: { type: "string" },
      "asset-class": { type: "string" },
      owner: { type: "string" },
      "metadata-hash": { type: "string" },
      "declared-value": { type: "string" },
    },
    positionals: [],
    build: (_p, values) => {
      const jurisdictionCode = jurisdictionFlag(values);
      const assetClass = requiredFlag(values, "asset-class");
      if (!ASSET_CLASS_PATTERN.test(assetClass) || assetClass.length > MAX_ASSET_CLASS_LENGTH_LIMIT)
        throw new UsageError(
          `--asset-class "${assetClass.slice(0, 80)}" must be a lower-case letter followed by lower-case letters, digits or _, such as real_estate`,
        );
      const owner = accountAddressArg(requiredFlag(values, "owner"));
      const metadataHash = requiredFlag(values, "metadata-hash");
      if (!METADATA_HASH_PATTERN.test(metadataHash))
        throw new UsageError(`--metadata-hash must be 0x followed by 64 hex digits (the SHA-256 of the title document), got "${metadataHash.slice(0, 80)}"`);
      const declaredValue = oneCoinFlag("declared-value", requiredFlag(values, "declared-value"));
      return {
        from: fromFlag(values),
        messages: (authority) => [msgRegisterAsset({ authority, jurisdictionCode, assetClass, owner, metadataHash, declaredValue })],
      };
    },
  },
  "transfer-asset": {
    usage: "transfer-asset --asset-id <id> --to <address> --price <coin> --from <owner>",
    summary: "sell an asset you own; you pay its jurisdiction's transfer tax on the price",
    options: { "asset-id": { type: "string" }, to: { type: "string" }, price: { type: "string" } },
    positionals: [],
    build: (_p, values) => {
      const assetId = idArg("--asset-id", requiredFlag(values, "asset-id"));
      const newOwner = accountAddressArg(requiredFlag(values, "to"));
      const price = oneCoinFlag("price", requiredFlag(values, "price"));
      return { from: fromFlag(values), messages: (owner) => [msgTransferAsset({ owner, assetId, newOwner, price })] };
    },
  },
};
