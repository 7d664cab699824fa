// Worker threads do not inherit the tsx loader on Node 20: load the TypeScript entry through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./parse-worker.ts', import.meta.url);
