// The one CometBFT release this node is built and tested against. Never `@latest`: v1.x speaks
// different protos.
export const COMETBFT_VERSION = "0.38.25";
export const COMETBFT_MODULE = "github.com/cometbft/cometbft/cmd/cometbft";
