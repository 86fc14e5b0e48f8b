// The legacy params module's registered errors: the SDK's x/params codespace and code. The SDK
// registers it without a gRPC status (so its gRPC answer is UNKNOWN, HTTP 500 through its gateway);
// here a subspace that does not exist is NOT_FOUND (HTTP 404).
import { GrpcCode, registerError } from "../../../common/errors.js";
import { MODULE_NAME } from "./keys.js";

export const paramsErrors = {
  unknownSubspace: registerError(MODULE_NAME, 2, "unknown subspace", GrpcCode.NOT_FOUND),
} as const;
