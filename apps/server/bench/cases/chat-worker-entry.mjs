// Worker threads do not inherit the parent's `--import tsx` loader on Node 20: this plain-JS entry
// loads the TypeScript worker through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./chat-worker.ts', import.meta.url);
