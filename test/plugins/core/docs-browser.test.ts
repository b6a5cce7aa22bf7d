/**
 * /docs in Chromium: Swagger UI renders the document, each operation with its summary, the tags
 * with their descriptions, an operation's errors when opened, the named schemas; no script error.
 */
import t from 'tap'
import { newPage } from '../../helpers/browser.js'
import { serve } from '../../helpers/sockets.js'

t.test('the reference page lists the operations by summary and shows their errors', async (t) => {
  const { app, http } = await serve(t)
  const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
  const operations = Object.values(doc.paths).flatMap((item: any) => Object.values(item)) as Array<{ summary: string }>
  const { page } = await newPage(t)
  // Swagger UI's highlighter sets inline styles, which the page's strict CSP (style-src 'self')
  // blocks: cosmetic, and no reason to loosen it. Anything else is a problem.
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !/inline style violates .*style-src/.test(message.text())) problems.push(message.text())
  })
  page.on('pageerror', (err) => problems.push(err.message))
  await page.goto(`${http}/docs`)
  await page.locator('.opblock').first().waitFor({ timeout: 20_000 })
  t.equal(await page.locator('.opblock').count(), operations.length, `${operations.length} operations`)
  const summaries = await page.locator('.opblock-summary-description').allTextContents()
  t.same(summaries.sort(), operations.map((o) => o.summary).sort(), 'each shown with its summary, none bare')
  t.match(await page.locator('.opblock-tag-section').first().textContent(), /Administrators: their own accounts/, 'tags have descriptions')
  const login = page.locator('#operations-users-V1Login')
  await login.locator('.opblock-summary').click()
  await login.getByText('USER.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS').waitFor({ timeout: 10_000 })
  t.match(await login.textContent(), /X-Client[\s\S]*X-Platform/, 'the headers are parameters')
  t.match(await page.locator('section.models').textContent(), /AdminUserView[\s\S]*Session[\s\S]*User[\s\S]*UserTokens/, 'the named schemas')
  t.same(problems, [], 'no script error, no CSP violation but the inline styles')
})
