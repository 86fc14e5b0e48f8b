// The faucet process: `node dist/gateway/faucet/main.js [--home <dir>] [flags]` (see --help).
// `unitd start` runs it once CometBFT is up; it can also run on its own against any node.
import http from "node:http";
import { createLogger } from "../../app/logger.js";
import { CometRpcClient } from "../../sdk/client/cometRpcClient.js";
import { signerFromMnemonic } from "../../sdk/keys/signerFromMnemonic.js";
import { formatCoins } from "../../sdk/tx/coins.js";
import { FAUCET_USAGE, parseFaucetArgs, type FaucetConfig } from "./config.js";
import { FaucetSender } from "./faucetSender.js";
import { createFaucetApp } from "./server.js";
import { SlidingWindowLimiter } from "./slidingWindowLimiter.js";

const logger = createLogger("faucet");

let config: FaucetConfig;
try {
  const parsed = parseFaucetArgs(process.argv.slice(2));
  if (parsed === "help") {
    process.stdout.write(FAUCET_USAGE);
    process.exit(0);
  }
  config = parsed;
} catch (err) {
  process.stderr.write(`faucet: ${(err as Error).message}\n\n${FAUCET_USAGE}`);
  process.exit(1);
}

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

const server = http.createServer(app.callback());
// Slow clients must not hold connections forever.
server.requestTimeout = 30_000;
server.headersTimeout = 10_000;
server.on("error", (err: NodeJS.ErrnoException) => {
  logger.fatal({ err: err.message }, `cannot listen on ${config.host}:${config.port}${err.code === "EADDRINUSE" ? " (port in use)" : ""}`);
  process.exit(1);
});
server.listen(config.port, config.host, () => {
  const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}`;
  logger.info({ url, address: sender.address, amount: formatCoins(config.amount), node: config.nodeUrl }, `faucet listening on ${url}`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    logger.info({ signal }, "stopping faucet");
    // Let requests in flight get their answer (a signed tx may already be on its way), but not forever.
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
