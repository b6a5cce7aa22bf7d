/**
 * The realtime domain's door, the one file routes, app.ts and other domains import of it
 * (test/layers.test.ts): rooms: their brokers (PostgreSQL, NATS), presence, the socket protocol,
 * publishing from a backend.
 */
export { default as realtimeData } from './data.js'
export { default as protocol } from './protocol.js'
export { PUBLISH_PERMISSION, createPublishing } from './publishing.js'
export { default as rooms } from './rooms.js'
