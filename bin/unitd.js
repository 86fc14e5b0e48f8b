#!/usr/bin/env node
// Runs the compiled command (npm run build first).
import "../dist/app/cli/unitd.js";
