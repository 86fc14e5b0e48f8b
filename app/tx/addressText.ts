// Account addresses in bech32, both ways, remembered. A bank send names the same few addresses
// in a dozen event attributes and reads and writes its accounts (whose stored form holds the
// address text) in every pass a tx makes (CheckTx, proposal checks, FinalizeBlock): each bech32
// conversion costs a checksum over the text, several µs. The conversions are pure functions of
// their input, so remembering them changes no result. Bounded, oldest out first (memo.ts);
// a text that does not parse is not remembered and fails exactly as common/address.ts says.
import { accAddressToString, parseAccAddress } from "../../common/address.js";
import { Memo } from "../../common/memo.js";

const CAPACITY = 50_000;
const texts = new Memo<string, string>(CAPACITY);
const addresses = new Memo<string, Uint8Array>(CAPACITY);

/** `accAddressToString`, remembered. */
export function accountText(address: Uint8Array): string {
  const key = Buffer.from(address.buffer, address.byteOffset, address.byteLength).toString("latin1");
  let text = texts.get(key);
  if (text === undefined) {
    text = accAddressToString(address);
    texts.set(key, text);
  }
  return text;
}

/** `parseAccAddress`, remembered; each caller gets its own copy of the bytes. */
export function accountAddress(text: string, field = "address"): Uint8Array {
  let address = addresses.get(text);
  if (address === undefined) {
    address = parseAccAddress(text, field);
    addresses.set(text, address.slice());
  }
  return address.slice();
}
