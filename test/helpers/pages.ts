import type { FastifyInstance } from 'fastify'
import type { ConsoleMessage, Page } from 'playwright-core'
import { build } from './app.js'
import { ENV } from './accounts.js'
import { freePort } from '../../db/embedded.js'

type Test = Parameters<typeof build>[0]

/**
 * An app serving the demo and the console on http://localhost:<port> (its WebAuthn origin and
 * PUBLIC_APP_URL), listening on a real port (`env` may depend on that origin): the browser loads the built pages (dist/client/,
 * `npm test` builds them first) and calls the API over the network.
 */
export async function pagesApp (t: Test, env: Record<string, string> | ((origin: string) => Promise<Record<string, string>>) = {}): Promise<{ app: FastifyInstance, origin: string }> {
  const port = await freePort()
  const origin = `http://localhost:${port}`
  const more = typeof env === 'function' ? await env(origin) : env
  const app = await build(t, {
    env: { ...ENV, DEMO_ENABLED: 'true', ADMIN_CONSOLE_ENABLED: 'true', WEBAUTHN_ORIGINS: origin, PUBLIC_APP_URL: origin, ...more }
  })
  await app.listen({ port, host: '127.0.0.1' })
  return { app, origin }
}

/** Signs `admin` in to the console (/admin/, in English) with its password; resolves once the sections show. */
export async function adminSignIn (page: Page, origin: string, admin: { email: string, password: string }): Promise<void> {
  await page.goto(`${origin}/admin/`)
  await page.getByLabel('Email').fill(admin.email)
  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
}

/**
 * What went wrong in a page: uncaught errors and what the CSP refused (a page that needed an
 * inline script or style attribute would show here); `console` has every error the console
 * showed, those included (a failed request is one: a 401, a missing favicon).
 */
export function watchPage (page: Page): { errors: string[], console: string[] } {
  const errors: string[] = []
  const console: string[] = []
  page.on('pageerror', (err) => {
    errors.push(`pageerror: ${err.message}`)
    console.push(`pageerror: ${err.message}`)
  })
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() !== 'error') return
    if (/Content Security Policy|Refused to/i.test(msg.text())) errors.push(`csp: ${msg.text()}`)
    console.push(`${msg.text()} (${msg.location().url})`)
  })
  return { errors, console }
}

/**
 * A PNG's size, how many of its pixels differ from its top-left corner (the background), and how
 * many are near each of `colours` (#rrggbb). Decoded by the browser in a blank page of the same
 * context (no CSP there): no image library in the tests.
 */
export async function inkOf (page: Page, png: Buffer, colours: string[] = []): Promise<{ width: number, height: number, ink: number, near: number[] }> {
  const blank = await page.context().newPage()
  try {
    return await blank.evaluate(async ({ base64, colours }) => {
      const blob = await (await fetch(`data:image/png;base64,${base64}`)).blob()
      const bitmap = await createImageBitmap(blob)
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
      const ctx = canvas.getContext('2d')!
      ctx.drawImage(bitmap, 0, 0)
      const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height)
      // No named functions in here: tsx would wrap them in a helper the page does not have.
      const rgb: number[][] = []
      for (const c of colours) rgb.push([parseInt(c.slice(1, 3), 16), parseInt(c.slice(3, 5), 16), parseInt(c.slice(5, 7), 16)])
      const near: number[] = rgb.map(() => 0)
      let ink = 0
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - data[0]) + Math.abs(data[i + 1] - data[1]) + Math.abs(data[i + 2] - data[2]) > 48) ink++
        for (let k = 0; k < rgb.length; k++) {
          if (Math.abs(data[i] - rgb[k][0]) + Math.abs(data[i + 1] - rgb[k][1]) + Math.abs(data[i + 2] - rgb[k][2]) < 40) near[k]++
        }
      }
      return { width: bitmap.width, height: bitmap.height, ink, near }
    }, { base64: png.toString('base64'), colours })
  } finally {
    await blank.close()
  }
}
