// The one registry of (codespace, code) pairs. Every module registers its errors here at import
// time; registering a pair twice throws, so two modules can never hand clients the same code for
// different failures. Codes follow the Cosmos SDK's numbering where the SDK has the same error.

/** gRPC status codes (grpc/status.proto), as numbers so this file needs no gRPC import. */
export const GrpcCode = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;
export type GrpcCode = (typeof GrpcCode)[keyof typeof GrpcCode];

const registry = new Map<string, RegisteredError>();

/** One registered failure kind. `wrap` makes a throwable error with call-site context. */
export class RegisteredError {
  constructor(
    readonly codespace: string,
    readonly code: number,
    readonly description: string,
    /** The gRPC status this failure maps to when a query or the tx service returns it. */
    readonly grpcCode: GrpcCode,
  ) {}

  /** An error whose message is `<context>: <description>`, the SDK's wrapping style. */
  wrap(context?: string): AppError {
    return new AppError(this, context ? `${context}: ${this.description}` : this.description);
  }

  /** True when `err` is an AppError of exactly this kind. */
  is(err: unknown): err is AppError {
    return err instanceof AppError && err.kind === this;
  }
}

export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly kind: RegisteredError,
    message: string,
  ) {
    super(message);
  }
  get codespace(): string {
    return this.kind.codespace;
  }
  get code(): number {
    return this.kind.code;
  }
  get grpcCode(): GrpcCode {
    return this.kind.grpcCode;
  }
}

export function registerError(codespace: string, code: number, description: string, grpcCode: GrpcCode = GrpcCode.INVALID_ARGUMENT): RegisteredError {
  if (code === 0) throw new Error(`error code 0 is success and cannot be registered (${codespace})`);
  const key = `${codespace}/${code}`;
  if (registry.has(key)) throw new Error(`error ${key} registered twice ("${registry.get(key)!.description}" and "${description}")`);
  const err = new RegisteredError(codespace, code, description, grpcCode);
  registry.set(key, err);
  return err;
}

/** Every registered error, sorted by codespace then code: for docs and tests. */
export function registeredErrors(): RegisteredError[] {
  return [...registry.values()].sort((a, b) => (a.codespace < b.codespace ? -1 : a.codespace > b.codespace ? 1 : a.code - b.code));
}

const SDK = "sdk";
/** The SDK's root codespace, same codes and descriptions as cosmos-sdk types/errors. */
export const sdkErrors = {
  internal: registerError(SDK, 1, "internal", GrpcCode.INTERNAL),
  txDecode: registerError(SDK, 2, "tx parse error"),
  invalidSequence: registerError(SDK, 3, "invalid sequence"),
  unauthorized: registerError(SDK, 4, "unauthorized", GrpcCode.PERMISSION_DENIED),
  insufficientFunds: registerError(SDK, 5, "insufficient funds"),
  unknownRequest: registerError(SDK, 6, "unknown request"),
  invalidAddress: registerError(SDK, 7, "invalid address"),
  invalidPubKey: registerError(SDK, 8, "invalid pubkey"),
  unknownAddress: registerError(SDK, 9, "unknown address", GrpcCode.NOT_FOUND),
  invalidCoins: registerError(SDK, 10, "invalid coins"),
  outOfGas: registerError(SDK, 11, "out of gas"),
  memoTooLarge: registerError(SDK, 12, "memo too large"),
  insufficientFee: registerError(SDK, 13, "insufficient fee"),
  tooManySignatures: registerError(SDK, 14, "maximum number of signatures exceeded"),
  noSignatures: registerError(SDK, 15, "no signatures supplied"),
  invalidRequest: registerError(SDK, 18, "invalid request"),
  txInMempoolCache: registerError(SDK, 19, "tx already in mempool", GrpcCode.ALREADY_EXISTS),
  txTooLarge: registerError(SDK, 21, "tx too large"),
  keyNotFound: registerError(SDK, 22, "key not found", GrpcCode.NOT_FOUND),
  invalidSigner: registerError(SDK, 24, "tx intended signer does not match the given signer"),
  invalidHeight: registerError(SDK, 26, "invalid height"),
  invalidChainId: registerError(SDK, 28, "invalid chain-id"),
  invalidType: registerError(SDK, 29, "invalid type"),
  txTimeoutHeight: registerError(SDK, 30, "tx timeout height"),
  unknownExtensionOptions: registerError(SDK, 31, "unknown extension options"),
  wrongSequence: registerError(SDK, 32, "incorrect account sequence"),
  unpackAny: registerError(SDK, 34, "failed unpacking protobuf message from Any"),
  logic: registerError(SDK, 35, "internal logic error", GrpcCode.INTERNAL),
  notSupported: registerError(SDK, 37, "feature not supported", GrpcCode.UNIMPLEMENTED),
  notFound: registerError(SDK, 38, "not found", GrpcCode.NOT_FOUND),
  invalidGasLimit: registerError(SDK, 41, "invalid gas limit"),
  panic: registerError("undefined", 111222, "panic", GrpcCode.INTERNAL),
} as const;

/** The (codespace, code, log) of a failed tx or query, from any thrown value. */
export function errorResult(err: unknown): { codespace: string; code: number; log: string } {
  if (err instanceof AppError) return { codespace: err.codespace, code: err.code, log: err.message };
  return { codespace: sdkErrors.panic.codespace, code: sdkErrors.panic.code, log: `panic: ${(err as Error)?.message ?? String(err)}` };
}
