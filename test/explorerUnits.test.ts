// The explorer's DOM-free parts in Node: how amounts, times and hashes read, what the search box
// makes of each kind of input, how a tx's bytes are told apart and named, Ethereum tx fields read
// back from txs that ethers signed, and the quoting of typed-event queries.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { Transaction, Wallet, keccak256 } from "ethers";
import {
  bytesToBase64,
  base64ToBytes,
  formatBps,
  formatCoin,
  formatDecCoin,
  formatTime,
  formatUnits,
  hexToBytes,
  percent,
  shortHash,
  timeAgo,
} from "../explorer/format.js";
import { searchPath } from "../explorer/search.js";
import { cometHash, ethHash, messageLabel, txKind, txSummary } from "../explorer/api/txs.js";
import { decodeEthTx } from "../explorer/api/ethTx.js";
import { typedEventTerm, typedEventValues } from "../explorer/pages/events.js";
import { signerFromMnemonic } from "../sdk/keys/signerFromMnemonic.js";
import { FAUCET_TEST_MNEMONIC } from "../common/node/testKeys.js";
import { formatAccountAddress, formatValidatorAddress, toHexAddress } from "../sdk/crypto/accountAddress.js";
import { msgSend, signTx } from "../sdk/tx/index.js";
import { msgIssueCredential } from "../sdk/tx/identityMessages.js";

test("amounts: 6 decimals for uunit, 18 for aunit, thousands separated, trailing zeros dropped", () => {
  assert.equal(formatUnits("1234567890", 6), "1,234.56789");
  assert.equal(formatUnits("5", 6), "0.000005");
  assert.equal(formatUnits("0", 6), "0");
  assert.equal(formatUnits(1_500_000_000_000_000_000n, 18), "1.5");
  assert.equal(formatUnits("-2500000", 6), "-2.5");
  assert.equal(formatUnits("not a number", 6), "not a number");
  assert.equal(formatCoin({ denom: "uunit", amount: "100000" }), "0.1 UNIT");
  assert.equal(formatCoin({ denom: "aunit", amount: "1000000000000" }), "0.000001 UNIT");
  assert.equal(formatCoin({ denom: "ibc/ABC", amount: "7" }), "7 ibc/ABC");
  assert.equal(formatDecCoin({ denom: "uunit", amount: "132300.420000000000000000" }), "0.1323 UNIT");
  assert.equal(formatBps(250), "2.5 %");
  assert.equal(percent(1n, 3n), "33.3 %");
  assert.equal(percent(5n, 0n), "0 %");
});

test("hashes, bytes and times", () => {
  assert.equal(shortHash("ABCDEF0123456789ABCDEF"), "ABCDEF01…ABCDEF");
  assert.equal(shortHash("short"), "short");
  assert.deepEqual(hexToBytes("0x00ff10"), new Uint8Array([0, 255, 16]));
  assert.throws(() => hexToBytes("0xabc"), /not hex/);
  const bytes = new Uint8Array([0, 1, 2, 250, 251, 255]);
  assert.deepEqual(base64ToBytes(bytesToBase64(bytes)), bytes);
  assert.equal(bytesToBase64(bytes), Buffer.from(bytes).toString("base64"));
  assert.equal(formatTime("2026-01-02T03:04:05.123456789Z"), "2026-01-02 03:04:05 UTC");
  const now = Date.parse("2026-01-02T03:04:05Z");
  assert.equal(timeAgo("2026-01-02T03:04:01Z", now), "4 s ago");
  assert.equal(timeAgo("2026-01-02T02:59:00Z", now), "5 min ago");
  assert.equal(timeAgo("2026-01-02T01:00:00Z", now), "2 h ago");
  assert.equal(timeAgo("2025-12-30T00:00:00Z", now), "3 d ago");
  assert.equal(timeAgo("garbage", now), "");
});

test("the search box: each kind of input leads to its page, anything else to a reason", () => {
  const account = formatAccountAddress(new Uint8Array(20).fill(0xab));
  const hex = toHexAddress(account);
  const valoper = formatValidatorAddress(new Uint8Array(20).fill(7));
  const cosmos = "AB".repeat(32);
  const eth = "0x" + "cd".repeat(32);
  const cases: [string, string][] = [
    ["12", "search/12"],
    [" #12 ", "search/12"],
    ["block 12", "block/12"],
    ["height:12", "block/12"],
    ["credential 3", "credential/3"],
    ["Cred#3", "credential/3"],
    ["asset 0007", "asset/7"],
    ["election 2", "election/2"],
    ["proposal 1", "proposal/1"],
    [cosmos.toLowerCase(), `tx/${cosmos}`],
    [eth.toUpperCase().replace("0X", "0x"), `tx/${eth}`],
    [account, `account/${account}`],
    [account.toUpperCase(), `account/${account}`],
    [hex, `account/${hex}`],
    [hex.toLowerCase(), `account/${hex.toLowerCase()}`],
    [valoper, `validator/${valoper}`],
  ];
  for (const [query, path] of cases) assert.deepEqual(searchPath(query), { path }, query);
  const error = (query: string) => {
    const result = searchPath(query);
    assert.ok("error" in result, query);
    return result.error;
  };
  assert.match(error(""), /type a height/);
  assert.match(error("hello"), /nothing to look up for "hello"/);
  assert.match(error(account.slice(0, -1) + (account.endsWith("q") ? "p" : "q")), /checksum|invalid/i);
  assert.match(error(hex.slice(0, 2) + hex.slice(2, 10).toLowerCase() + hex.slice(10, 20).toUpperCase() + hex.slice(20)), /checksum/);
  assert.match(error("7".repeat(40)), /starts with 0x/);
  assert.match(error("widget 5"), /nothing to look up/);
});

