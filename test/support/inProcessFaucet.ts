// The faucet's app in-process over real HTTP, for tests that need test funds on a LocalNode
// (test/faucet.test.ts covers the faucet's own process): the genesis faucet key, 5000uunit fees,
// 5 requests per address and 50 per IP an hour.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { FAUCET_TEST_MNEMONIC } from "../../common/node/testKeys.js";
import type { CometRpcClient } from "../../sdk/client/cometRpcClient.js";
import { signerFromMnemonic } from "../../sdk/keys/signerFromMnemonic.js";
import { FaucetSender } from "../../gateway/faucet/faucetSender.js";
import { createFaucetApp } from "../../gateway/faucet/server.js";
import { SlidingWindowLimiter } from "../../gateway/faucet/slidingWindowLimiter.js";

export interface InProcessFaucet {
  /** `http://127.0.0.1:<port>` */
  url: string;
  close(): void;
}

/** Serves the faucet on a free loopback port, paying `uunit` per request. */
export async function startInProcessFaucet(rpc: CometRpcClient, uunit: bigint): Promise<InProcessFaucet> {
  const windowMs = 3_600_000;
  const amount = [{ denom: "uunit", amount: uunit.toString() }];
  const sender = new FaucetSender({
    rpc,
    signer: signerFromMnemonic(FAUCET_TEST_MNEMONIC),
    amount,
    fee: { amount: [{ denom: "uunit", amount: "5000" }], gasLimit: 200_000n },
  });
  const app = createFaucetApp({
    sender,
    amount,
    bodyLimitBytes: 4096,
    limits: { windowMs, perAddress: new SlidingWindowLimiter({ limit: 5, windowMs }), perIp: new SlidingWindowLimiter({ limit: 50, windowMs }) },
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
