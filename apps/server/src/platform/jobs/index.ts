/** Small building blocks for the background workers. */
export { coalescedPasses } from './coalesced-passes.js';
export { startPeriodicSweep } from './periodic-sweep.js';
export { startRepeatingPass } from './repeating-pass.js';
