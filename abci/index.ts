export * from "./application.js";
export * from "./framing.js";
export * from "./proposal.js";
export { dispatch } from "./dispatch.js";
export { AbciServer, parseAddress, type AbciServerOptions } from "./server.js";
export { BaseApplication } from "./baseApplication.js";
