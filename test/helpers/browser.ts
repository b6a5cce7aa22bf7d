import { existsSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core'

type Test = { teardown: (fn: () => unknown) => void, parent?: unknown }

/** The system's Chromium (Debian package `chromium`); the tests never download a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

// Headless, no sandbox (the tests run as root), and nothing that reaches for the network on its
// own: without these Chromium keeps opening connections this machine refuses.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage'
]

let shared: Promise<Browser> | undefined

/** The file's top-level test (tap's root), above any subtest (a tap test's parent is a test). */
const fileTest = (t: Test): Test => t.parent ? fileTest(t.parent as Test) : t

/**
 * One Chromium per test file (started on first use, closed when the file's top-level test ends,
 * not each subtest: a launch costs seconds on a loaded machine). Each test takes its own context:
 * cookies and storage apart.
 */
export async function browser (t: Test): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`)
  if (!shared) {
    // playwright gives the browser a fresh temporary profile and removes it on close.
    shared = chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS })
      .catch((err) => { shared = undefined; throw err })
    const started = shared
    fileTest(t).teardown(async () => {
      const b = await started.catch(() => null)
      await b?.close()
      if (shared === started) shared = undefined
    })
  }
  return await shared
}

/** A fresh context (its own cookies and storage) and a page in it, closed when `t` ends. */
export async function newPage (t: Test, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext, page: Page }> {
  const b = await browser(t)
  const context = await b.newContext(options)
  t.teardown(() => context.close())
  const page = await context.newPage()
  return { context, page }
}

export interface VirtualAuthenticator {
  cdp: CDPSession
  authenticatorId: string
  credentials: () => Promise<Array<{ credentialId: string, isResidentCredential: boolean, rpId?: string, privateKey: string, userHandle?: string, signCount: number }>>
}

/**
 * Chromium's virtual authenticator (CDP WebAuthn domain) on a page: a platform authenticator
 * with resident keys and user verification, as a phone's or laptop's passkey store would be.
 */
export async function virtualAuthenticator (page: Page, options: Record<string, unknown> = {}): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      ...options
    } as never
  })
  return {
    cdp,
    authenticatorId,
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as never
  }
}
