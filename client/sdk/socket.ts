import { LatchkeyError } from './errors.js'

export interface SocketOptions {
  /** Rooms to join once authenticated (and again after every reconnection). */
  rooms?: string[]
  /** The endpoint; default the client's base URL's /v1/ws. */
  url?: string
  /** The longest wait between two reconnection attempts (ms, default 30 s). */
  maxBackoff?: number
}

export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'closed' | 'signed-out'

/**
 * A room event: `{ room: 'FEED', event: 'POST_PUBLISHED', data, offset: 12, epoch: '3f9c0a1b2d4e' }`;
 * presence.joined and presence.left carry no offset.
 */
export interface RoomEvent { room: string, event: string, data: unknown, offset?: number, epoch?: string }

/**
 * A room joined: after a reconnection, `recovered` tells whether every event missed meanwhile
 * came (true) or some were lost (false: reload what the room is about); `publish`, whether the
 * user may publish into it (as of the join: a publish is checked again).
 */
export interface RoomJoined { room: string, recovered?: boolean, publish: boolean }

/** A user present in a room (joined with `presence: true`): its sockets and since when. */
/** Who is in a room: `name` and `picture` are the user's profile as its latest join read them (null when unset). */
export interface PresentUser { userId: string, name: string | null, picture: string | null, connections: number, since: string }

export interface JoinOptions {
  /** Be visible in the room's presence, and hear its presence.joined and presence.left events. */
  presence?: boolean
}

/** A room this socket is no longer in: `removed` when the service took it out (its membership of the room's organization ended or lost `rooms:join`). */
export interface RoomLeft { room: string, reason?: string }

/** An error frame: a room refused (FORBIDDEN) or a frame the service did not understand. */
export interface SocketError { error: string, message: string, room?: string }

/** What a socket needs of its client. */
export interface SocketHost {
  url: string
  accessToken: () => Promise<string>
  /** A refresh after a 4401: the new token, or null when the session is gone. */
  refresh: () => Promise<string | null>
  closed: (socket: LatchkeySocket) => void
}

const BACKOFF_START = 500
/** Codes after which the socket reconnects: the server went away (1001) or the connection dropped (1006), and the like. */
const UNAUTHORIZED = 4401

type Listener<T> = (value: T) => void

/** Created by `client.socket()`. */
export class LatchkeySocket {
  status: SocketStatus = 'connecting'
  /** The close code of the last connection (4401, 1001, 1006, ...). */
  lastCloseCode: number | null = null
  private ws: WebSocket | null = null
  private authenticated = false
  private stopped = false
  private attempt = 0
  private retry: ReturnType<typeof setTimeout> | undefined
  private readonly rooms: Map<string, JoinOptions>
  /** The last offset heard in each room, with its epoch: where a rejoin resumes. */
  private readonly positions = new Map<string, { offset: number, epoch: string }>()
  private readonly waiting = { presence: new Map<string, Array<(users: PresentUser[]) => void>>(), published: new Map<string, Array<(offset: number) => void>>() }
  private readonly maxBackoff: number
  private readonly listeners = {
    event: new Set<Listener<RoomEvent>>(),
    joined: new Set<Listener<RoomJoined>>(),
    status: new Set<Listener<SocketStatus>>(),
    error: new Set<Listener<SocketError>>(),
    left: new Set<Listener<RoomLeft>>()
  }

  constructor (private readonly host: SocketHost, opts: SocketOptions = {}) {
    this.rooms = new Map((opts.rooms ?? []).map((room) => [room, {}]))
    this.maxBackoff = opts.maxBackoff ?? 30_000
    void this.connect()
  }

  /** Joins a room now if connected, and after every reconnection, from where it was (the events missed meanwhile come first). */
  join (room: string, options: JoinOptions = {}): void {
    this.rooms.set(room, options)
    if (this.authenticated) this.sendJoin(room)
  }

  leave (room: string): void {
    this.rooms.delete(room)
    this.positions.delete(room)
    if (this.authenticated) this.send({ type: 'leave', room })
  }

  /** Who is present in a joined room (on every instance). */
  presence (room: string): Promise<PresentUser[]> {
    return this.ask(this.waiting.presence, room, { type: 'presence', room })
  }

  /** Publishes into a room where the service allows it: the event's offset. */
  publish (room: string, event: string, data: unknown): Promise<number> {
    return this.ask(this.waiting.published, room, { type: 'publish', room, event, data })
  }

  /** Where the socket is in a room: the last offset heard and its epoch (null before the first event). */
  position (room: string): { offset: number, epoch: string } | null {
    return this.positions.get(room) ?? null
  }

  onEvent (listener: Listener<RoomEvent>): () => void { return this.on('event', listener) }
  /** Each join's answer; `recovered: false` after a reconnection: events were missed for good. */
  onJoined (listener: Listener<RoomJoined>): () => void { return this.on('joined', listener) }
  onStatus (listener: Listener<SocketStatus>): () => void { return this.on('status', listener) }
  onError (listener: Listener<SocketError>): () => void { return this.on('error', listener) }
  /** The service took the socket out of a room (`reason: 'removed'`): it is not joined again after a reconnection. */
  onLeft (listener: Listener<RoomLeft>): () => void { return this.on('left', listener) }

  /** Closes the socket for good (1000). */
  close (): void {
    this.stop('closed')
  }

  /** The client has a new access token: the open socket is handed it before the old one expires. */
  tokenChanged (token: string): void {
    if (this.authenticated) this.send({ type: 'auth', token })
  }

  /** The client is signed out: so is the socket. */
  signedOut (): void {
    this.stop('signed-out')
  }

