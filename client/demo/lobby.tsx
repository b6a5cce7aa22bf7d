/** A live room with presence: the signed-in user in `public:lobby`, who else is there, and its messages. */
import { useEffect, useState } from 'preact/hooks'
import type { LatchkeySocket, PresentUser, RoomEvent, SocketStatus } from '../sdk/index.js'
import { ErrorLine, useAction } from '../common/ui.js'
import { client, field, type T, type User } from './context.js'

export const LOBBY = 'public:lobby'
const STATES = { connecting: 'connecting', open: 'connected', reconnecting: 'reconnecting', closed: 'closed', 'signed-out': 'closed' } as const
type Message = { offset: number, text: string }

export function Lobby ({ t, user }: { t: T, user: User }) {
  const { busy, error, run } = useAction()
  const [socket, setSocket] = useState<LatchkeySocket | null>(null)
  const [state, setState] = useState<SocketStatus>('connecting')
  const [present, setPresent] = useState<PresentUser[]>([])
  const [messages, setMessages] = useState<Message[]>([])
  // Whether this user may publish into the lobby (PUBLIC_ROOMS_PUBLISH): the join's answer says; null until then.
  const [mayPublish, setMayPublish] = useState<boolean | null>(null)
  useEffect(() => {
    // Joined with presence once authenticated, and again (from where it was) after each reconnection.
    const lobby = client.socket()
    lobby.join(LOBBY, { presence: true })
    const refresh = () => { lobby.presence(LOBBY).then(setPresent, () => {}) }
    lobby.onStatus(setState)
    lobby.onJoined(({ room, recovered, publish }) => {
      if (room !== LOBBY) return
      setMayPublish(publish)
      if (recovered === false) setMessages([])
      refresh()
    })
    lobby.onEvent((frame: RoomEvent) => {
      if (frame.room !== LOBBY) return
      if (frame.event === 'presence.joined' || frame.event === 'presence.left') return refresh()
      const text = (frame.data as { text?: unknown } | null)?.text
      if (frame.event === 'chat.message' && typeof text === 'string' && frame.offset !== undefined) {
        setMessages((list) => [...list, { offset: frame.offset!, text }].slice(-50))
      }
    })
    setSocket(lobby)
    return () => lobby.close()
  }, [])
  const send = (e: Event) => {
    e.preventDefault()
    const form = e.target as HTMLFormElement
    const text = String(new FormData(form).get('text')).trim()
    run(async () => {
      await socket!.publish(LOBBY, 'chat.message', { text })
      form.reset()
    })
  }
  return (
    <section aria-labelledby="lobby-title">
      <h2 id="lobby-title">{t('lobby')}</h2>
      <p role="status" class="muted" data-state={state}>{t('lobbyState', { state: t(STATES[state]) })}</p>
      <h3 id="present-title">{t('present')}</h3>
      <ul class="plain" aria-labelledby="present-title" data-testid="present">
        {present.map((p) => (
          <li key={p.userId} data-user={p.userId}>
            {p.picture ? <img class="avatar" src={p.picture} alt="" width={20} height={20} referrerpolicy="no-referrer" /> : null}
            {p.userId === user.id ? t('presentYou', { email: p.name ?? user.email }) : p.name ?? p.userId}
            {p.connections > 1 ? <small> {t('connections', { n: p.connections })}</small> : null}
          </li>
        ))}
      </ul>
      {mayPublish
        ? (
          <form onSubmit={send}>
            {field('lobby-text', t('message'), { name: 'text', required: true, maxlength: 500 })}
            <button type="submit" disabled={busy || state !== 'open'}>{t('send')}</button>
            <ErrorLine error={error} />
          </form>
          )
        : mayPublish === false ? <p class="muted" data-testid="read-only">{t('readOnly')}</p> : null}
      <ol class="list" aria-label={t('lobby')} aria-live="polite">
        {messages.length === 0 ? <li class="muted">{t('noMessages')}</li> : null}
        {messages.map((m) => <li key={m.offset} class="message">{m.text}</li>)}
      </ol>
    </section>
  )
}
