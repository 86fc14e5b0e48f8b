// Exported accounts read back as the same records: public keys of both key types, module
// accounts, numbers and sequences, through the JSON text a genesis file carries.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRegistry, toJson } from "@bufbuild/protobuf";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { accAddressToString } from "../../../common/address.js";
import { BaseAccountSchema, ModuleAccountSchema } from "../../../gen/cosmos/auth/v1beta1/auth_pb.js";
import { accountToAny, type Account } from "./accounts.js";
import { isExportedAccount, parseExportedAccount } from "./export.js";
import { PUBKEY_SCHEMAS } from "./pubkey.js";

const registry = createRegistry(BaseAccountSchema, ModuleAccountSchema, ...Object.values(PUBKEY_SCHEMAS));
const key = (first: number, fill: number) => Uint8Array.from([first, ...new Array<number>(32).fill(fill)]);

const accounts: Account[] = [
  { address: new Uint8Array(20).fill(1), accountNumber: 7n, sequence: 3n, pubKey: { algo: "secp256k1", key: key(2, 9) } },
  { address: new Uint8Array(20).fill(2), accountNumber: 8n, sequence: 1n, pubKey: { algo: "eth_secp256k1", key: key(3, 4) } },
  { address: new Uint8Array(20).fill(3), accountNumber: 9n, sequence: 0n },
  { address: new Uint8Array(20).fill(4), accountNumber: 2n, sequence: 0n, module: { name: "distribution", permissions: [] } },
];

test("an exported account, public key included, parses back to the same record", () => {
  for (const account of accounts) {
    const json = JSON.parse(JSON.stringify(toJson(AnySchema, accountToAny(account), { useProtoFieldName: true, registry })));
    assert.ok(isExportedAccount(json));
    if (account.pubKey) assert.match(JSON.stringify(json.pub_key), /"@type":"\/cosmos\.(crypto|evm\.crypto\.v1)\./);
    assert.deepEqual(parseExportedAccount(json, "accounts[0]"), account);
  }
});

test("an account of an unknown type or with an unknown key type names the entry", () => {
  assert.throws(() => parseExportedAccount({ "@type": "/cosmos.crypto.secp256k1.PubKey", key: "AA==" }, "accounts[5]"), /accounts\[5\]: unknown account type/);
  const bad = {
    "@type": "/cosmos.auth.v1beta1.BaseAccount",
    address: accAddressToString(new Uint8Array(20).fill(5)),
    pub_key: { "@type": "/cosmos.crypto.ed25519.PubKey", key: "AA==" },
    account_number: "1",
    sequence: "0",
  };
  assert.throws(() => parseExportedAccount(bad, "accounts[6]"), /accounts\[6\]: .*cosmos\.crypto\.ed25519\.PubKey/);
});
