// A delivered Cosmos tx's result data: `cosmos.base.abci.v1beta1.TxMsgData` holding each
// message's response as an Any (field 2; field 1 is the deprecated `data`), written by hand as
// protobuf-es's toBinary writes it (every delivered tx builds one; reflection cost ~10 µs).
import type { Any } from "@bufbuild/protobuf/wkt";
import { bytesSize, lenSize, ProtoWriter } from "../../common/protoWriter.js";

const MSG_RESPONSES = 2;

export function encodeTxMsgData(msgResponses: readonly Any[]): Uint8Array {
  const anys = msgResponses.map((any) => {
    const typeUrl = Buffer.from(any.typeUrl, "utf8");
    return { typeUrl, value: any.value, size: bytesSize(1, typeUrl) + bytesSize(2, any.value) };
  });
  const w = new ProtoWriter(anys.reduce((n, a) => n + lenSize(MSG_RESPONSES, a.size), 0));
  for (const a of anys) {
    w.header(MSG_RESPONSES, a.size);
    w.bytes(1, a.typeUrl);
    w.bytes(2, a.value);
  }
  return w.done();
}
