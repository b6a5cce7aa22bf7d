/**
 * The posts domain's door, the one file routes, app.ts and other domains import of it
 * (test/layers.test.ts): posts and their publication into rooms.
 */
export { default as posts, postsDataPlugin } from './posts.js'
export type { PublishSteps } from './posts.js'
