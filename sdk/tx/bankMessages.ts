// Bank messages as Anys ready for a tx body. Addresses are bech32 strings, as in the SDK's protos.
import type { Any } from "@bufbuild/protobuf/wkt";
import { MsgSendSchema } from "../../gen/cosmos/bank/v1beta1/tx_pb.js";
import type { Coin } from "./coins.js";
import { packAny } from "./registry.js";

export interface MsgSendInput {
  fromAddress: string;
  toAddress: string;
  amount: Coin[];
}

/** `/cosmos.bank.v1beta1.MsgSend` packed in an Any. */
export function msgSend(input: MsgSendInput): Any {
  if (input.amount.length === 0) throw new Error("a bank send needs a positive amount");
  return packAny(MsgSendSchema, input);
}
