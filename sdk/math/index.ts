// The client SDK's fixed-point decimals (the Cosmos SDK's LegacyDec, 18 fractional digits, no floats).
export { DEC_ONE, DEC_PRECISION, decFromInt, decMul, decMulInt, decQuo, decTruncate, formatDec, parseDec } from "./dec.js";
