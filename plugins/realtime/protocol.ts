import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import { isPlainObject } from '../core/args.js'
import { ACCOUNT_TYPES } from '../accounts/registry.js'
import { CLOSE_UNAUTHORIZED, PUBLIC_ROOMS, userRoom } from './rooms.js'

declare module 'fastify' {
  interface FastifyInstance { sockets: ReturnType<typeof createSocketProtocol> }
}

/** The JSON protocol of /v1/ws (decisions.md section 8). */
export function createSocketProtocol (app: FastifyInstance) {
  const { sessions, rooms, config } = app
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

  function onFrame (socket: WebSocket, request: FastifyRequest, userId: string, data: unknown) {
    const message = parse(data)
    const room = message?.room
    if (!message || (message.type !== 'join' && message.type !== 'leave') || typeof room !== 'string') {
      return send(socket, {
        type: 'error',
        error: 'BAD_REQUEST_INVALID_ARGUMENTS',
        message: request.t('GLOBAL[bad_request_invalid_arguments]', { names: 'type, room' })
      })
    }
    if (message.type === 'leave') {
      rooms.leave(socket, room)
      return send(socket, { type: 'left', room })
    }
    if (!PUBLIC_ROOMS.has(room) && room !== userRoom(userId)) {
      return send(socket, { type: 'error', error: 'FORBIDDEN', room, message: request.t('GLOBAL[forbidden]') })
    }
    rooms.join(socket, room)
    send(socket, { type: 'joined', room })
  }

  return {
    /**
     * A new connection: authenticated by the upgrade's Authorization header when given,
     * otherwise by a first frame `{"type":"auth","token"}` within WS_AUTH_TIMEOUT. Frames that
     * arrive while the token is being checked are kept and handled in order afterwards.
     */
    handle (socket: WebSocket, request: FastifyRequest) {
      let state: 'waiting' | 'authenticating' | 'ready' | 'closed' = 'waiting'
      let userId = ''
      const queued: unknown[] = []

      async function authenticate (token: string | null) {
        state = 'authenticating'
        const account = token ? await sessions.authenticate(kind, token, null).catch(() => null) : null
        if (socket.readyState !== socket.OPEN) return
        if (!account) {
          state = 'closed'
          return reject(socket, request)
        }
        userId = account.id
        rooms.attach(socket, userId)
        send(socket, { type: 'authenticated', userId })
        state = 'ready'
        for (const data of queued.splice(0)) onFrame(socket, request, userId, data)
      }

      socket.on('message', (data) => {
        if (state === 'ready') return onFrame(socket, request, userId, data)
        if (state === 'authenticating' && queued.length < 32) return queued.push(data)
        if (state !== 'waiting') return
        clearTimeout(timer)
        const message = parse(data)
        void authenticate(message?.type === 'auth' && typeof message.token === 'string' ? message.token : null)
      })

      const header = request.headers.authorization
      const timer = setTimeout(() => {
        if (state === 'waiting') reject(socket, request)
      }, config.wsAuthTimeoutMs)
      socket.once('close', () => clearTimeout(timer))
      if (typeof header === 'string' && header.length) {
        clearTimeout(timer)
        void authenticate(header.startsWith(`${kind.scheme} `) ? header.slice(kind.scheme.length + 1).trim() : null)
      }
    }
  }
}

export default fp(async (app) => {
  app.decorate('sockets', createSocketProtocol(app))
}, { name: 'protocol', dependencies: ['sessions', 'rooms', 'i18n', 'config'] })
