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

/** A room event: `{ room: 'FEED', event: 'POST_PUBLISHED', data }`. */
export interface RoomEvent { room: string, event: string, data: unknown }

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
  private readonly rooms: Set<string>
  private readonly maxBackoff: number
  private readonly listeners = {
    event: new Set<Listener<RoomEvent>>(),
    status: new Set<Listener<SocketStatus>>(),
    error: new Set<Listener<SocketError>>(),
    left: new Set<Listener<RoomLeft>>()
  }

  constructor (private readonly host: SocketHost, opts: SocketOptions = {}) {
    this.rooms = new Set(opts.rooms ?? [])
    this.maxBackoff = opts.maxBackoff ?? 30_000
    void this.connect()
  }

  /** Joins a room now if connected, and after every reconnection. */
  join (room: string): void {
    this.rooms.add(room)
    if (this.authenticated) this.send({ type: 'join', room })
  }

  leave (room: string): void {
    this.rooms.delete(room)
    if (this.authenticated) this.send({ type: 'leave', room })
  }

  onEvent (listener: Listener<RoomEvent>): () => void { return this.on('event', listener) }
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
        for (const room of this.rooms) this.send({ type: 'join', room })
        this.setStatus('open')
      } else if (frame.type === 'event') {
        this.emit(this.listeners.event, { room: frame.room, event: frame.event, data: frame.data })
      } else if (frame.type === 'left' && frame.reason && typeof frame.room === 'string') {
        this.rooms.delete(frame.room)
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
