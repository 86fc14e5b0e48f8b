// `npm start` and `npm run devnet`: brings dist/ up to date (scripts/build.mjs; nothing runs on
// an unchanged tree), then runs `unitd` with this script's arguments in the same process, as
// bin/unitd.js runs it, which saves the start-up of a second Node.
// Usage: node scripts/unitd.mjs <unitd arguments>
import { build } from "./build.mjs";

build();
// unitd reads its arguments from process.argv, after the script's path, as when run itself.
await import("../bin/unitd.js");
