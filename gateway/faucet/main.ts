// The faucet process: `node dist/gateway/faucet/main.js [--home <dir>] [flags]` (see --help).
// `unitd start` runs it once CometBFT is up; it can also run on its own against any node.
import { createLogger } from "../../common/logger.js";
import { CometRpcClient } from "../../sdk/client/cometRpcClient.js";
import { signerFromMnemonic } from "../../sdk/keys/signerFromMnemonic.js";
import { formatCoins } from "../../sdk/tx/coins.js";
import { FAUCET_USAGE, parseFaucetArgs, type FaucetConfig } from "./config.js";
import { FaucetSender } from "./faucetSender.js";
import { createFaucetApp } from "./server.js";
import { SlidingWindowLimiter } from "./slidingWindowLimiter.js";
import { parseFlagsOrExit, serveHttp } from "../../common/http/httpProcess.js";

const logger = createLogger("faucet");

const config: FaucetConfig = parseFlagsOrExit("faucet", FAUCET_USAGE, parseFaucetArgs);

const sender = new FaucetSender({
  rpc: new CometRpcClient(config.nodeUrl),
  signer: signerFromMnemonic(config.mnemonic),
  amount: config.amount,
  fee: { amount: config.fees, gasLimit: config.gasLimit },
  logger,
});
if (config.testMnemonic) logger.warn({ address: sender.address }, "using the public test mnemonic: fine for a local chain, never for a shared one");

const app = createFaucetApp({
  sender,
  amount: config.amount,
  limits: {
    perAddress: new SlidingWindowLimiter({ limit: config.perAddressLimit, windowMs: config.windowMs }),
    perIp: new SlidingWindowLimiter({ limit: config.perIpLimit, windowMs: config.windowMs }),
    windowMs: config.windowMs,
  },
  bodyLimitBytes: config.bodyLimitBytes,
  trustProxy: config.trustProxy,
  cors: config.cors,
  logger,
});

// Requests in flight get their answer after a stop signal (a signed tx may be on its way), but not forever.
serveHttp({
  name: "faucet",
  app,
  host: config.host,
  port: config.port,
  logger,
  requestTimeoutMs: 30_000,
  maxConnections: config.maxConnections,
  drainMs: 5000,
  details: { address: sender.address, amount: formatCoins(config.amount), node: config.nodeUrl },
});
