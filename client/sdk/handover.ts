/** The last refresh of an origin's session: which token it replaced and the new token's id (never a token). */
export interface Refreshed {
  /** The jti of the token refreshed; null when the tab that refreshed held none (a restore). */
  replaced: string | null
  jti: string | null
  /** When it was written (Date.now()). */
  at: number
}

const DATABASE = 'latchkey'
const STORE = 'refreshed'
/** IndexedDB can stall (a blocked upgrade, a browser's private mode): no answer then is no record. */
const PATIENCE = 1000

/**
 * The record of the last refresh, shared by the tabs of an origin through IndexedDB rather than
 * localStorage: Chromium hands a localStorage write to the other tabs' processes later, so a tab
 * granted the Web Lock just after another's refresh could read the old value. An IndexedDB
 * transaction that completed before the lock was released is seen by every transaction begun
 * after the grant.
 */
export function createHandover (key: string) {
  let opened: Promise<IDBDatabase | null> | null = null

  function open (): Promise<IDBDatabase | null> {
    return (opened ??= new Promise<IDBDatabase | null>((resolve) => {
      const idb = globalThis.indexedDB
      if (!idb) return resolve(null)
      try {
        const request = idb.open(DATABASE, 1)
        request.onupgradeneeded = () => { request.result.createObjectStore(STORE) }
        request.onsuccess = () => {
          const db = request.result
          // Site data being cleared (or a newer version): let go, open again next time.
          db.onversionchange = () => { db.close(); opened = null }
          resolve(db)
        }
        request.onerror = () => resolve(null)
        request.onblocked = () => resolve(null)
      } catch {
        resolve(null)
      }
    }).then((db) => { if (!db) opened = null; return db }))
  }

  function within<T> (work: Promise<T>, fallback: T): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<T>((resolve) => { timer = setTimeout(() => resolve(fallback), PATIENCE) })
    return Promise.race([work.catch(() => fallback), late]).finally(() => clearTimeout(timer))
  }

  return {
    /** The last refresh recorded, or null (none yet, or no IndexedDB). */
    read (): Promise<Refreshed | null> {
      return within(open().then((db) => new Promise<Refreshed | null>((resolve, reject) => {
        if (!db) return resolve(null)
        const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(key)
        request.onsuccess = () => resolve((request.result as Refreshed | undefined) ?? null)
        request.onerror = () => reject(request.error)
      })), null)
    },
    /** Records a refresh; resolves once committed, so before the lock is released. */
    write (record: Refreshed): Promise<void> {
      return within(open().then((db) => new Promise<void>((resolve, reject) => {
        if (!db) return resolve()
        // Relaxed: another tab must see it, a crash may lose it (no flush to disk needed).
        const tx = db.transaction(STORE, 'readwrite', { durability: 'relaxed' })
        tx.objectStore(STORE).put(record, key)
        tx.oncomplete = () => resolve()
        tx.onerror = tx.onabort = () => reject(tx.error)
      })), undefined)
    },
    close () {
      void opened?.then((db) => db?.close())
      opened = null
    }
  }
}
