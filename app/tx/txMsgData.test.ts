import { test } from "node:test";
import assert from "node:assert/strict";
import { create, toBinary } from "@bufbuild/protobuf";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { TxMsgDataSchema } from "../../gen/cosmos/base/abci/v1beta1/abci_pb.js";
import { prng } from "../../test/support/prng.js";
import { encodeTxMsgData } from "./txMsgData.js";

test("TxMsgData is written as protobuf-es writes it: empty, empty responses, long and non-ASCII type URLs", () => {
  const rand = prng(271126);
  const any = (typeUrl: string, length: number) => create(AnySchema, { typeUrl, value: Uint8Array.from({ length }, () => Math.floor(rand() * 256)) });
  const cases = [
    [],
    [any("/cosmos.bank.v1beta1.MsgSendResponse", 0)],
    [any("", 0), any("", 3)],
    [any("/chain.registry.v1.MsgRegisterResponse", 300), any("/ü.✓", 127), any("/x".repeat(100), 128)],
    ...Array.from({ length: 100 }, () => Array.from({ length: Math.floor(rand() * 4) }, (_, i) => any(`/t.${i}`, Math.floor(rand() * 200)))),
  ];
  for (const msgResponses of cases) {
    const expected = toBinary(TxMsgDataSchema, create(TxMsgDataSchema, { msgResponses }));
    assert.equal(Buffer.from(encodeTxMsgData(msgResponses)).toString("hex"), Buffer.from(expected).toString("hex"));
  }
});
