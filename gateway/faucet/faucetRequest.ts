// The one request the faucet takes: `{"address": "unit1..." | "0x..."}`. Both forms name the same
// 20-byte account, funded by the same bank send. Checked strictly so a typo (bad bech32 or EIP-55
// checksum, wrong prefix) is answered with what is wrong instead of funding nobody.
import { formatAccountAddress, parseAccountAddress } from "../../sdk/crypto/accountAddress.js";
import { formatHexAddress } from "../../sdk/crypto/hexAddress.js";
import { FaucetHttpError } from "./httpErrors.js";

export interface FaucetRequest {
  /** The recipient in the chain's bech32 form, whichever form was sent. */
  address: string;
  /** The same 20 bytes as an EIP-55 0x address: where EVM tools see the funds. */
  evmAddress: string;
}

export function parseFaucetRequest(body: unknown): FaucetRequest {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new FaucetHttpError(400, 'expected a JSON object such as {"address": "unit1..."}');
  const { address } = body as { address?: unknown };
  if (address === undefined) throw new FaucetHttpError(400, 'missing "address": a bech32 (unit1...) or 0x address');
  if (typeof address !== "string") throw new FaucetHttpError(400, '"address" must be a string');
  let bytes: Uint8Array;
  try {
    bytes = parseAccountAddress(address);
  } catch (err) {
    throw new FaucetHttpError(400, `invalid address: ${(err as Error).message}`);
  }
  return { address: formatAccountAddress(bytes), evmAddress: formatHexAddress(bytes) };
}
