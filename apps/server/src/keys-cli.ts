/** `npm run keys:rotate`: process entry of key-rotation.ts (compiled to dist/keys-cli.js). */
import { runKeyRotation } from './key-rotation.ts';

process.exitCode = await runKeyRotation(process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  return 1;
});