  private on<K extends keyof LatchkeySocket['listeners']> (kind: K, listener: any): () => void {
    const set = this.listeners[kind] as Set<unknown>
    set.add(listener)
    return () => { set.delete(listener) }
  }

  private emit<T> (set: Set<Listener<T>>, value: T) {
    for (const listener of [...set]) {
      try { listener(value) } catch (err) { setTimeout(() => { throw err }) }
    }
  }

  private setStatus (status: SocketStatus) {
    if (this.status === status) return
    this.status = status
    this.emit(this.listeners.status, status)
  }

  private send (frame: object) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame))
  }

  private sendJoin (room: string) {
    const since = this.positions.get(room)
    this.send({ type: 'join', room, ...(since ? { since } : {}), ...(this.rooms.get(room)?.presence ? { presence: true } : {}) })
  }

  /** Sends a frame whose answer names its room; answers of one room come in order. A service error of that room rejects it. */
  private ask<T> (queue: Map<string, Array<(value: T) => void>>, room: string, frame: object): Promise<T> {
    if (!this.authenticated) return Promise.reject(new LatchkeyError('NOT_CONNECTED', 0, 'The socket is not connected'))
    return new Promise((resolve, reject) => {
      const pending = queue.get(room) ?? []
      queue.set(room, pending)
      const settle = (value: T) => { off(); resolve(value) }
      pending.push(settle)
      const off = this.onError((err) => {
        if (err.room !== room || pending[0] !== settle) return
        pending.shift()
        off()
        reject(new LatchkeyError(err.error, 0, err.message))
      })
      this.send(frame)
    })
  }

  private answer<T> (queue: Map<string, Array<(value: T) => void>>, room: string, value: T) {
    queue.get(room)?.shift()?.(value)
  }

  private onEventFrame (frame: any) {
    const { room, offset, epoch } = frame
    if (typeof offset === 'number' && typeof epoch === 'string') {
      const known = this.positions.get(room)
      // Already heard (a replay that overlaps live delivery): once is enough.
      if (known && known.epoch === epoch && offset <= known.offset) return
      this.positions.set(room, { offset, epoch })
    }
    this.emit(this.listeners.event, { room, event: frame.event, data: frame.data, ...(typeof offset === 'number' ? { offset, epoch } : {}) })
  }

  private stop (status: 'closed' | 'signed-out') {
    if (this.stopped) return
    this.stopped = true
    clearTimeout(this.retry)
    this.authenticated = false
    const ws = this.ws
    this.ws = null
    ws?.close(1000)
    this.host.closed(this)
    this.setStatus(status)
  }

  private async connect () {
    if (this.stopped) return
    this.setStatus(this.attempt ? 'reconnecting' : 'connecting')
    let token: string
    try {
      token = await this.host.accessToken()
    } catch (err) {
      if (err instanceof LatchkeyError && err.status === 401) return this.stop('signed-out')
      return this.reconnect()
    }
    if (this.stopped) return
    const ws = new WebSocket(this.host.url)
    this.ws = ws
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }))
    ws.onmessage = ({ data }) => {
      if (this.ws !== ws) return
      let frame: any
      try { frame = JSON.parse(String(data)) } catch { return }
      if (frame.type === 'authenticated') {
        if (this.authenticated) return
        this.authenticated = true
        this.attempt = 0
        for (const room of this.rooms.keys()) this.sendJoin(room)
        this.setStatus('open')
      } else if (frame.type === 'event') {
        this.onEventFrame(frame)
      } else if (frame.type === 'joined') {
        // Events were lost for good: the next rejoin starts from what comes now.
        if (frame.recovered === false) this.positions.delete(frame.room)
        this.emit(this.listeners.joined, { room: frame.room, ...(typeof frame.recovered === 'boolean' ? { recovered: frame.recovered } : {}), publish: frame.publish === true })
      } else if (frame.type === 'presence') {
        this.answer(this.waiting.presence, frame.room, frame.users)
      } else if (frame.type === 'published') {
        this.answer(this.waiting.published, frame.room, frame.offset)
      } else if (frame.type === 'left' && frame.reason && typeof frame.room === 'string') {
        this.rooms.delete(frame.room)
        this.positions.delete(frame.room)
        this.emit(this.listeners.left, { room: frame.room, reason: frame.reason })
      } else if (frame.type === 'error') {
        this.emit(this.listeners.error, { error: frame.error, message: frame.message, ...(frame.room ? { room: frame.room } : {}) })
      }
    }
    ws.onclose = ({ code }) => {
      if (this.ws !== ws) return
      this.ws = null
      this.authenticated = false
      this.lastCloseCode = code
      // Questions asked on this connection get no answer: they fail like an error frame.
      for (const [room, pending] of [...this.waiting.presence, ...this.waiting.published] as Array<[string, unknown[]]>) {
        for (let n = pending.length; n > 0; n--) this.emit(this.listeners.error, { error: 'NOT_CONNECTED', message: 'The socket closed', room })
      }
      if (this.stopped) return
      if (code === UNAUTHORIZED) void this.unauthorized()
      else this.reconnect()
    }
  }

  /**
   * 4401: the session was revoked, or the token expired before a new one came. A refresh tells
   * which: none, the socket stops signed out (the client reports it); one, it connects again.
   */
  private async unauthorized () {
    this.setStatus('reconnecting')
    const token = await this.host.refresh().catch(() => undefined)
    if (this.stopped) return
    if (token === null) return this.stop('signed-out')
    this.reconnect()
  }

  private reconnect () {
    if (this.stopped) return
    this.setStatus('reconnecting')
    const delay = Math.min(this.maxBackoff, BACKOFF_START * 2 ** this.attempt++)
    this.retry = setTimeout(() => { void this.connect() }, delay / 2 + Math.random() * delay / 2)
  }
}
