/**
 * The Latchkey browser SDK: `import { createClient } from 'latchkey/client'`, or from the
 * service itself, `import { createClient } from 'https://auth.example.com/client/latchkey.js'`.
 */
export { createClient, type ClientOptions, type LatchkeyClient } from './client.js'
export { LatchkeyError } from './errors.js'
export {
  LatchkeySocket, type JoinOptions, type PresentUser, type RoomEvent, type RoomJoined, type RoomLeft, type SocketError, type SocketOptions, type SocketStatus
} from './socket.js'
export type * from './types.js'
