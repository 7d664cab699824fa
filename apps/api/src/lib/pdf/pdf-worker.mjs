// Run from the sources (tests, tsx): load the TypeScript entry through tsx's API. The build compiles
// pdf-worker.ts to dist/pdf-worker.mjs in this file's place (scripts/build-api.mjs).
import { tsImport } from 'tsx/esm/api';

await tsImport('./pdf-worker.ts', import.meta.url);
