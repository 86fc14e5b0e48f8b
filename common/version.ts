// Identity of this application as reported to CometBFT in Info.
export const APP_NAME = "unit";
export const APP_SEMVER = "0.1.0";
/** The protocol version of the state machine; bumps only with a coordinated upgrade. */
export const APP_PROTOCOL_VERSION = 1n;
