import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import { isPlainObject } from '../core/objects.js'
import { ACCOUNT_TYPES, type OrgClaim } from '../accounts/index.js'
import { CLOSE_UNAUTHORIZED } from './rooms.js'
import { createFrames } from './frames.js'

declare module 'fastify' {
  interface FastifyInstance { sockets: ReturnType<typeof createSocketProtocol> }
}


/** The JSON protocol of /v1/ws (docs/websocket.md). */
export function createSocketProtocol (app: FastifyInstance) {
  const { sessions, rooms, config } = app
  const { onFrame } = createFrames(app)
  const kind = ACCOUNT_TYPES.user

  function send (socket: WebSocket, message: Record<string, unknown>) {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
  }

  function reject (socket: WebSocket, request: FastifyRequest) {
    send(socket, { type: 'error', error: 'UNAUTHORIZED', message: request.t('GLOBAL[unauthorized]') })
    socket.close(CLOSE_UNAUTHORIZED, 'UNAUTHORIZED')
  }

  function parse (data: unknown): Record<string, unknown> | null {
    try {
      const message = JSON.parse(String(data))
      return isPlainObject(message) ? message : null
    } catch {
      return null
    }
  }

  return {
    /**
     * A new connection: authenticated by the upgrade's Authorization header when given,
     * otherwise by a first frame `{"type":"auth","token"}` within WS_AUTH_TIMEOUT. Frames that
     * arrive while a token, or the join of an org room, is being checked are kept and handled
     * in order afterwards. The socket lives as long as its access token: it is closed with 4401
     * when the token expires, unless a fresh `auth` frame of the same user came first, and when
     * its session family is revoked; every such close follows an UNAUTHORIZED frame in the
     * socket's language.
     */
    handle (socket: WebSocket, request: FastifyRequest) {
      let state: 'waiting' | 'authenticating' | 'checking' | 'ready' | 'closed' = 'waiting'
      let userId = ''
      let org: OrgClaim | undefined
      const queued: unknown[] = []
      let expiry: NodeJS.Timeout | undefined

      function close () {
        state = 'closed'
        reject(socket, request)
      }

      /** Closes the socket when the token expires (setTimeout cannot wait more than ~24.8 days). */
      function expireAt (seconds: number) {
        clearTimeout(expiry)
        const wait = seconds * 1000 - Date.now()
        expiry = setTimeout(() => wait > MAX_TIMER ? expireAt(seconds) : close(), Math.min(Math.max(wait, 0), MAX_TIMER))
      }

      async function authenticate (token: string | null) {
        state = 'authenticating'
        const account = token ? await sessions.authenticate(kind, token, null).catch(() => null) : null
        if (socket.readyState !== socket.OPEN) return
        // A token of another user on an authenticated socket is refused like a bad one.
        if (!account || (userId && account.id !== userId)) return close()
        expireAt(account.expiresAt)
        org = account.org
        if (userId) {
          rooms.setFamily(socket, account.sessionId)
        } else {
          userId = account.id
          rooms.attach(socket, userId, account.sessionId, close)
        }
        send(socket, { type: 'authenticated', userId })
        resume()
      }

      /** Handles the frames kept meanwhile; an auth frame or an org room's join among them holds the ones after it again. */
      function resume () {
        state = 'ready'
        while (state === 'ready' && queued.length) onMessage(queued.shift())
      }

      function tokenOf (message: Record<string, unknown> | null): string | null {
        return message?.type === 'auth' && typeof message.token === 'string' ? message.token : null
      }

      function onMessage (data: unknown) {
        if (state === 'authenticating' || state === 'checking') {
          if (queued.length < 32) queued.push(data)
          return
        }
        if (state === 'waiting') {
          clearTimeout(authTimer)
          return void authenticate(tokenOf(parse(data)))
        }
        if (state !== 'ready') return
        const message = parse(data)
        if (message?.type === 'auth') return void authenticate(tokenOf(message))
        const checking = onFrame(socket, request, { id: userId, org }, message)
        if (!checking) return
        state = 'checking'
        void checking.finally(() => {
          if (state === 'checking') resume()
        })
      }

      socket.on('message', onMessage)
      const header = request.headers.authorization
      const authTimer = setTimeout(() => {
        if (state === 'waiting') close()
      }, config.wsAuthTimeoutMs)
      socket.once('close', () => {
        clearTimeout(authTimer)
        clearTimeout(expiry)
      })
      if (typeof header === 'string' && header.length) {
        clearTimeout(authTimer)
        void authenticate(header.startsWith(`${kind.scheme} `) ? header.slice(kind.scheme.length + 1).trim() : null)
      }
    }
  }
}

/** The longest delay setTimeout accepts (2^31 - 1 ms). */
const MAX_TIMER = 2_147_483_647

export default fp(async (app) => {
  app.decorate('sockets', createSocketProtocol(app))
}, { name: 'protocol', dependencies: ['sessions', 'rooms', 'i18n', 'config'] })
