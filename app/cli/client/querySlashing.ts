// `unitd query slashing params|signing-info|signing-infos`
import { sha256 } from "@noble/hashes/sha2.js";
import { Query } from "../../../gen/cosmos/slashing/v1beta1/query_pb.js";
import { decodeBech32, encodeBech32 } from "../../../sdk/crypto/bech32.js";
import { BECH32_PREFIX_CONSENSUS } from "../../../sdk/crypto/prefixes.js";
import { expectPositionals, UsageError } from "./cliArgs.js";
import { MODULE_QUERY_OPTIONS, pageRequest, parseModuleQuery, queryAndPrint } from "./queryPrint.js";

export const SLASHING_QUERY_USAGE = `  slashing params                             liveness window, min signed, jail duration, slash fractions
  slashing signing-info <unitvalcons1...|pubkey-json>
                                              a validator's signing record (the pubkey as
                                              {"@type":"/cosmos.crypto.ed25519.PubKey","key":"<base64>"})
  slashing signing-infos                      every validator's signing record`;

const QUERIES = "params, signing-info or signing-infos";
const ED25519_TYPES = ["/cosmos.crypto.ed25519.PubKey", "tendermint/PubKeyEd25519"];

/**
 * A consensus address from `unitvalcons1...`, or from a consensus public key as JSON: the SDK
 * CLI's {"@type":"/cosmos.crypto.ed25519.PubKey","key":...} or CometBFT's {"type":"tendermint/PubKeyEd25519","value":...}
 * (priv_validator_key.json's pub_key). The address is the first 20 bytes of sha256 of the key.
 */
export function consAddressArg(text: string): string {
  if (!text.trim().startsWith("{")) {
    try {
      decodeBech32(text, { prefix: BECH32_PREFIX_CONSENSUS, length: 20 });
    } catch (err) {
      throw new UsageError(
        `"${text.slice(0, 100)}" is not a consensus address (${BECH32_PREFIX_CONSENSUS}1...) or a public key JSON: ${(err as Error).message}`,
      );
    }
    return text;
  }
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch (err) {
    throw new UsageError(`the public key is not JSON: ${(err as Error).message}`);
  }
  const type = json["@type"] ?? json.type;
  const key = json.key ?? json.value;
  if (typeof type !== "string" || !ED25519_TYPES.includes(type) || typeof key !== "string")
    throw new UsageError(`expected an ed25519 public key such as {"@type":"${ED25519_TYPES[0]}","key":"<base64>"}`);
  const bytes = Buffer.from(key, "base64");
  if (bytes.length !== 32 || bytes.toString("base64") !== key) throw new UsageError("an ed25519 public key is the base64 of 32 bytes");
  return encodeBech32(BECH32_PREFIX_CONSENSUS, sha256(bytes).subarray(0, 20));
}

export async function runQuerySlashing(args: string[]): Promise<number> {
  const [what, ...rest] = args;
  const { values, positionals, output, rpc, height } = parseModuleQuery(rest, MODULE_QUERY_OPTIONS);
  switch (what) {
    case "params":
      expectPositionals(positionals, [], "unitd query slashing params");
      return queryAndPrint(rpc, Query.method.params, {}, output, { height });
    case "signing-info": {
      const [arg] = expectPositionals(positionals, ["cons-address-or-pubkey"], "unitd query slashing signing-info <unitvalcons1...|pubkey-json>");
      const consAddress = consAddressArg(arg!);
      return queryAndPrint(rpc, Query.method.signingInfo, { consAddress }, output, { height, notFound: `no signing info for ${consAddress}` });
    }
    case "signing-infos":
      expectPositionals(positionals, [], "unitd query slashing signing-infos");
      return queryAndPrint(rpc, Query.method.signingInfos, { pagination: pageRequest(values) }, output, { height });
    default:
      throw new UsageError(what === undefined ? `missing slashing query: ${QUERIES}` : `unknown slashing query "${what}": expected ${QUERIES}`);
  }
}
