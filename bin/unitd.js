#!/usr/bin/env node
// Runs the compiled command (npm run build first), from its bundle unless that is out of date.
import { pathToFileURL } from "node:url";
import { runnableModule } from "../dist/common/node/entryPoints.js";

await import(pathToFileURL(runnableModule("app/cli/unitd")).href);
