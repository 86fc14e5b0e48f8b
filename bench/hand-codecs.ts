/**
 * The protobuf a bank send passes through on its way through the app, each step timed with
 * protobuf-es's reflection (the reference) and with the hand-written code the app uses, in the
 * same process in alternating rounds, so both see the same machine at the same moments:
 * reading the tx (TxRaw, TxBody, AuthInfo: app/tx/commonTxShape.ts), the CheckTx request and
 * response (abci/requestDecoding.ts, responseEncoding.ts), the SignDoc a signature covers
 * (app/modules/auth/signatures.ts) and the delivered tx's TxMsgData (app/tx/txMsgData.ts).
 *
 *   npm run bench -- hand-codecs [--rounds 12] [--ops 4000]
 */
import { parseArgs } from "node:util";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { positiveIntFlag } from "./args.js";
import { median } from "./stats.js";
import * as abci from "../gen/tendermint/abci/types_pb.js";
import { AuthInfoSchema, SignDocSchema, TxBodySchema, TxRawSchema } from "../gen/cosmos/tx/v1beta1/tx_pb.js";
import { TxMsgDataSchema } from "../gen/cosmos/base/abci/v1beta1/abci_pb.js";
import { decodeRequest } from "../abci/requestDecoding.js";
import { encodeCheckTxResponse } from "../abci/responseEncoding.js";
import { readCommonAuthInfo, readCommonTxBody, readCommonTxRaw } from "../app/tx/commonTxShape.js";
import { signBytes } from "../app/modules/auth/signatures.js";
import { encodeTxMsgData } from "../app/tx/txMsgData.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { signerFromPrivateKey } from "../sdk/keys/signerFromPrivateKey.js";
import { msgSend, signTx } from "../sdk/tx/index.js";

const { values: args } = parseArgs({ options: { rounds: { type: "string", default: "12" }, ops: { type: "string", default: "4000" } } });
const rounds = positiveIntFlag(args.rounds, "rounds");
const ops = positiveIntFlag(args.ops, "ops");

// One bank send as the load of the bank-send benchmark signs it.
const signer = signerFromPrivateKey(new Uint8Array(32).fill(0x21), "secp256k1");
const from = formatAccountAddress(signer.address);
const { txBytes } = await signTx({
  signer,
  messages: [msgSend({ fromAddress: from, toAddress: formatAccountAddress(new Uint8Array(20).fill(7)), amount: [{ denom: "uunit", amount: "1" }] })],
  fee: { amount: [{ denom: "uunit", amount: "5000" }], gasLimit: 200_000n },
  chainId: "unit_2611-1",
  accountNumber: 12n,
  sequence: 41n,
});
const raw = fromBinary(TxRawSchema, txBytes);
const frame = toBinary(abci.RequestSchema, create(abci.RequestSchema, { value: { case: "checkTx", value: { tx: txBytes, type: abci.CheckTxType.NEW } } }));
const checkTxResult = { gasWanted: 200_000n, gasUsed: 61_234n };
const msgResponses = [{ $typeName: "google.protobuf.Any" as const, typeUrl: "/cosmos.bank.v1beta1.MsgSendResponse", value: new Uint8Array() }];

interface Step {
  name: string;
  library: () => unknown;
  ours: () => unknown;
}

const steps: Step[] = [
  {
    name: "read the tx: TxRaw, TxBody, AuthInfo",
    library: () => [fromBinary(TxRawSchema, txBytes), fromBinary(TxBodySchema, raw.bodyBytes), fromBinary(AuthInfoSchema, raw.authInfoBytes)],
    ours: () => [readCommonTxRaw(txBytes), readCommonTxBody(raw.bodyBytes), readCommonAuthInfo(raw.authInfoBytes)],
  },
  { name: "decode the CheckTx request", library: () => fromBinary(abci.RequestSchema, frame), ours: () => decodeRequest(frame) },
  {
    name: "encode the CheckTx response",
    library: () => toBinary(abci.ResponseSchema, create(abci.ResponseSchema, { value: { case: "checkTx", value: checkTxResult } })),
    ours: () => encodeCheckTxResponse(checkTxResult),
  },
  {
    name: "SignDoc sign bytes",
    library: () =>
      toBinary(
        SignDocSchema,
        create(SignDocSchema, { bodyBytes: raw.bodyBytes, authInfoBytes: raw.authInfoBytes, chainId: "unit_2611-1", accountNumber: 12n }),
      ),
    ours: () => signBytes(raw.bodyBytes, raw.authInfoBytes, "unit_2611-1", 12n),
  },
  {
    name: "TxMsgData of a delivered send",
    library: () => toBinary(TxMsgDataSchema, create(TxMsgDataSchema, { msgResponses })),
    ours: () => encodeTxMsgData(msgResponses),
  },
];

function time(run: () => unknown): number {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < ops; i++) if (run() === undefined) throw new Error("a step gave nothing");
  return Number(process.hrtime.bigint() - t0) / 1000 / ops;
}

console.log(`One bank send's protobuf, ${rounds} alternating rounds of ${ops} operations per step (medians of the rounds)\n`);
console.log("| step | protobuf-es µs | ours µs | ours / protobuf-es |");
console.log("| --- | ---: | ---: | ---: |");
let totalLibrary = 0;
let totalOurs = 0;
for (const step of steps) {
  // Untimed: the JIT compiles both paths.
  time(step.library);
  time(step.ours);
  const times = { library: [] as number[], ours: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    times.library.push(time(step.library));
    times.ours.push(time(step.ours));
  }
  const lib = median(times.library);
  const our = median(times.ours);
  totalLibrary += lib;
  totalOurs += our;
  console.log(`| ${step.name} | ${lib.toFixed(2)} | ${our.toFixed(2)} | ${((100 * our) / lib).toFixed(0)} % |`);
}
console.log(`| **all five** | **${totalLibrary.toFixed(2)}** | **${totalOurs.toFixed(2)}** | **${((100 * totalOurs) / totalLibrary).toFixed(0)} %** |\n`);