test("a tx's bytes: Cosmos or Ethereum, both names, and what its messages do", async () => {
  const signer = signerFromMnemonic(FAUCET_TEST_MNEMONIC);
  const from = formatAccountAddress(signer.address);
  const { txBytes } = await signTx({
    signer,
    messages: [
      msgSend({ fromAddress: from, toAddress: from, amount: [{ denom: "uunit", amount: "1" }] }),
      msgIssueCredential({ issuer: from, subject: from, credentialType: "kyc", credentialHash: `0x${"ab".repeat(32)}` }),
    ],
    fee: { amount: [{ denom: "uunit", amount: "5000" }], gasLimit: 200_000n },
    chainId: "unit_2611-1",
    accountNumber: 0n,
    sequence: 0n,
  });
  assert.equal(txKind(txBytes), "cosmos");
  assert.equal(cometHash(txBytes), createHash("sha256").update(txBytes).digest("hex").toUpperCase());
  assert.equal(txSummary(txBytes), "bank · Send, identity · IssueCredential");
  assert.equal(messageLabel("/cosmos.staking.v1beta1.MsgDelegate"), "staking · Delegate");

  const wallet = new Wallet("0x" + "4d".repeat(32));
  const raw = await wallet.signTransaction({
    type: 2,
    chainId: 2611,
    nonce: 3,
    to: `0x${"7a".repeat(20)}`,
    value: 10n ** 18n,
    gasLimit: 21_000,
    maxFeePerGas: 9n,
    maxPriorityFeePerGas: 1n,
  });
  const ethBytes = Buffer.from(raw.slice(2), "hex");
  assert.equal(txKind(ethBytes), "ethereum");
  assert.equal(ethHash(ethBytes), keccak256(raw));
  assert.equal(txSummary(ethBytes), "evm · Ethereum tx");
  assert.equal(txKind(new Uint8Array([0x03, 1])), "unknown", "blob txs are not accepted by the chain");
  assert.equal(txKind(new Uint8Array()), "unknown");
});

test("Ethereum tx fields read back from txs ethers signed: EIP-1559, EIP-2930, legacy, a creation", async () => {
  const wallet = new Wallet("0x" + "4d".repeat(32));
  const to = `0x${"7a".repeat(20)}`;
  const txs = [
    { type: 2, chainId: 2611, nonce: 3, to, value: 12345n, gasLimit: 50_000, maxFeePerGas: 900n, maxPriorityFeePerGas: 7n, data: "0xabcdef" },
    { type: 1, chainId: 2611, nonce: 4, to, value: 0n, gasLimit: 60_000, gasPrice: 800n, data: "0x" },
    { type: 0, chainId: 2611, nonce: 5, to, value: 1n, gasLimit: 21_000, gasPrice: 700n },
    { type: 2, chainId: 2611, nonce: 6, to: null, value: 0n, gasLimit: 300_000, maxFeePerGas: 10n, maxPriorityFeePerGas: 1n, data: "0x6080" },
  ];
  for (const tx of txs) {
    const raw = await wallet.signTransaction(tx);
    const decoded = decodeEthTx(Buffer.from(raw.slice(2), "hex"));
    const expected = Transaction.from(raw);
    assert.equal(decoded.type, expected.type, raw);
    assert.equal(decoded.chainId, 2611n);
    assert.equal(decoded.nonce, BigInt(expected.nonce));
    assert.equal(decoded.gasLimit, expected.gasLimit);
    assert.equal(decoded.value, expected.value);
    assert.equal(decoded.to, expected.to?.toLowerCase());
    assert.equal(decoded.input, expected.data);
    assert.equal(decoded.gasPrice, expected.type === 2 ? undefined : expected.gasPrice);
    assert.equal(decoded.maxFeePerGas, expected.type === 2 ? expected.maxFeePerGas : undefined);
  }
  assert.throws(() => decodeEthTx(new Uint8Array([0x05, 0xc0])), /not an Ethereum tx type/);
});

test("typed-event queries quote string values as the chain's JSON attributes hold them", () => {
  assert.equal(typedEventTerm("chain.identity.EventCredentialIssued", "subject", "unit1abc"), `chain.identity.EventCredentialIssued.subject='"unit1abc"'`);
  assert.equal(typedEventTerm("t", "k", "it's"), `t.k='"it\\'s"'`);
  const tx = (attributes: { key: string; value: string }[]) => ({
    hash: "",
    height: "1",
    index: 0,
    tx: new Uint8Array(),
    result: { code: 0, codespace: "", log: "", gasWanted: "0", gasUsed: "0", events: [{ type: "chain.identity.EventCredentialIssued", attributes }] },
  });
  assert.deepEqual(
    typedEventValues(
      [tx([{ key: "credential_id", value: '"4"' }]), tx([{ key: "credential_id", value: "5" }]), tx([{ key: "other", value: "1" }])],
      "chain.identity.EventCredentialIssued",
      "credential_id",
    ),
    ["4", "5"],
  );
  const twoInOneTx = tx([
    { key: "credential_id", value: '"6"' },
    { key: "credential_hash", value: '"0xaa"' },
  ]);
  twoInOneTx.result.events.push({
    type: "chain.identity.EventCredentialIssued",
    attributes: [
      { key: "credential_id", value: '"7"' },
      { key: "credential_hash", value: '"0xbb"' },
    ],
  });
  assert.deepEqual(
    typedEventValues([twoInOneTx], "chain.identity.EventCredentialIssued", "credential_id", { key: "credential_hash", value: "0xbb" }),
    ["7"],
    "only the event that matches",
  );
});
