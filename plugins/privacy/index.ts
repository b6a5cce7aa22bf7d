/**
 * The privacy domain's door, the one file routes, app.ts and other domains import of it
 * (test/layers.test.ts): deleting, erasing and exporting accounts on the accounts' registry (the
 * endpoints, the CLI, the mailed export).
 */
export { eraseOrExport } from './cli.js'
export { default as privacy, sendExport } from './privacy.js'
